import { app, dialog, screen, session, shell, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import { EVENT_CHANNEL, type DashboardTab } from '../shared/ipc.ts';
import { AppService } from '../core/app/app-service.ts';
import type { EventSink, TrayAction } from '../core/app/ports.ts';
import { createHandlerTable } from '../core/ipc/handler-table.ts';
import { KeytarStore } from '../core/credentials/keytar-store.ts';
import { createLogger } from '../core/base/logger.ts';
import { SecretRegistry } from '../core/base/secret-registry.ts';
import { APP_ID } from './app-id.ts';
import { APP_ORIGIN } from './app-protocol-path.ts';
import { registerAppSchemePrivileges, serveRenderer } from './app-protocol.ts';
import { createDashboardWindow, markQuitting, showDashboard } from './dashboard-window.ts';
import { registerIpcHandlers } from './ipc-register.ts';
import { ElectronNotifier } from './notifier.ts';
import { denyAllPermissions } from './permissions.ts';
import { electronPowerEvents } from './power-events.ts';
import { TrayView } from './tray-view.ts';
import { openCheckedExternal } from './url-policy.ts';
import { DialogApproval } from './approval-dialog.ts';
import { PopoverWindow } from './popover-window.ts';
import { restoredBounds } from './window-bounds.ts';
import { HIDDEN_ARG, setLinuxAutostart } from './launch-at-login.ts';
import { electronSaveDialog } from './save-dialog.ts';
import { appLanguage } from '../shared/i18n/languages.ts';

// Composition root: wires Electron's objects to the core. No business rules here.

const TRAY_AGE_TICK_MS = 30_000;
const STOP_GRACE_MS = 3_000;

/** macOS and Windows have login items; Linux uses an autostart .desktop file. */
function setLaunchAtLogin(enabled: boolean): void {
  if (process.platform === 'linux') {
    void setLinuxAutostart(enabled, process.env['APPIMAGE'] ?? process.execPath);
  } else {
    app.setLoginItemSettings({ openAtLogin: enabled, args: [HIDDEN_ARG] });
  }
}

/** Started by the system at login: stay in the tray. */
function startedAtLogin(): boolean {
  return process.argv.includes(HIDDEN_ARG) || (process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin);
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppSchemePrivileges();
  let dashboard: BrowserWindow | undefined;
  let service: AppService | undefined;
  const resources = join(app.getAppPath(), 'resources');

  const openDashboard = (): void => {
    if (dashboard && !dashboard.isDestroyed()) showDashboard(dashboard);
  };
  let popover: PopoverWindow | undefined;
  // Both windows show the same state: every push goes to each that exists.
  const events: EventSink = {
    emit: (event, payload) => {
      if (dashboard && !dashboard.isDestroyed()) dashboard.webContents.send(EVENT_CHANNEL, { event, payload });
      popover?.webContents?.send(EVENT_CHANNEL, { event, payload });
    },
  };
  // Every click goes to the core, which routes it (window actions come back through the desktop port); Quit works before it exists.
  const onTrayAction = (action: TrayAction): void => {
    if (service) void service.trayAction(action);
    else if (action.kind === 'quit') app.quit();
  };

  app.on('second-instance', openDashboard);
  // macOS: launching the running app again from Finder or Spotlight.
  app.on('activate', openDashboard);
  app.on('before-quit', markQuitting);
  // A tray app keeps running with no window open.
  app.on('window-all-closed', () => undefined);

  void app
    .whenReady()
    .then(async () => {
      // Windows shows no notifications without it.
      app.setAppUserModelId(APP_ID);
      if (process.platform === 'darwin') app.dock?.hide();
      denyAllPermissions(session.defaultSession);

      const userDataDir = app.getPath('userData');
      const secrets = new SecretRegistry();
      const { logger, file: logFile } = createLogger({ dir: join(userDataDir, 'logs'), secrets });
      const rendererDir = join(import.meta.dirname, '../renderer');
      const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
      if (!devServerUrl) serveRenderer(rendererDir);

      const notifier = new ElectronNotifier(join(resources, 'icon.png'), (localId) => {
        openDashboard();
        if (localId) events.emit('app:open-order', { localId });
      });
      const rendererUrl = devServerUrl ?? `${APP_ORIGIN}/index.html`;
      const preload = join(import.meta.dirname, '../preload/index.cjs');
      popover = new PopoverWindow({ preload, devTools: !app.isPackaged, url: `${rendererUrl}#popover` });
      // A left click (Windows, macOS) toggles the popover next to the icon; Linux AppIndicator sends none and has the menu only.
      const openNearTray = (): void => {
        const bounds = trayView.bounds();
        if (bounds.width === 0 && bounds.height === 0) return openDashboard();
        popover?.toggle(bounds, screen.getDisplayNearestPoint({ x: bounds.x, y: bounds.y }).workArea);
      };
      const showDashboard = ({ tab, localId }: { tab: DashboardTab | null; localId: string | null }): void => {
        popover?.hide();
        openDashboard();
        if (localId) events.emit('app:open-order', { localId });
        else if (tab) events.emit('app:navigate', { tab });
      };
      const trayView = new TrayView(resources, onTrayAction, openNearTray, appLanguage(null, app.getLocale()));
      service = new AppService({
        info: { name: 'Energy Tray', version: app.getVersion(), platform: process.platform },
        userDataDir,
        credentialStore: new KeytarStore(),
        notifier,
        events,
        // Main draws the approvals, modal to the dashboard: the renderer may only ask.
        approval: new DialogApproval(() => dashboard),
        secrets,
        log: logger,
        logFile,
        power: electronPowerEvents(),
        desktop: {
          openExternal: (url) => openCheckedExternal(url, (checked) => shell.openExternal(checked)),
          openPath: async (path) => (await shell.openPath(path)) === '',
          setLaunchAtLogin,
          showDashboard,
          hidePopover: () => popover?.hide(),
          quit: () => app.quit(),
        },
        saveDialog: electronSaveDialog(() => dashboard),
        onApiRequest: (event) => logger.debug(event, 'api request'),
        systemLocale: () => app.getLocale(),
        tray: trayView,
      });
      // Settings, keychain and the last session come first, so the dashboard's first calls see a ready core.
      await service.start();
      registerIpcHandlers(createHandlerTable(service.services), () => [dashboard?.webContents, popover?.webContents]);
      const core = service;
      dashboard = createDashboardWindow({
        preload,
        icon: join(resources, 'icon.png'),
        url: rendererUrl,
        devTools: !app.isPackaged,
        bounds: restoredBounds(
          core.dashboardPlace.get(),
          screen.getAllDisplays().map((d) => d.workArea),
        ),
        onBoundsChanged: (bounds) =>
          void core.dashboardPlace.save(bounds).catch((err: unknown) => logger.warn({ err }, 'could not remember the window position')),
      });
      // "updated 2 min ago" ages on its own; the view rebuilds only if the text changed.
      setInterval(() => service?.renderTray(), TRAY_AGE_TICK_MS).unref();
      logger.info({ version: app.getVersion(), platform: process.platform }, 'Energy Tray started');
      if (!startedAtLogin()) openDashboard();
    })
    .catch((err: unknown) => {
      // Nothing to show and no menu to quit from: say why and leave.
      dialog.showErrorBox('Energy Tray could not start', err instanceof Error ? err.message : String(err));
      app.exit(1);
    });

  // Let the core finish (journal writes, scheduler, demo simulator) before the process ends, within a grace period.
  let stopped = false;
  app.on('will-quit', (event) => {
    if (stopped || !service) return;
    event.preventDefault();
    stopped = true;
    const grace = new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS));
    void Promise.race([service.stop(), grace]).finally(() => app.exit(0));
  });
}
