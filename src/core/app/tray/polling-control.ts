// app/tray: the tray menu and its presenter, every tray click, and the window and polling actions.
import { PAUSE_REASONS } from '../../../shared/views.ts';
import { translator } from '../../../shared/i18n/i18n.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { Approvals } from '../approvals/approvals.ts';
import type { SessionManager } from '../session/session-manager.ts';
import type { WalletService } from '../wallets/wallet-service.ts';
import type { ApprovalRequest } from '../ports.ts';

/** Pausing stops balances, wallets and orders from being read, so a finished order is not told: asked in main like muting notifications. */
export function pausePollingApproval(language: Language): ApprovalRequest {
  const t = translator(language, 'dialogs');
  return {
    kind: 'pause_polling',
    title: t('request.pause.title'),
    what: t('request.pause.what'),
    amountSun: null,
    address: null,
    costSun: null,
    costNote: null,
    host: null,
    changes: [],
    notes: [],
    approveLabel: t('request.pause.approve'),
  };
}

/** What pausing stops: the session's scheduler and the wallet reads; and who asks first. */
export interface PollingServices {
  sessions: SessionManager;
  wallets: Pick<WalletService, 'setPaused'>;
  approvals: Approvals;
}

/**
 * Pause or resume polling (the tray menu's "Pause polling", and the popover's
 * Pause). `asked`: the renderer asked, so pausing needs main's approval;
 * resuming needs none. The wallet reads follow the scheduler.
 */
export async function setPolling(paused: boolean, services: PollingServices, asked: boolean): Promise<void> {
  const { sessions } = services;
  if (sessions.current() === null || sessions.polling().paused === paused) return;
  if (paused && asked) await services.approvals.require(pausePollingApproval(services.approvals.language()));
  const scheduler = sessions.current()?.scheduler;
  if (!scheduler) return;
  if (paused) scheduler.pause(PAUSE_REASONS.user);
  else scheduler.resume();
  services.wallets.setPaused(paused);
}
