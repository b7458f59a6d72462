import { vi } from 'vitest';
import type {
  BrowserWindow,
  BrowserWindowConstructorOptions,
  HandlerDetails,
  ContextBridge,
  IpcMain,
  IpcRenderer,
  Menu,
  MenuItemConstructorOptions,
  NativeImage,
  Notification,
  NotificationConstructorOptions,
  Rectangle,
  Shell,
  Tray,
  WebContents,
  WebFrameMain,
} from 'electron';
import type * as electron from 'electron';

/**
 * A recording stand-in for the parts of 'electron' the glue uses. Only the
 * glue's unit tests use it; the core and renderer are tested for real.
 *
 * Every fake names Electron's own members with Electron's own signatures
 * (`Fake<Tray, 'setToolTip'>` is `Pick<Tray, 'setToolTip'>`), and the module
 * object below may only hold names that 'electron' exports, so a renamed or
 * removed Electron API fails `npm run typecheck` instead of passing a mock.
 */
export type Fake<T, K extends keyof T> = Pick<T, K>;

/** Electron's method with its own parameters, returning a fake of what Electron returns (R). */
export type FakeReturning<M, R> = M extends (...args: infer A) => unknown ? (...args: A) => R : never;

/** What `import … from 'electron'` exports: the fake module may hold these names only. */
export type ElectronModule = typeof electron;

/** A fake module object: an unknown key (a name 'electron' does not export) is an excess property. */
export type FakeModule = Partial<Record<keyof ElectronModule, unknown>>;

export type Listener = (...args: unknown[]) => unknown;

/** Listeners by event name, with the `on` that Electron's event emitters have. */
class Listeners {
  listeners = new Map<string, Listener>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, listener);
    return this;
  }
}

/**
 * Electron's emitters type `on` with one overload an event, each returning the
 * real class; a fake cannot return that. The name stays Electron's; the event
 * names are checked where the glue subscribes (src/main type-checks against Electron).
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- T names the Electron emitter faked (it must have an `on`)
export type FakeEmitter<T extends { on: unknown }> = { on(event: string, listener: Listener): unknown };

export class FakeWebFrame implements Fake<WebFrameMain, 'url' | 'routingId'> {
  url: string;
  routingId: number;
  constructor(url: string, routingId = 1) {
    this.url = url;
    this.routingId = routingId;
  }
}

export class FakeWebContents
  extends Listeners
  implements FakeEmitter<WebContents>, Fake<WebContents, 'setWindowOpenHandler' | 'getURL' | 'send' | 'isDestroyed' | 'reload'>
{
  windowOpenHandler: Parameters<WebContents['setWindowOpenHandler']>[0] | undefined;
  url = 'file:///app/out/renderer/index.html';
  mainFrame = new FakeWebFrame('file:///app/out/renderer/index.html');
  sent: Array<{ channel: string; message: unknown }> = [];
  reloads = 0;
  setWindowOpenHandler(handler: Parameters<WebContents['setWindowOpenHandler']>[0]): void {
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
  reload(): void {
    this.reloads++;
  }
}

export class FakeNotification extends Listeners implements FakeEmitter<Notification>, Fake<Notification, 'show'> {
  static supported = true;
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  shown = false;
  options: NotificationConstructorOptions;
  constructor(options: NotificationConstructorOptions) {
    super();
    this.options = options;
    electronState.notifications.push(this);
  }
  show(): void {
    this.shown = true;
  }
}

/** What Menu.buildFromTemplate gives back here: the template, to read in assertions. */
export interface FakeMenu {
  template: Array<MenuItemConstructorOptions | Electron.MenuItem>;
}

export interface FakeImage extends Fake<NativeImage, 'setTemplateImage'> {
  path: string;
}

type TrayMembers = 'setImage' | 'setToolTip' | 'setTitle' | 'destroy' | 'getBounds';

export class FakeTray extends Listeners implements FakeEmitter<Tray>, Fake<Tray, TrayMembers> {
  image: unknown;
  tooltip = '';
  title = '';
  menus: Array<FakeMenu | null> = [];
  bounds: Rectangle = { x: 0, y: 0, width: 0, height: 0 };
  destroyed = false;
  constructor(image: NativeImage | string) {
    super();
    this.image = image;
    electronState.trays.push(this);
  }
  setImage(image: NativeImage | string): void {
    this.image = image;
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setTitle(text: string): void {
    this.title = text;
  }
  /** Electron's setContextMenu takes a Menu; here it gets what the fake Menu built. */
  setContextMenu: FakeReturning<Tray['setContextMenu'], void> = (menu) => {
    this.menus.push(menu as FakeMenu | null);
  };
  getBounds(): Rectangle {
    return this.bounds;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

type WindowMembers =
  | 'isDestroyed'
  | 'isVisible'
  | 'isMinimized'
  | 'isFullScreen'
  | 'show'
  | 'hide'
  | 'focus'
  | 'restore'
  | 'destroy'
  | 'setPosition'
  | 'getNormalBounds'
  | 'loadURL'
  | 'loadFile';

/**
 * A window that remembers its state, so glue that shows, hides, moves and
 * closes it can be checked by what the window ends up as.
 */
export class FakeBrowserWindow extends Listeners implements FakeEmitter<BrowserWindow>, Fake<BrowserWindow, WindowMembers> {
  webContents = new FakeWebContents();
  options: BrowserWindowConstructorOptions;
  visible = false;
  minimized = false;
  fullScreen = false;
  destroyed = false;
  focused = false;
  position: [number, number] | null = null;
  normalBounds: Rectangle = { x: 0, y: 0, width: 1100, height: 760 };
  loadedUrl: string | null = null;
  constructor(options: BrowserWindowConstructorOptions = {}) {
    super();
    this.options = options;
    electronState.windows.push({ options, webContents: this.webContents, window: this });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isFullScreen(): boolean {
    return this.fullScreen;
  }
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
    this.focused = false;
  }
  focus(): void {
    this.focused = true;
  }
  restore(): void {
    this.minimized = false;
  }
  destroy(): void {
    this.destroyed = true;
  }
  setPosition(x: number, y: number): void {
    this.position = [x, y];
  }
  getNormalBounds(): Rectangle {
    return this.normalBounds;
  }
  async loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
  }
  async loadFile(): Promise<void> {}
  /** Fires a listener the glue registered with on(), as Electron would. */
  emit(event: string, ...args: unknown[]): unknown {
    return this.listeners.get(event)?.(...args);
  }
}

/** What Electron hands a window-open handler for `window.open(url)` or a target=_blank link. */
export function windowOpenDetails(url: string): HandlerDetails {
  return { url, frameName: '', features: '', disposition: 'new-window', referrer: { url: '', policy: 'default' } };
}

/** An event the glue may cancel (will-navigate, close …), recording whether it did. */
export function cancellableEvent(): { preventDefault(): void; readonly defaultPrevented: boolean } {
  let prevented = false;
  return {
    get defaultPrevented() {
      return prevented;
    },
    preventDefault() {
      prevented = true;
    },
  };
}

export const electronState = {
  notifications: [] as FakeNotification[],
  trays: [] as FakeTray[],
  handlers: new Map<string, Listener>(),
  exposed: new Map<string, unknown>(),
  openedExternally: [] as string[],
  windows: [] as Array<{ options: BrowserWindowConstructorOptions; webContents: FakeWebContents; window: FakeBrowserWindow }>,
};

export function resetElectronState(): void {
  electronState.handlers.clear();
  electronState.exposed.clear();
  electronState.openedExternally.length = 0;
  electronState.windows.length = 0;
  electronState.notifications.length = 0;
  electronState.trays.length = 0;
  FakeNotification.supported = true;
}

const fakeImage = (path: string): FakeImage => ({ path, setTemplateImage: () => undefined });

const menu: { buildFromTemplate: FakeReturning<(typeof Menu)['buildFromTemplate'], FakeMenu> } = {
  buildFromTemplate: (template) => ({ template }),
};
const nativeImage: { createFromPath: FakeReturning<(typeof Electron.NativeImage)['createFromPath'], FakeImage> } = {
  createFromPath: fakeImage,
};
const ipcMain: Fake<IpcMain, 'handle'> = {
  handle: vi.fn((channel: string, listener: Listener) => void electronState.handlers.set(channel, listener)),
};
const ipcRenderer: { invoke: IpcRenderer['invoke']; on: FakeReturning<IpcRenderer['on'], void> } & {
  removeListener: FakeReturning<IpcRenderer['removeListener'], void>;
} = {
  invoke: vi.fn(async (channel: string, request: unknown) => ({ channel, request })),
  on: vi.fn(),
  removeListener: vi.fn(),
};
const contextBridge: Fake<ContextBridge, 'exposeInMainWorld'> = {
  exposeInMainWorld: vi.fn((key: string, api: unknown) => void electronState.exposed.set(key, api)),
};
const shell: Fake<Shell, 'openExternal'> = {
  openExternal: vi.fn(async (url: string) => {
    electronState.openedExternally.push(url);
  }),
};

export const fakeElectron = {
  Notification: FakeNotification,
  Tray: FakeTray,
  Menu: menu,
  nativeImage,
  ipcMain,
  ipcRenderer,
  contextBridge,
  shell,
  BrowserWindow: FakeBrowserWindow,
} satisfies FakeModule;
