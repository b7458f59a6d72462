import { describe, expect, it, vi } from 'vitest';
import type { App, Dock, Net, PowerMonitor, Protocol, Session } from 'electron';
import {
  cancellableEvent,
  fakeElectron,
  electronState,
  type FakeBrowserWindow,
  type Fake,
  type FakeEmitter,
  type FakeMenu,
  type Listener,
} from '../support/fake-electron.ts';
import { EVENT_CHANNEL, METHOD_NAMES } from '../../src/shared/ipc.ts';
import { APP_ID } from '../../src/main/app-id.ts';
import { popoverPosition } from '../../src/main/popover-position.ts';
import { POPOVER_SIZE } from '../../src/main/window-options.ts';
import { tempDir } from '../support/temp-dir.ts';

/**
 * The composition root (src/main/index.ts) with a fake Electron: it must take
 * the single-instance lock, register app:// before ready, and on ready create
 * the hardened window, the tray and every IPC handler, and start the core;
 * then route tray clicks, second launches and quitting.
 */
const userData = tempDir('startup');
const calls: string[] = [];
const appListeners = new Map<string, Listener>();
let ready!: () => void;
const whenReady = new Promise<void>((resolve) => (ready = resolve));

type AppMembers =
  | 'requestSingleInstanceLock'
  | 'whenReady'
  | 'getPath'
  | 'getVersion'
  | 'getLocale'
  | 'getAppPath'
  | 'setAppUserModelId'
  | 'setLoginItemSettings'
  | 'quit'
  | 'exit'
  | 'isPackaged';
const app: Fake<App, AppMembers> & FakeEmitter<App> & { dock: Fake<Dock, 'hide'> } = {
  requestSingleInstanceLock: () => true,
  on: (event: string, listener: Listener) => appListeners.set(event, listener),
  whenReady: () => whenReady,
  getPath: () => userData,
  getVersion: () => '1.2.3',
  getLocale: () => 'en-US',
  getAppPath: () => '/app',
  setAppUserModelId: (id: string) => void calls.push(`appUserModelId:${id}`),
  setLoginItemSettings: () => undefined,
  quit: () => void calls.push('quit'),
  exit: (code?: number) => void calls.push(`exit:${code}`),
  isPackaged: true,
  dock: { hide: () => void calls.push('dock.hide') },
};
const defaultSession: Fake<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'> = {
  setPermissionRequestHandler: () => void calls.push('permissionRequest'),
  setPermissionCheckHandler: () => void calls.push('permissionCheck'),
};
const protocol: Fake<Protocol, 'registerSchemesAsPrivileged' | 'handle'> = {
  registerSchemesAsPrivileged: (schemes) => void calls.push(`privileged:${schemes.map((s) => s.scheme).join()}`),
  handle: (scheme) => void calls.push(`protocol:${scheme}`),
};
const net: Fake<Net, 'fetch' | 'isOnline'> = { fetch: async () => new Response(''), isOnline: () => true };
const powerMonitor: FakeEmitter<PowerMonitor> & { off: Listener } = { on: () => undefined, off: () => undefined };
const workArea = { x: 0, y: 0, width: 1920, height: 1080 };

vi.mock('electron', () => ({
  ...fakeElectron,
  app,
  session: { defaultSession },
  protocol,
  net,
  powerMonitor,
  screen: { getDisplayNearestPoint: () => ({ workArea }), getAllDisplays: () => [{ workArea }] },
}));

function clickMenuItem(label: string): void {
  const menu = electronState.trays[0]?.menus.at(-1) as FakeMenu;
  const item = menu.template.find((i) => i.label === label);
  if (!item?.click) throw new Error(`no menu item ${label}`);
  item.click(undefined as never, undefined, undefined as never);
}

const dashboard = (): FakeBrowserWindow => electronState.windows[0]!.window;
const sentTo = (win: FakeBrowserWindow) => win.webContents.sent.filter((s) => s.channel === EVENT_CHANNEL).map((s) => s.message);

describe('main process start-up (electron faked)', () => {
  it('registers the privileged scheme before ready, then builds window, tray and handlers', async () => {
    await import('../../src/main/index.ts');
    expect(calls).toContain('privileged:app');
    expect(electronState.windows).toHaveLength(0);
    ready();
    await vi.waitFor(() => expect(dashboard()?.isVisible()).toBe(true), { timeout: 10_000 });
    expect(calls).toContain(`appUserModelId:${APP_ID}`);
    expect(calls).toContain('permissionRequest');
    expect(calls).toContain('permissionCheck');
    expect(calls).toContain('protocol:app');
    // The popover exists from the start (its window is made on first click); the dashboard is the one window.
    expect(electronState.windows).toHaveLength(1);
    const prefs = electronState.windows[0]?.options.webPreferences;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, devTools: false });
    expect(String(prefs?.preload)).toMatch(/preload[/\\]index\.cjs$/);
    expect(dashboard().loadedUrl).toBe('app://bundle/index.html');
    expect(electronState.trays).toHaveLength(1);
    expect([...electronState.handlers.keys()].sort()).toEqual([...METHOD_NAMES].sort());
    // The tray got its first model from the core: not connected yet.
    await vi.waitFor(() => expect(electronState.trays[0]?.tooltip).toBe('Energy Tray — not connected'));
  });

  it('a second launch, or the tray’s Open dashboard, shows the hidden dashboard again', () => {
    dashboard().hide();
    appListeners.get('second-instance')?.();
    expect(dashboard().isVisible()).toBe(true);
    dashboard().hide();
    clickMenuItem('Open dashboard');
    expect(dashboard().isVisible()).toBe(true);
  });

  it('the tray’s Settings opens the dashboard on the settings tab', () => {
    dashboard().hide();
    clickMenuItem('Settings');
    expect(dashboard().isVisible()).toBe(true);
    expect(sentTo(dashboard()).at(-1)).toEqual({ event: 'app:navigate', payload: { tab: 'settings' } });
  });

  it('a click on an icon with no bounds (Linux) opens the dashboard; elsewhere it toggles the popover beside the icon', () => {
    const tray = electronState.trays[0]!;
    dashboard().hide();
    tray.listeners.get('click')?.();
    expect(dashboard().isVisible()).toBe(true);
    expect(electronState.windows).toHaveLength(1);
    tray.bounds = { x: 1880, y: 1050, width: 24, height: 30 };
    tray.listeners.get('click')?.();
    const popover = electronState.windows[1]!.window;
    expect(popover.loadedUrl).toBe('app://bundle/index.html#popover');
    const beside = popoverPosition(tray.bounds, POPOVER_SIZE, workArea);
    expect([popover.isVisible(), popover.position]).toEqual([true, [beside?.x, beside?.y]]);
    expect(popover.position?.[1]).toBeLessThan(tray.bounds.y);
    // Pushed events reach both windows.
    clickMenuItem('Settings');
    expect(sentTo(popover).at(-1)).toEqual({ event: 'app:navigate', payload: { tab: 'settings' } });
  });

  it('Quit asks the app to quit; quitting waits for the core to stop, then exits', async () => {
    clickMenuItem('Quit Energy Tray');
    expect(calls).toContain('quit');
    appListeners.get('before-quit')?.();
    const willQuit = cancellableEvent();
    appListeners.get('will-quit')?.(willQuit);
    expect(willQuit.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(calls).toContain('exit:0'), { timeout: 5_000 });
    // The second will-quit (from app.exit) is let through.
    const again = cancellableEvent();
    appListeners.get('will-quit')?.(again);
    expect(again.defaultPrevented).toBe(false);
  });
});
