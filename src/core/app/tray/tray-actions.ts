// app/tray: the tray menu and its presenter, every tray click, and the window and polling actions.
import type { RulesService } from '../auto-top-up/rules-service.ts';
import type { DesktopPorts } from '../ports.ts';
import type { PresetService } from '../presets/preset-service.ts';
import type { BalanceTracker } from '../session/balance-tracker.ts';
import type { AppLog } from '../session/session-manager.ts';
import type { WalletTopUps } from '../wallets/wallet-top-ups.ts';
import { setPolling, type PollingServices } from './polling-control.ts';
import type { TrayAction } from './tray-model.ts';

export interface TrayActionServices extends PollingServices {
  desktop: DesktopPorts;
  presets: PresetService;
  topUps: WalletTopUps;
  balance: BalanceTracker;
  rules: RulesService;
  log: AppLog;
}

/**
 * Every tray menu click, routed here: window actions through the desktop
 * port (as the popover's), the rest to the service that owns them. Nothing
 * here throws at the tray: a refusal to buy is notified by the service that
 * refused, a failed refresh is logged.
 */
export async function runTrayAction(action: TrayAction, services: TrayActionServices): Promise<void> {
  const { sessions, desktop } = services;
  switch (action.kind) {
    case 'openDashboard':
      desktop.showDashboard?.({ tab: null, localId: null });
      return;
    case 'openSettings':
      desktop.showDashboard?.({ tab: 'settings', localId: null });
      return;
    case 'openOrder':
      desktop.showDashboard?.({ tab: null, localId: action.localId });
      return;
    case 'quit':
      desktop.quit?.();
      return;
    case 'runPreset':
      // A click in main's own menu: one click within the preset's approved cap.
      await services.presets.run(action.presetId, 'tray').catch(() => undefined); // already notified
      return;
    case 'topUpWallet':
      await services.topUps.buyFromTray(action.walletId);
      return;
    case 'refresh':
      await services.balance.refresh().catch((err: unknown) => services.log.warn({ err }, 'refresh failed'));
      sessions.current()?.scheduler.refreshBalance();
      return;
    case 'togglePause':
      // A click in main's own menu: no question either way.
      await setPolling(!sessions.polling().paused, services, false);
      return;
    case 'pauseAutoTopUps':
    case 'resumeAutoTopUps':
      // Resuming draws main's approval; a refusal changes nothing and the menu says so still.
      await services.rules
        .setPausedAll(action.kind === 'pauseAutoTopUps')
        .catch((err: unknown) => services.log.warn({ err }, 'auto top-up pause not changed'));
      return;
  }
}
