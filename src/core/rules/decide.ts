import type { Message } from '../../shared/i18n/message.ts';
import type { Sun } from '../base/money.ts';
import type { TrackedOrder } from '../orders/order-types.ts';
import { energyToOrder, transfersCovered } from '../wallets/need-estimate.ts';
import { energyOfOrder } from '../wallets/order-energy.ts';
import { burnCeiling, type EnergyFeeResult } from './burn-ceiling.ts';
import type { BuyOption, Decision, OrderOffer } from './decision.ts';
import { words, type CoverFacts } from './decision-words.ts';
import { ruleCapSun, type Rule } from './rule.ts';

/**
 * The rule engine's decision, as a pure function of what is known at one
 * moment (ADR 0013). The same input gives the same decision; the stateful
 * RuleEvaluator gathers the input, asks for quotes when this says so, and
 * acts. The checks run in a fixed order, so the reason recorded is the first
 * that holds: off, stopped, paused, busy, enough, over a cap, above the
 * burn cost (or the fee unknown) or the rule's ceiling, over what is left of
 * a cap, then buy.
 */

export interface RuleTiming {
  /**
   * After an energy order for the address succeeds, readings taken before
   * this much time has passed may not show its delegation yet: nothing is
   * bought on them.
   */
  arrivalGraceMs: number;
  /** A reading older than this is not bought on (the node may be failing or the machine slept). */
  staleAfterMs: number;
}

export const DEFAULT_RULE_TIMING: Readonly<RuleTiming> = { arrivalGraceMs: 60_000, staleAfterMs: 5 * 60_000 };

/**
 * What is known of the address's energy now (WalletWatcher's figures): its
 * last read, predicted forward between reads.
 */
export interface WalletReading {
  /** The figures hold as of this: the chain was followed this far with nothing unseen for the address. */
  at: number;
  /**
   * When the read they come from was sent (default `at`): energy delegated
   * after it may not be counted, so the arrival grace runs against this.
   */
  readAt?: number;
  activated: boolean;
  availableEnergy: bigint;
}

/** Everything the rule depends on besides its own day, gathered at decision time. */
export interface RuleSituation {
  /** The watched wallet's energy per transfer; null when the address is not watched any more. */
  energyPerTransfer: bigint | null;
  reading: WalletReading | null;
  /**
   * The profile's orders for the address, of any origin (others are ignored).
   * Enough: those on their way or stalled, those that succeeded within the
   * arrival grace of the reading, and those with an unknown outcome created
   * after the rule's unknownCheckedAt.
   */
  orders: readonly TrackedOrder[];
  /** What is left of the global daily spending limit today. */
  globalLeftSun: Sun;
  /** The service does not answer (balance polls and calls fail with network or 5xx errors). */
  serviceDown: boolean;
  /** The TRON node's last read of this address failed. */
  nodeDown: boolean;
  /** "Pause all auto top-ups". */
  pausedAll: boolean;
}

/** The rule's orders today (local day), rebuilt from the order history (RuleLedger). */
export interface RuleDay {
  orders: number;
  spentSun: Sun;
}

export interface QuoteAsk {
  option: BuyOption;
  period: string | null;
  count: number;
}

/** A fresh price, or why there is none: `unreachable` is an outage (pause), `refused` a price the service will not give. */
export type QuoteResult = { ok: true; sun: Sun } | { ok: false; failure: 'unreachable' | 'refused'; text: Message };

export interface QuoteAnswer extends QuoteAsk {
  result: QuoteResult;
}

export interface RuleInput {
  now: number;
  rule: Rule;
  situation: RuleSituation;
  today: RuleDay;
  /** The answers to this rule's quote asks; absent before asking. */
  quotes?: readonly QuoteAnswer[];
  /** The chain's energy fee, read with the quotes; absent or failed: the burn cost is unknown and nothing is bought. */
  energyFee?: EnergyFeeResult;
  timing?: Partial<RuleTiming>;
}

/** A decision, or: price these first, then decide again with the answers. */
export type Verdict = Decision | { kind: 'quote'; asks: QuoteAsk[] };

const IN_FLIGHT = new Set<TrackedOrder['state']>(['submitting', 'running']);

/** An order for the address whose outcome is unknown and that the person has not looked at since the rule last resumed. */
export function unseenUnknownOutcome(
  orders: readonly TrackedOrder[],
  rule: Pick<Rule, 'address' | 'unknownCheckedAt'>,
): TrackedOrder | undefined {
  return orders.find((o) => o.address === rule.address && o.state === 'outcome_unknown' && o.createdAt > rule.unknownCheckedAt);
}

/**
 * Why no order may be placed for `address` now, from the orders alone: one is
 * in flight or stalled (one order per address at a time), or one added energy
 * that a reading taken at `readingAt` may not show yet. Null when free.
 */
export function addressBusy(
  orders: readonly TrackedOrder[],
  address: string,
  readingAt: number,
  arrivalGraceMs: number,
): { reason: 'order_in_flight' | 'order_stalled' | 'energy_arriving'; order: TrackedOrder } | null {
  const mine = orders.filter((o) => o.address === address);
  const flying = mine.find((o) => IN_FLIGHT.has(o.state));
  if (flying) return { reason: 'order_in_flight', order: flying };
  const stalled = mine.find((o) => o.state === 'stalled');
  if (stalled) return { reason: 'order_stalled', order: stalled };
  const arriving = mine.find(
    (o) => o.state === 'succeeded' && energyOfOrder(o) !== null && readingAt < (o.finishedAt ?? o.updatedAt) + arrivalGraceMs,
  );
  return arriving ? { reason: 'energy_arriving', order: arriving } : null;
}

/** What the rule prices: its own option, or both for "cheapest now". */
export function quoteAsks(rule: Pick<Rule, 'option' | 'period'>, count: number): QuoteAsk[] {
  const timed: QuoteAsk = { option: 'timed', period: rule.period, count };
  const fast: QuoteAsk = { option: 'fast_recover', period: null, count };
  return rule.option === 'timed' ? [timed] : rule.option === 'fast_recover' ? [fast] : [timed, fast];
}

const sameAsk = (a: QuoteAsk, b: QuoteAsk): boolean => a.option === b.option && a.period === b.period && a.count === b.count;

/** The answers fit the asks exactly (the figures did not move while quoting). */
function answersFit(asks: readonly QuoteAsk[], answers: readonly QuoteAnswer[]): boolean {
  return asks.length === answers.length && asks.every((ask) => answers.some((answer) => sameAsk(ask, answer)));
}

interface Seen {
  reading: WalletReading;
  perTransfer: bigint;
}

/** Before the figures: off, stopped, paused, not watched, blind; else the figures to decide on. */
function gate(input: RuleInput, timing: RuleTiming): Decision | Seen {
  const { rule, situation, now } = input;
  if (!rule.enabled) return { kind: 'skip', reason: 'disabled', text: words.disabled() };
  const unknown = unseenUnknownOutcome(situation.orders, rule);
  if (unknown) {
    return { kind: 'stopped', reason: 'unknown_outcome', text: words.unknownOutcome(unknown.localId), orderLocalId: unknown.localId };
  }
  if (situation.pausedAll) return { kind: 'paused', reason: 'paused_by_user', text: words.pausedByUser() };
  if (situation.energyPerTransfer === null) return { kind: 'skip', reason: 'not_watched', text: words.notWatched() };
  if (situation.nodeDown) return { kind: 'paused', reason: 'node_down', text: words.nodeDown() };
  if (situation.serviceDown) return { kind: 'paused', reason: 'service_down', text: words.serviceDown() };
  const { reading } = situation;
  if (!reading) return { kind: 'paused', reason: 'no_reading', text: words.noReading() };
  if (now - reading.at > timing.staleAfterMs) {
    return { kind: 'paused', reason: 'stale_reading', text: words.staleReading(now - reading.at) };
  }
  return { reading, perTransfer: situation.energyPerTransfer };
}

/** The price answers → the cheapest usable offer, or the decision that there is none. */
function pick(answers: readonly QuoteAnswer[]): OrderOffer | Decision {
  if (answers.some((a) => !a.result.ok && a.result.failure === 'unreachable')) {
    return { kind: 'paused', reason: 'service_down', text: words.serviceDown() };
  }
  let best: OrderOffer | null = null;
  for (const answer of answers) {
    if (!answer.result.ok) continue;
    // A tie goes to the timed rental (as the dashboard's top-up marks it).
    const better = !best || answer.result.sun < best.quotedSun || (answer.result.sun === best.quotedSun && answer.option === 'timed');
    if (better) best = { option: answer.option, period: answer.period, count: answer.count, quotedSun: answer.result.sun };
  }
  if (best) return best;
  const failed = answers.find((a) => !a.result.ok)?.result;
  return { kind: 'refuse', reason: 'no_quote', text: words.noQuote(failed && !failed.ok ? failed.text : null), offer: null };
}

export function decide(input: RuleInput): Verdict {
  const timing: RuleTiming = { ...DEFAULT_RULE_TIMING, ...input.timing };
  const seen = gate(input, timing);
  if ('kind' in seen) return seen;
  const { reading, perTransfer } = seen;
  const { rule, situation, today } = input;
  const busy = addressBusy(situation.orders, rule.address, reading.readAt ?? reading.at, timing.arrivalGraceMs);
  if (busy) {
    const said = { order_in_flight: words.inFlight, order_stalled: words.stalled, energy_arriving: words.arriving }[busy.reason];
    const text = said(busy.order.localId);
    return { kind: 'skip', reason: busy.reason, text };
  }
  if (!reading.activated) return { kind: 'skip', reason: 'not_activated', text: words.notActivated() };
  const facts: CoverFacts = {
    available: reading.availableEnergy,
    covered: transfersCovered(reading.availableEnergy, perTransfer),
    keep: rule.keepTransfers,
  };
  if (facts.covered >= BigInt(rule.keepTransfers)) return { kind: 'skip', reason: 'enough_energy', text: words.enough(facts) };

  const capSun = ruleCapSun(rule);
  const capLeft = capSun - today.spentSun;
  if (today.orders >= rule.maxOrdersPerDay) {
    return { kind: 'refuse', reason: 'max_orders', text: words.maxOrders(today.orders), offer: null };
  }
  if (capLeft <= 0n) return { kind: 'refuse', reason: 'cap_used', text: words.capUsed(capSun, today.spentSun), offer: null };
  if (situation.globalLeftSun <= 0n) return { kind: 'refuse', reason: 'daily_limit_used', text: words.dailyLimitUsed(), offer: null };

  const asks = quoteAsks(rule, Number(energyToOrder(reading.availableEnergy, perTransfer, BigInt(rule.topUpTransfers))));
  if (!input.quotes) return { kind: 'quote', asks };
  if (!answersFit(asks, input.quotes)) return { kind: 'skip', reason: 'reading_changed', text: words.readingChanged() };
  const offer = pick(input.quotes);
  if ('kind' in offer) return offer;
  const ceiling = burnCeiling(offer, input.energyFee, rule);
  if (ceiling) return ceiling;
  if (offer.quotedSun > capLeft) return { kind: 'refuse', reason: 'over_rule_cap', text: words.overRuleCap(offer, capLeft, capSun), offer };
  if (offer.quotedSun > situation.globalLeftSun) {
    return { kind: 'refuse', reason: 'over_daily_limit', text: words.overDailyLimit(offer, situation.globalLeftSun), offer };
  }
  return { kind: 'buy', reason: 'below_keep', text: words.buy(offer, facts), ...offer };
}
