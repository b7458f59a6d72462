import { app, session, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import { AppService, createHandlerTable } from '../core/app-service.ts';
import { createDashboardWindow, markQuitting, showDashboard } from './dashboard-window.ts';
import { registerIpcHandlers } from './ipc-register.ts';
import { denyAllPermissions } from './permissions.ts';
import { createTray } from './tray.ts';

// Composition root: wires Electron's objects to the core. No business rules here.

const APP_ID = 'org.energytray.app';

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let dashboard: BrowserWindow | undefined;
  const resources = join(app.getAppPath(), 'resources');
  const trayIcon = join(resources, process.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png');

  const openDashboard = (): void => {
    if (dashboard && !dashboard.isDestroyed()) showDashboard(dashboard);
  };

  app.on('second-instance', openDashboard);
  app.on('before-quit', markQuitting);
  // A tray app keeps running with no window open.
  app.on('window-all-closed', () => undefined);

  void app.whenReady().then(() => {
    app.setAppUserModelId(APP_ID);
    if (process.platform === 'darwin') app.dock?.hide();
    denyAllPermissions(session.defaultSession);

    const service = new AppService({
      info: { name: 'Energy Tray', version: app.getVersion(), platform: process.platform },
    });
    registerIpcHandlers(createHandlerTable(service), () => dashboard?.webContents);

    dashboard = createDashboardWindow({
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      icon: join(resources, 'icon.png'),
      devServerUrl: process.env['ELECTRON_RENDERER_URL'],
      rendererHtml: join(import.meta.dirname, '../renderer/index.html'),
    });
    createTray(trayIcon, { openDashboard, quit: () => app.quit() });
  });
}
