import { BrowserWindow, shell } from 'electron';
import { dashboardWindowOptions } from './window-options.ts';
import type { Rect } from './popover-position.ts';

const BOUNDS_SETTLE_MS = 600;
import { isAllowedNavigation, openCheckedExternal } from './url-policy.ts';

export interface DashboardWindowPaths {
  preload: string;
  /** Where it was last time (already checked against the screens), or null for the default size, centred. */
  bounds: Rect | null;
  /** The window was moved or resized; called once it has been still for a moment. */
  onBoundsChanged(bounds: Rect): void;
  icon: string;
  /** DevTools only in development: a packaged app has none (app.isPackaged). */
  devTools: boolean;
  /** app://bundle/index.html when packaged or previewed; the dev server's URL under `npm run dev`. */
  url: string;
}

/**
 * Refuses every navigation and popup; allow-listed https links go to the
 * system browser instead, so the renderer can never load remote content.
 */
export function applyWindowGuards(win: BrowserWindow): void {
  win.webContents.setWindowOpenHandler(({ url }) => {
    void openCheckedExternal(url, (checked) => shell.openExternal(checked));
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (!isAllowedNavigation(url, win.webContents.getURL())) event.preventDefault();
  });
  win.webContents.on('will-redirect', (event, url) => {
    if (!isAllowedNavigation(url, win.webContents.getURL())) event.preventDefault();
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  // A crashed renderer would leave a blank window until restart: load it again.
  win.webContents.on('render-process-gone', (_event, details) => {
    if (details.reason !== 'clean-exit') win.webContents.reload();
  });
}

export function createDashboardWindow(paths: DashboardWindowPaths): BrowserWindow {
  const win = new BrowserWindow(dashboardWindowOptions(paths.preload, paths.icon, { devTools: paths.devTools, bounds: paths.bounds }));
  applyWindowGuards(win);
  let settle: ReturnType<typeof setTimeout> | undefined;
  const boundsChanged = (): void => {
    clearTimeout(settle);
    settle = setTimeout(() => {
      if (!win.isDestroyed() && !win.isMinimized() && !win.isFullScreen()) paths.onBoundsChanged(win.getNormalBounds());
    }, BOUNDS_SETTLE_MS);
  };
  win.on('resize', boundsChanged);
  win.on('move', boundsChanged);
  // A tray app: closing the window hides it; Quit in the tray menu ends the app.
  win.on('close', (event) => {
    if (!quitting) {
      event.preventDefault();
      win.hide();
    }
  });
  void win.loadURL(paths.url);
  return win;
}

let quitting = false;
export function markQuitting(): void {
  quitting = true;
}

export function showDashboard(win: BrowserWindow): void {
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}
