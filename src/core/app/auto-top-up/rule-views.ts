// app/auto-top-up: the rules' storage, runtime, decisions and views around the pure engine in core/rules.
import { msg, sunValue, type Message, type MessageKey } from '../../../shared/i18n/message.ts';
import type { DecisionView, RulesView, RuleStateView, RuleView } from '../../../shared/views.ts';
import type { DecisionRecord } from '../../rules/decision.ts';
import type { RuleDay } from '../../rules/decide.ts';
import { ruleCapSun, RULE_PERIODS, type Rule } from '../../rules/rule.ts';
import { ruleToday, type RuleLedger } from '../../rules/rule-ledger.ts';
import { draftOf } from '../../rules/rule-draft.ts';

/** A rule's state as the tray and the dashboard say it, from the rule, "pause all" and its last decision. */
export function ruleState(rule: Rule, pausedAll: boolean, last: DecisionRecord | undefined): RuleStateView {
  if (!rule.enabled) return 'off';
  if (last?.kind === 'stopped') return 'stopped';
  if (pausedAll || last?.kind === 'paused') return 'paused';
  return 'on';
}

const SUMMARY_KEYS: Readonly<Record<RuleStateView, MessageKey>> = {
  on: 'decisions:summary.on',
  off: 'decisions:summary.off',
  paused: 'decisions:summary.paused',
  stopped: 'decisions:summary.stopped',
};

/** "Auto top-up on · 2 today · 6.50 / 20.00 TRX", worded in the dashboard's language. */
export function ruleSummary(state: RuleStateView, today: RuleDay, capSun: bigint): Message {
  return msg(SUMMARY_KEYS[state], { today: today.orders, spent: { sun: today.spentSun.toString(), figure: true }, cap: sunValue(capSun) });
}

export function toDecisionView(record: DecisionRecord, ruleName: string | null, orderSerial: string | null = null): DecisionView {
  return {
    at: record.at,
    ruleId: record.ruleId,
    ruleName,
    address: record.address,
    kind: record.kind,
    reason: record.reason,
    text: record.text,
    detail: record.detail,
    orderLocalId: record.orderLocalId,
    orderSerial,
    option: record.option,
    period: record.period,
    count: record.count,
    quotedSun: record.quotedSun?.toString() ?? null,
  };
}

export interface RuleFacts {
  walletLabel: string | null;
  pausedAll: boolean;
  last: DecisionRecord | undefined;
  today: RuleDay;
  lastBuy?: { record: DecisionRecord; serial: string | null } | null;
  /** The number of the order a stopped rule waits on (see unknownOrderLocalId). */
  serialOf?: (localId: string | null) => string | null;
}

export function toRuleView(rule: Rule, facts: RuleFacts): RuleView {
  const state = ruleState(rule, facts.pausedAll, facts.last);
  const serialOf = facts.serialOf ?? (() => null);
  const unknownOrderLocalId = state === 'stopped' ? (facts.last?.orderLocalId ?? null) : null;
  return {
    id: rule.id,
    name: rule.name,
    address: rule.address,
    walletLabel: facts.walletLabel,
    draft: draftOf(rule),
    dailyCapSun: rule.dailyCapSun,
    state,
    summary: ruleSummary(state, facts.today, ruleCapSun(rule)),
    ordersToday: facts.today.orders,
    spentTodaySun: facts.today.spentSun.toString(),
    lastDecision: facts.last
      ? toDecisionView(facts.last, rule.name, facts.last.kind === 'stopped' ? serialOf(facts.last.orderLocalId) : null)
      : null,
    lastBuy: facts.lastBuy ? toDecisionView(facts.lastBuy.record, rule.name, facts.lastBuy.serial) : null,
    unknownOrderLocalId,
    unknownOrderSerial: serialOf(unknownOrderLocalId),
  };
}

/** What rulesView needs besides the rules: from the settings, the wallets and the live session's order store. */
export interface RulesFacts {
  pausedAll: boolean;
  labels: ReadonlyMap<string, string>;
  now: number;
  ledger: RuleLedger | null;
  last: (ruleId: string) => DecisionRecord | undefined;
  lastBuy: (ruleId: string) => RuleFacts['lastBuy'];
  serialOf: (localId: string | null) => string | null;
}

/**
 * The live profile's rules as the dashboard lists them: each with its
 * wallet's label, its day (from the order store), its last decision and its
 * last purchase.
 */
export function rulesView(rules: readonly Rule[], facts: RulesFacts): RulesView {
  const { pausedAll, ledger } = facts;
  const view = (rule: Rule): RuleView =>
    toRuleView(rule, {
      walletLabel: facts.labels.get(rule.address) ?? null,
      pausedAll,
      last: facts.last(rule.id),
      today: ledger ? ruleToday(ledger, rule.id, facts.now) : { orders: 0, spentSun: 0n },
      lastBuy: facts.lastBuy(rule.id),
      serialOf: facts.serialOf,
    });
  return { rules: rules.map(view), pausedAll, periods: [...RULE_PERIODS] };
}
