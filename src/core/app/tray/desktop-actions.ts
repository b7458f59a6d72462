// app/tray: the tray menu and its presenter, every tray click, and the window and polling actions.
import type { AppStateView, DashboardTab } from '../../../shared/ipc.ts';
import type { DesktopPorts } from '../ports.ts';
import type { AppState } from '../session/app-state.ts';
import { setPolling, type PollingServices } from './polling-control.ts';

export interface DesktopActionsDeps extends PollingServices {
  desktop: DesktopPorts;
  state: Pick<AppState, 'view'>;
  logFile?: string | null;
}

/**
 * What the dashboard and the popover ask of the desktop shell: open a link or
 * the logs, show the dashboard, hide the popover, pause polling. Each goes
 * through the desktop port that the tray's own clicks use (tray-actions.ts).
 */
export class DesktopActions {
  private readonly deps: DesktopActionsDeps;

  constructor(deps: DesktopActionsDeps) {
    this.deps = deps;
  }

  async openExternal(url: string): Promise<{ opened: boolean }> {
    return { opened: await this.deps.desktop.openExternal(url) };
  }

  async openLogs(): Promise<{ opened: boolean }> {
    return { opened: this.deps.logFile ? await this.deps.desktop.openPath(this.deps.logFile) : false };
  }

  /** The popover's "Open dashboard": main shows the window (and the tab or order); nothing else changes. */
  openDashboard(tab: DashboardTab | null, localId: string | null): { opened: boolean } {
    this.deps.desktop.showDashboard?.({ tab, localId });
    return { opened: this.deps.desktop.showDashboard !== undefined };
  }

  /** Escape in the popover: main hides it; nothing else changes. */
  hidePopover(): { hidden: boolean } {
    this.deps.desktop.hidePopover?.();
    return { hidden: this.deps.desktop.hidePopover !== undefined };
  }

  /** The popover's Pause: main asks before pausing (see polling-control.ts); resuming asks nothing. */
  async setPollingPaused(paused: boolean): Promise<AppStateView> {
    await setPolling(paused, this.deps, true);
    return this.deps.state.view();
  }
}
