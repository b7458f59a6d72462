import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildBridge } from './build-bridge.ts';

// Sandboxed preload: exposes exactly the contract's methods plus `on`, never
// ipcRenderer itself or a generic invoke(channel).
contextBridge.exposeInMainWorld(
  'energyTray',
  buildBridge({
    invoke: (channel, request) => ipcRenderer.invoke(channel, request),
    subscribe: (channel, listener) => {
      const wrapped = (_event: IpcRendererEvent, message: unknown): void => listener(message);
      ipcRenderer.on(channel, wrapped);
      return () => ipcRenderer.removeListener(channel, wrapped);
    },
  }),
);
