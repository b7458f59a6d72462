import { removeStaleTempFilesUnder } from './session/stale-temp-files.ts';
import { wireAppServices, type AppServiceDeps, type AppServices } from './app-wiring.ts';
import type { WindowBounds } from './session/settings-service.ts';
import { runTrayAction } from './tray/tray-actions.ts';
import type { TrayAction, TrayModel } from './tray/tray-model.ts';

export type { AppServiceDeps, AppServices } from './app-wiring.ts';
export type { AppLog } from './session/session-manager.ts';
export { DEMO_ADDRESS } from './presets/preset-service.ts';

/**
 * The app's lifecycle and the tray's entry points. It builds the services
 * (app-wiring.ts), which the IPC handler table (core/ipc/handler-table.ts)
 * calls directly; what is left here is what only the desktop shell calls:
 * start, stop, the tray's model and clicks, and the dashboard window's place.
 * No Electron here: the glue injects ports (ports.ts).
 */
export class AppService {
  readonly services: AppServices;
  private readonly userDataDir: string;

  constructor(deps: AppServiceDeps) {
    this.userDataDir = deps.userDataDir;
    this.services = wireAppServices(deps);
    deps.onWired?.(this.services);
  }

  /** Loads settings, probes the keychain and reopens the last mode (demo or the active account). */
  async start(): Promise<void> {
    const removed = await removeStaleTempFilesUnder(this.userDataDir);
    if (removed > 0) this.services.log.info({ removed }, 'removed temp files left by an interrupted write');
    await this.services.settings.load();
    await this.services.sessions.start();
  }

  async stop(): Promise<void> {
    await this.services.rules.stop();
    await this.services.sessions.stop();
  }

  trayModel(): TrayModel {
    return this.services.tray.model();
  }

  /** Redraws the tray ("updated 2 min ago" ages on its own; the glue rebuilds the menu only when its text changed). */
  renderTray(): void {
    this.services.tray.render();
  }

  /** Every tray menu click, window actions included (tray-actions.ts routes them). */
  trayAction(action: TrayAction): Promise<void> {
    return runTrayAction(action, this.services);
  }

  /** Where main put the dashboard window last (kept in the settings; main restores it only onto a screen). */
  readonly dashboardPlace = {
    get: (): WindowBounds | null => this.services.settings.dashboardBounds(),
    save: (bounds: WindowBounds): Promise<void> => this.services.settings.saveDashboardBounds(bounds),
  };
}
