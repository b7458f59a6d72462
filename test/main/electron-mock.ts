import { vi } from 'vitest';

/**
 * A recording stand-in for the parts of 'electron' the glue uses. Only the
 * glue's unit tests use it; the core and renderer are tested for real.
 */
export type Listener = (...args: unknown[]) => unknown;

export class FakeWebContents {
  listeners = new Map<string, Listener>();
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  url = 'file:///app/out/renderer/index.html';
  mainFrame = { id: 'main-frame' };
  sent: Array<{ channel: string; message: unknown }> = [];
  on(event: string, listener: Listener): this {
    this.listeners.set(event, listener);
    return this;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  getURL(): string {
    return this.url;
  }
  send(channel: string, message: unknown): void {
    this.sent.push({ channel, message });
  }
  isDestroyed(): boolean {
    return false;
  }
}

export const electronState = {
  handlers: new Map<string, Listener>(),
  exposed: new Map<string, unknown>(),
  openedExternally: [] as string[],
  windows: [] as Array<{ options: unknown; webContents: FakeWebContents }>,
};

export function resetElectronState(): void {
  electronState.handlers.clear();
  electronState.exposed.clear();
  electronState.openedExternally.length = 0;
  electronState.windows.length = 0;
}

export const electronMock = {
  ipcMain: {
    handle: vi.fn((channel: string, listener: Listener) => electronState.handlers.set(channel, listener)),
  },
  ipcRenderer: {
    invoke: vi.fn(async (channel: string, request: unknown) => ({ channel, request })),
    on: vi.fn(),
    removeListener: vi.fn(),
  },
  contextBridge: {
    exposeInMainWorld: vi.fn((key: string, api: unknown) => electronState.exposed.set(key, api)),
  },
  shell: {
    openExternal: vi.fn(async (url: string) => {
      electronState.openedExternally.push(url);
    }),
  },
  BrowserWindow: class {
    webContents = new FakeWebContents();
    options: unknown;
    constructor(options: unknown) {
      this.options = options;
      electronState.windows.push({ options, webContents: this.webContents });
    }
    on(): void {}
    loadURL = vi.fn(async () => undefined);
    loadFile = vi.fn(async () => undefined);
  },
};
