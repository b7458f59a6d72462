import { formatTrx } from '../../shared/format.ts';
import { clockOffsetNotice } from '../api/clock-skew.ts';
import { userMessage } from '../base/domain-error.ts';
import type { Sun } from '../base/money.ts';
import type { TrackedOrder } from '../orders/order-types.ts';
import type { DecisionRecord } from '../rules/decision.ts';
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
  private ruleName: (ruleId: string) => string | null = () => null;

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

  /** How an auto top-up rule is named in the notification of an order it placed. */
  nameRulesWith(ruleName: (ruleId: string) => string | null): void {
    this.ruleName = ruleName;
  }

  /** Once per order (the journal's notifiedAt); an order a rule placed names the rule: one notification per automatic purchase. */
  orderFinished(order: TrackedOrder): void {
    const n = notificationFor(order);
    const rule = order.ruleId ? (this.ruleName(order.ruleId) ?? 'a deleted rule') : null;
    this.notifier.show({ title: rule === null ? n.title : `Auto top-up “${rule}”: ${n.title}`, body: n.body, localId: n.localId });
  }

  /**
   * A rule refused to buy, or stopped on an unknown outcome: told once per
   * change of what the rule does (the decision log records it once, and a
   * restart reads the last record back), not at every reading.
   */
  ruleDecision(ruleName: string, record: Pick<DecisionRecord, 'kind' | 'detail' | 'orderLocalId'>): void {
    const title = record.kind === 'stopped' ? `Auto top-up stopped: “${ruleName}”` : `Auto top-up not bought: “${ruleName}”`;
    this.notifier.show({ title, body: record.detail, ...(record.orderLocalId ? { localId: record.orderLocalId } : {}) });
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
