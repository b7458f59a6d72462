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
  mainFrame = { id: 'main-frame', url: 'file:///app/out/renderer/index.html' };
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

export class FakeNotification {
  static supported = true;
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  listeners = new Map<string, Listener>();
  shown = false;
  options: { title: string; body: string };
  constructor(options: { title: string; body: string }) {
    this.options = options;
    electronState.notifications.push(this);
  }
  on(event: string, listener: Listener): this {
    this.listeners.set(event, listener);
    return this;
  }
  show(): void {
    this.shown = true;
  }
}

export class FakeTray {
  image: unknown;
  tooltip = '';
  title = '';
  menus: unknown[] = [];
  listeners = new Map<string, Listener>();
  constructor(image: unknown) {
    this.image = image;
    electronState.trays.push(this);
  }
  setImage(image: unknown): void {
    this.image = image;
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setTitle(text: string): void {
    this.title = text;
  }
  setContextMenu(menu: unknown): void {
    this.menus.push(menu);
  }
  on(event: string, listener: Listener): this {
    this.listeners.set(event, listener);
    return this;
  }
  destroy(): void {}
}

export const electronState = {
  notifications: [] as FakeNotification[],
  trays: [] as FakeTray[],
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
  electronState.notifications.length = 0;
  electronState.trays.length = 0;
}

export const fakeElectron = {
  Notification: FakeNotification,
  Tray: FakeTray,
  Menu: { buildFromTemplate: (template: unknown[]) => ({ template }) },
  nativeImage: { createFromPath: (path: string) => ({ path, setTemplateImage: () => undefined }) },
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
