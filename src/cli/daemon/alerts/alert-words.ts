import type { TrackedOrder } from '../../../core/orders/order-types.ts';
import type { Message } from '../../../shared/i18n/message.ts';
import { moneyPairText } from '../../../shared/money-text.ts';
import { shownName } from '../../../shared/user-names.ts';
import { subcommand } from '../../command.ts';
import { cliLanguage, num, t, words } from '../../i18n.ts';
import { commandLine } from '../../program.ts';

/** What an alert is about, with the facts its words need. */
export type AlertFacts =
  | { event: 'balance_low'; balanceSun: bigint; thresholdSun: bigint }
  | { event: 'service_down' | 'node_down'; minutes?: number }
  | { event: 'rule_stopped'; rule: string }
  | { event: 'rule_refused'; rule: string; detail?: string; reason?: string; message?: Message }
  | { event: 'order_failed' | 'order_unknown'; order: TrackedOrder }
  | { event: 'daily_limit_80'; spentSun: bigint; limitSun: bigint }
  | { event: 'node_budget'; used: number; budget: number }
  | { event: 'test' };

/** A number of minutes as configured (`down_minutes` may be fractional: 0.5 is half a minute). */
const minutesText = (minutes: number): string => new Intl.NumberFormat(cliLanguage(), { maximumFractionDigits: 2 }).format(minutes);

/** A name a person chose, on one line and isolated (the catalogue's quote marks go around it): it never reads as the app's words. */
const quoted = shownName;

/**
 * The words of an alert in the daemon's language (--lang, else the system's),
 * amounts by the app's one money rule (shared/money-text.ts: two decimals,
 * exact where two compared figures would otherwise read the same).
 * Addresses in full; the core's own details as the core wrote them.
 */
export function alertWords(facts: AlertFacts, state: 'firing' | 'resolved', profile: string): { title: string; text: string } {
  const p = { profile: quoted(profile) };
  const up = state === 'resolved';
  switch (facts.event) {
    case 'balance_low': {
      const [balance, threshold] = moneyPairText(facts.balanceSun, facts.thresholdSun, cliLanguage());
      const values = { ...p, balance, threshold };
      return up
        ? { title: t('alerts.balanceOk.title', p), text: t('alerts.balanceOk.text', values) }
        : { title: t('alerts.balanceLow.title', p), text: t('alerts.balanceLow.text', values) };
    }
    case 'service_down': {
      const down = { ...p, minutes: minutesText(facts.minutes ?? 0) };
      return up
        ? { title: t('alerts.serviceUp.title', p), text: t('alerts.serviceUp.text', p) }
        : { title: t('alerts.serviceDown.title', p), text: t('alerts.serviceDown.text', down) };
    }
    case 'node_down': {
      const down = { ...p, minutes: minutesText(facts.minutes ?? 0) };
      return up
        ? { title: t('alerts.nodeUp.title', p), text: t('alerts.nodeUp.text', p) }
        : { title: t('alerts.nodeDown.title', p), text: t('alerts.nodeDown.text', down) };
    }
    case 'rule_stopped': {
      const rule = { ...p, rule: quoted(facts.rule), command: commandLine(`${subcommand('rules', 'resume')} NAME`) };
      return up
        ? { title: t('alerts.ruleBack.title', rule), text: t('alerts.ruleBack.text', rule) }
        : { title: t('alerts.ruleStopped.title', rule), text: t('alerts.ruleStopped.text', rule) };
    }
    case 'rule_refused': {
      // A refusal's message of the catalogues is worded in the daemon's language; an older record keeps its English detail.
      const detail = facts.message ? words(facts.message) : (facts.detail ?? '');
      const rule = { ...p, rule: quoted(facts.rule), detail };
      return up
        ? { title: t('alerts.ruleBack.title', rule), text: t('alerts.ruleBack.text', rule) }
        : { title: t('alerts.ruleRefused.title', rule), text: t('alerts.ruleRefused.text', rule) };
    }
    case 'order_failed':
    case 'order_unknown': {
      const o = facts.order;
      const values = { ...p, order: o.orderSn ?? o.orderId ?? o.localId, address: o.address, error: o.error ?? '' };
      return facts.event === 'order_failed'
        ? { title: t('alerts.orderFailed.title', values), text: t('alerts.orderFailed.text', values) }
        : { title: t('alerts.orderUnknown.title', values), text: t('alerts.orderUnknown.text', values) };
    }
    case 'daily_limit_80': {
      const [spent, limit] = moneyPairText(facts.spentSun, facts.limitSun, cliLanguage());
      const values = { ...p, spent, limit };
      return up
        ? { title: t('alerts.limitOk.title', values), text: t('alerts.limitOk.text', values) }
        : { title: t('alerts.limit80.title', values), text: t('alerts.limit80.text', values) };
    }
    case 'node_budget': {
      const values = { ...p, used: num(facts.used), budget: num(facts.budget) };
      return { title: t('alerts.nodeBudget.title', p), text: t('alerts.nodeBudget.text', values) };
    }
    case 'test':
      return { title: t('alerts.test.title', p), text: t('alerts.test.text', p) };
  }
}
