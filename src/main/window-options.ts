import type { BrowserWindowConstructorOptions } from 'electron';
import { DASHBOARD_DEFAULT, DASHBOARD_MIN } from './window-bounds.ts';

/**
 * The dashboard window's options, as data so a unit test can assert each
 * security-relevant flag. The renderer gets no Node, runs sandboxed and
 * isolated, and talks to main only through the preload's contract.
 */
export function dashboardWindowOptions(
  preloadPath: string,
  iconPath: string,
  options: { devTools: boolean; bounds?: { x: number; y: number; width: number; height: number } | null },
): BrowserWindowConstructorOptions {
  return {
    ...(options.bounds ?? DASHBOARD_DEFAULT),
    minWidth: DASHBOARD_MIN.width,
    minHeight: DASHBOARD_MIN.height,
    show: false,
    title: 'Energy Tray',
    icon: iconPath,
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(preloadPath, options.devTools),
  };
}

/** The popover's width; its height fits the content up to the screen (main sizes it). */
export const POPOVER_SIZE = { width: 380, height: 600 } as const;

/**
 * The tray popover (Windows and macOS): a small frameless window next to the
 * icon, not in the taskbar, hidden when it loses focus. Same hardened renderer
 * as the dashboard.
 */
export function popoverWindowOptions(preloadPath: string, options: { devTools: boolean }): BrowserWindowConstructorOptions {
  return {
    ...POPOVER_SIZE,
    show: false,
    frame: false,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    skipTaskbar: true,
    alwaysOnTop: true,
    title: 'Energy Tray',
    webPreferences: secureWebPreferences(preloadPath, options.devTools),
  };
}

function secureWebPreferences(preloadPath: string, devTools: boolean): NonNullable<BrowserWindowConstructorOptions['webPreferences']> {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    spellcheck: false,
    // A packaged app has no DevTools: nobody at the keyboard can be talked into running code in the renderer.
    devTools,
  };
}
