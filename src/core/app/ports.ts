import type { EventName, IpcEvents } from '../../shared/ipc.ts';
import type { TrayModel } from './tray-model.ts';

/**
 * What the desktop shell implements for the core (src/main's Electron adapters;
 * recording fakes in tests). src/main imports the core through this file only
 * (and core/ipc to register the handlers); lint enforces it. A main-drawn
 * approval dialog will be one more port here.
 */

export type { PowerEvents } from '../base/power-events.ts';
export type { TrayAction, TrayIconState, TrayMenuItem, TrayModel } from './tray-model.ts';
export { trayModelKey } from './tray-model.ts';

/** Native notifications (Electron's Notification in the glue; a recorder in tests). */
export interface Notifier {
  show(notification: { title: string; body: string; localId?: string }): void;
}

/** Pushes events to the dashboard (webContents.send in the glue; the page in e2e tests). */
export interface EventSink {
  emit<E extends EventName>(event: E, payload: IpcEvents[E]): void;
}

/** Draws the tray from its model (Electron's Tray in the glue; a recorder in tests). */
export interface TrayPort {
  render(model: TrayModel): void;
}

/** What only the desktop shell can do. */
export interface DesktopPorts {
  /** Opens an allow-listed https URL in the system browser; false when refused. */
  openExternal(url: string): Promise<boolean>;
  /** Opens a local folder or file (the logs) with the system's file manager. */
  openPath(path: string): Promise<boolean>;
  setLaunchAtLogin(enabled: boolean): void;
}

/** What a save dialog offers: its title, a suggested file name, the file types. */
export interface SaveFileRequest {
  title: string;
  defaultName: string;
  filters: Array<{ name: string; extensions: string[] }>;
}

/**
 * A save dialog that main draws (Electron's dialog.showSaveDialog in the glue;
 * a scripted fake in tests). The renderer never names a path: the person picks
 * it in UI the renderer cannot draw or fill in. null when they cancel.
 */
export interface SaveDialog {
  chooseSaveFile(request: SaveFileRequest): Promise<string | null>;
}

export const noSaveDialog: SaveDialog = { chooseSaveFile: async () => null };

export const noDesktop: DesktopPorts = {
  openExternal: async () => false,
  openPath: async () => false,
  setLaunchAtLogin: () => undefined,
};
