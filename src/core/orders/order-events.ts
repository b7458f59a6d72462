import type { Message } from '../../shared/i18n/message.ts';
import type { Sun } from '../base/money.ts';
import type { ErrorFacts } from './api-error-facts.ts';
import type { JournalNotice } from './order-journal.ts';
import type { TrackedOrder } from './order-types.ts';

export interface BalanceSnapshot {
  trxSun: Sun;
  usdtMicros: bigint;
  at: number;
}

/** A poll that failed: the error's facts (its words as `text`, for the dashboard's service banner) and when it is asked again. */
export interface PollErrorEvent extends ErrorFacts {
  /** null for the balance. */
  localId: string | null;
  retryInMs: number;
}

/** What the scheduler tells the rest of the app (the glue turns some into native notifications). */
export interface OrderEvents {
  orderUpdated: TrackedOrder;
  /**
   * Exactly once per order, also across restarts; not emitted while
   * notifications are off. The order as marked notified; the app words it
   * (core/app/notify/notifications.ts).
   */
  orderFinished: TrackedOrder;
  balance: BalanceSnapshot;
  /** Once per crossing below the threshold; re-armed when the balance is back at or above it. */
  lowBalance: { trxSun: Sun; thresholdSun: Sun };
  /** A 401: polling is paused until resume() after the user fixes the credentials. */
  authRequired: { text: Message };
  journalNotice: JournalNotice;
  pollError: PollErrorEvent;
  pauseChanged: { paused: boolean; reasons: string[] };
}
