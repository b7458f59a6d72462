import type { EventName, IpcEvents } from '../../shared/ipc.ts';

/** Native notifications (Electron's Notification in the glue; a recorder in tests). */
export interface Notifier {
  show(notification: { title: string; body: string; localId?: string }): void;
}

/** Pushes events to the dashboard (webContents.send in the glue; the page in e2e tests). */
export interface EventSink {
  emit<E extends EventName>(event: E, payload: IpcEvents[E]): void;
}

/** What only the desktop shell can do. */
export interface DesktopPorts {
  /** Opens an allow-listed https URL in the system browser; false when refused. */
  openExternal(url: string): Promise<boolean>;
  /** Opens a local folder or file (the logs) with the system's file manager. */
  openPath(path: string): Promise<boolean>;
  setLaunchAtLogin(enabled: boolean): void;
}

export const noDesktop: DesktopPorts = {
  openExternal: async () => false,
  openPath: async () => false,
  setLaunchAtLogin: () => undefined,
};
