import { formatTrx } from '../../shared/format.ts';
import { clockOffsetNotice } from '../api/clock-skew.ts';
import { userMessage } from '../base/domain-error.ts';
import type { Sun } from '../base/money.ts';
import type { TrackedOrder } from '../orders/order-types.ts';
import { notificationFor } from './order-notification.ts';
import type { Notifier } from './ports.ts';
import type { Session } from './session.ts';

/**
 * Every native notification the app shows, and its words: a finished order
 * (order-notification.ts), a low balance, a one-click top-up that was not
 * bought. The scheduler decides when (exactly once per order, journal first);
 * this module decides what it says, so translating them touches this folder only.
 */
export class Notifications {
  private readonly notifier: Notifier;

  constructor(notifier: Notifier) {
    this.notifier = notifier;
  }

  /** Listens to a new session's scheduler; `live` is false once the session was replaced. */
  attach(session: Session, live: () => boolean): void {
    const events = session.scheduler.events;
    events.on('orderFinished', (order) => {
      if (live()) this.orderFinished(order);
    });
    events.on('lowBalance', ({ trxSun, thresholdSun }) => {
      if (live()) this.lowBalance(trxSun, thresholdSun);
    });
  }

  orderFinished(order: TrackedOrder): void {
    const n = notificationFor(order);
    this.notifier.show({ title: n.title, body: n.body, localId: n.localId });
  }

  lowBalance(trxSun: Sun, thresholdSun: Sun): void {
    this.notifier.show({
      title: 'Low TRX balance',
      body: `Your balance is ${formatTrx(trxSun)}, below your threshold of ${formatTrx(thresholdSun)}.`,
    });
  }

  /** The client follows a clock offset of more than 15 minutes: the words of clock-skew.ts, which name it. */
  clockOffset(offsetSeconds: number): void {
    this.notifier.show({ title: "This computer's clock is off", body: clockOffsetNotice(offsetSeconds) });
  }

  /** A tray click has no window: why a preset was not bought, in the words the dashboard would show. */
  presetNotBought(presetName: string, err: unknown): void {
    this.notifier.show({ title: `Top-up not bought: ${presetName}`, body: userMessage(err) });
  }
}
