import { englishText } from '../../shared/i18n/english-message.ts';
import type { Message } from '../../shared/i18n/message.ts';
import type { TopUpOption } from '../../shared/views.ts';
import type { Sun } from '../base/money.ts';
import type { Rule } from './rule.ts';

/**
 * What the rule engine decided about one rule at one moment, and the record
 * of it kept with the order history, so "why did it buy at 03:12?" (and why
 * it did not) has an answer in the Orders view and the CLI.
 */

export type BuyOption = TopUpOption;
export type DecisionKind = 'buy' | 'skip' | 'refuse' | 'paused' | 'stopped';

/** It bought: fewer transfers were covered than the rule keeps. */
export const BUY_REASONS = ['below_keep'] as const;
/** Nothing to do, or not now: no notice. */
export const SKIP_REASONS = [
  'disabled',
  'not_watched',
  'order_in_flight',
  'order_stalled',
  'energy_arriving',
  'not_activated',
  'enough_energy',
  'reading_changed',
] as const;
/** It would have bought and may not: a notice. */
export const REFUSE_REASONS = [
  'max_orders',
  'cap_used',
  /** The quote is not below the burn cost of the same energy (burn-ceiling.ts); `above_price_ceiling`: above the rule's own. */
  'above_burn_cost',
  'above_price_ceiling',
  'over_rule_cap',
  'daily_limit_used',
  'over_daily_limit',
  'no_quote',
  'not_placed',
] as const;
/** It cannot see well enough to decide: evaluated again when the cause goes. */
export const PAUSE_REASONS = ['paused_by_user', 'service_down', 'node_down', 'no_reading', 'stale_reading', 'burn_cost_unknown'] as const;
/** Until the person looks. */
export const STOP_REASONS = ['unknown_outcome'] as const;

export type BuyReason = (typeof BUY_REASONS)[number];
export type SkipReason = (typeof SKIP_REASONS)[number];
export type RefuseReason = (typeof REFUSE_REASONS)[number];
export type PauseReason = (typeof PAUSE_REASONS)[number];
export type StopReason = (typeof STOP_REASONS)[number];
export type DecisionReason = BuyReason | SkipReason | RefuseReason | PauseReason | StopReason;

/** An order the engine priced: what, how much energy, at the fresh quote. */
export interface OrderOffer {
  option: BuyOption;
  /** The rental period of a timed order; null for a fast recover. */
  period: string | null;
  /** Energy units. */
  count: number;
  quotedSun: Sun;
}

export type BuyDecision = { kind: 'buy'; reason: BuyReason; text: Message } & OrderOffer;

/** `text` is the decision in words with its figures: a message of the decisions catalogue (decision-words.ts). */
export type Decision =
  | BuyDecision
  | { kind: 'skip'; reason: SkipReason; text: Message }
  | { kind: 'refuse'; reason: RefuseReason; text: Message; offer: OrderOffer | null }
  | { kind: 'paused'; reason: PauseReason; text: Message }
  | { kind: 'stopped'; reason: StopReason; text: Message; orderLocalId: string };

/** One decision as stored with the order history: flat, one row of a table. */
export interface DecisionRecord {
  at: number;
  ruleId: string;
  address: string;
  kind: DecisionKind;
  reason: DecisionReason;
  /** The reason in words, with the figures it rested on, as a message: worded in the reader's language. */
  text: Message | null;
  /** The same in English (the log, and records an older version kept without `text`). */
  detail: string;
  /** A buy: the order it placed; stopped: the order whose outcome is unknown. */
  orderLocalId: string | null;
  /** A buy, or a refusal after quoting: what it would buy and the fresh quote. */
  option: BuyOption | null;
  period: string | null;
  count: number | null;
  quotedSun: Sun | null;
}

function offerOf(decision: Decision): OrderOffer | null {
  if (decision.kind === 'buy')
    return { option: decision.option, period: decision.period, count: decision.count, quotedSun: decision.quotedSun };
  return decision.kind === 'refuse' ? decision.offer : null;
}

/** The record of `decision` about `rule` at `at`; a buy names the order it placed. */
export function toRecord(
  decision: Decision,
  rule: Pick<Rule, 'id' | 'address'>,
  at: number,
  placedLocalId: string | null = null,
): DecisionRecord {
  const offer = offerOf(decision);
  return {
    at,
    ruleId: rule.id,
    address: rule.address,
    kind: decision.kind,
    reason: decision.reason,
    text: decision.text,
    detail: englishText(decision.text),
    orderLocalId: decision.kind === 'stopped' ? decision.orderLocalId : placedLocalId,
    option: offer?.option ?? null,
    period: offer?.period ?? null,
    count: offer?.count ?? null,
    quotedSun: offer?.quotedSun ?? null,
  };
}

/**
 * Whether a decision is worth a new record (and a notice): every buy, and
 * any other decision that differs in kind, reason or order from the rule's
 * last record. A rule read once a minute with enough energy leaves one
 * "enough energy" record, not 1,440 a day; a refusal is told once, not at
 * every reading; and after a restart the last record (read back from the
 * log) keeps it so.
 */
export function isWorthRecording(previous: DecisionRecord | undefined, next: DecisionRecord): boolean {
  if (!previous || next.kind === 'buy') return true;
  return previous.kind !== next.kind || previous.reason !== next.reason || previous.orderLocalId !== next.orderLocalId;
}
