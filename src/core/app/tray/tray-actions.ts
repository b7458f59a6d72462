import type { AppServices } from '../app-wiring.ts';
import { setPolling } from './polling-control.ts';
import type { TrayAction } from './tray-model.ts';

/**
 * A tray menu click, other than window handling (which the glue does
 * itself). Nothing here throws at the tray: a refusal to buy is notified by
 * the service that refused, a failed refresh is logged.
 */
export async function runTrayAction(action: TrayAction, services: Pick<AppServices, 'sessions' | 'presets' | 'topUps' | 'balance' | 'wallets' | 'rules' | 'log' | 'approvals'>): Promise<void> {
  const { sessions } = services;
  switch (action.kind) {
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
      await services.rules.setPausedAll(action.kind === 'pauseAutoTopUps').catch((err: unknown) => services.log.warn({ err }, 'auto top-up pause not changed'));
      return;
    default:
      return;
  }
}
