import { BrowserWindow, shell } from 'electron';
import { dashboardWindowOptions } from './window-options.ts';
import { isAllowedNavigation, openCheckedExternal } from './url-policy.ts';

export interface DashboardWindowPaths {
  preload: string;
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
  const win = new BrowserWindow(dashboardWindowOptions(paths.preload, paths.icon, { devTools: paths.devTools }));
  applyWindowGuards(win);
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
