// app/notify: native notifications and in-app notices, and their words.
import { messageText, translator } from '../../../shared/i18n/i18n.ts';
import { SOURCE_LANGUAGE, type Language } from '../../../shared/i18n/languages.ts';
import { moneyText } from '../../../shared/money-text.ts';
import { shownName } from '../../../shared/user-names.ts';
import { clockOffsetNotice } from '../../api/clock-skew.ts';
import { userText } from '../../base/domain-error.ts';
import type { Sun } from '../../base/money.ts';
import type { TrackedOrder } from '../../orders/order-types.ts';
import type { DecisionRecord } from '../../rules/decision.ts';
import { notificationFor } from './order-notification.ts';
import type { Notifier } from '../ports.ts';
import type { OrderEvents } from '../../orders/order-events.ts';
import type { TypedEmitter } from '../../base/typed-emitter.ts';

/**
 * Every native notification the app shows, and its words: a finished order
 * (order-notification.ts), a low balance, a one-click top-up that was not
 * bought. The scheduler decides when (exactly once per order, journal first);
 * this module decides what it says, in the app's language (the notifications catalogue).
 */
export class Notifications {
  private readonly notifier: Notifier;
  private ruleName: (ruleId: string) => string | null = () => null;
  private readonly language: () => Language;

  constructor(notifier: Notifier, language: () => Language = () => SOURCE_LANGUAGE) {
    this.notifier = notifier;
    this.language = language;
  }

  /** Listens to a new session's scheduler (its events); `live` is false once the session was replaced. */
  attach(events: TypedEmitter<OrderEvents>, live: () => boolean): void {
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
    const language = this.language();
    const t = translator(language, 'notifications');
    const n = notificationFor(order, language);
    const name = order.ruleId ? this.ruleName(order.ruleId) : null;
    const rule = order.ruleId ? (name === null ? t('deletedRule') : shownName(name)) : null;
    if (order.assistant) {
      // An AI assistant's purchase (energy-tray mcp): which client asked and why, its words quoted and isolated.
      const title = t('assistantOrderTitle', { client: shownName(order.assistant.client), title: n.title });
      this.notifier.show({
        title,
        body: `${n.body}\n${t('assistantReason', { reason: shownName(order.assistant.reason) })}`,
        localId: n.localId,
      });
      return;
    }
    this.notifier.show({
      title: rule === null ? n.title : t('ruleOrderTitle', { rule, title: n.title }),
      body: n.body,
      localId: n.localId,
    });
  }

  /**
   * A rule refused to buy, or stopped on an unknown outcome: told once per
   * change of what the rule does (the decision log records it once, and a
   * restart reads the last record back), not at every reading.
   */
  ruleDecision(ruleName: string, record: Pick<DecisionRecord, 'kind' | 'text' | 'detail' | 'orderLocalId'>): void {
    const language = this.language();
    const t = translator(language, 'notifications');
    const rule = shownName(ruleName);
    const title = record.kind === 'stopped' ? t('ruleStopped', { rule }) : t('ruleNotBought', { rule });
    // A record an older version kept has only its English detail.
    const body = record.text ? messageText(record.text, language) : record.detail;
    this.notifier.show({ title, body, ...(record.orderLocalId ? { localId: record.orderLocalId } : {}) });
  }

  lowBalance(trxSun: Sun, thresholdSun: Sun): void {
    const language = this.language();
    const t = translator(language, 'notifications');
    this.notifier.show({
      title: t('lowBalanceTitle'),
      body: t('lowBalanceBody', { balance: moneyText(trxSun, language), threshold: moneyText(thresholdSun, language) }),
    });
  }

  /** The client follows a clock offset of more than 15 minutes: the words of clock-skew.ts, which name it. */
  clockOffset(offsetSeconds: number): void {
    const language = this.language();
    const title = translator(language, 'notifications')('clockTitle');
    this.notifier.show({ title, body: messageText(clockOffsetNotice(offsetSeconds), language) });
  }

  /** A tray click has no window: why a preset was not bought, in the words the dashboard would show. */
  presetNotBought(presetName: string, err: unknown): void {
    const title = translator(this.language(), 'notifications')('presetNotBought', { name: shownName(presetName) });
    this.notifier.show({ title, body: messageText(userText(err), this.language()) });
  }

  /** The tray's one-click top-up of a watched wallet was not bought: why, as for a preset. */
  walletTopUpNotBought(walletLabel: string, err: unknown): void {
    const title = translator(this.language(), 'notifications')('walletTopUpNotBought', { label: shownName(walletLabel) });
    this.notifier.show({ title, body: messageText(userText(err), this.language()) });
  }
}
