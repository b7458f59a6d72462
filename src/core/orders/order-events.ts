import type { Sun } from '../base/money.ts';
import type { JournalNotice } from './order-journal.ts';
import type { TrackedOrder } from './order-types.ts';

export interface BalanceSnapshot {
  trxSun: Sun;
  usdtMicros: bigint;
  at: number;
}

export interface PollErrorEvent {
  /** null for the balance. */
  localId: string | null;
  category: string | undefined;
  message: string;
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
  authRequired: { message: string };
  journalNotice: JournalNotice;
  pollError: PollErrorEvent;
  pauseChanged: { paused: boolean; reasons: string[] };
}
