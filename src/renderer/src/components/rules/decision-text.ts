import type { DecisionView } from '../../../../shared/ipc.ts';
import type { KeyOf } from '../../../../shared/i18n/catalogue.ts';
import type { Language } from '../../../../shared/i18n/languages.ts';
import { ENGLISH_FORMATS, ENGLISH_T, ENGLISH_WORDS, type Formats, type RendererT, type Words } from '../../i18n.ts';

/**
 * The engine's decisions in the app's words: the reason (the catalogue's, so
 * it reads in every language and never names an order by its internal id),
 * what a purchase bought, and runs of the same decision folded into one line
 * ("Skipped ×42 since 17:02: enough energy"). A reason this version has no
 * short words for (a newer engine's) falls back to the engine's own message,
 * worded in the app's language.
 */

export const KIND_WORDS: Readonly<Record<DecisionView['kind'], KeyOf<'renderer'>>> = {
  buy: 'decisions.bought',
  skip: 'decisions.skipped',
  refuse: 'decisions.refused',
  paused: 'header.paused',
  stopped: 'decisions.stopped',
};

const REASON_WORDS: Readonly<Record<string, KeyOf<'renderer'>>> = {
  below_keep: 'decisions.reasons.belowKeep',
  disabled: 'decisions.reasons.disabled',
  not_watched: 'decisions.reasons.notWatched',
  order_in_flight: 'decisions.reasons.orderInFlight',
  order_stalled: 'decisions.reasons.orderStalled',
  energy_arriving: 'decisions.reasons.energyArriving',
  not_activated: 'decisions.reasons.notActivated',
  enough_energy: 'decisions.reasons.enoughEnergy',
  reading_changed: 'decisions.reasons.readingChanged',
  max_orders: 'decisions.reasons.maxOrders',
  above_burn_cost: 'decisions.reasons.aboveBurnCost',
  above_price_ceiling: 'decisions.reasons.abovePriceCeiling',
  burn_cost_unknown: 'decisions.reasons.burnCostUnknown',
  cap_used: 'decisions.reasons.capUsed',
  over_rule_cap: 'decisions.reasons.overRuleCap',
  daily_limit_used: 'decisions.reasons.dailyLimitUsed',
  over_daily_limit: 'decisions.reasons.overDailyLimit',
  no_quote: 'decisions.reasons.noQuote',
  not_placed: 'decisions.reasons.notPlaced',
  paused_by_user: 'decisions.reasons.pausedByUser',
  service_down: 'decisions.reasons.serviceDown',
  node_down: 'decisions.reasons.nodeDown',
  no_reading: 'decisions.reasons.noReading',
  stale_reading: 'decisions.reasons.staleReading',
  unknown_outcome: 'decisions.reasons.unknownOutcome',
};

/** The engine's own words for a decision in the app's language; a record an older version kept has only its English detail. */
export const decisionWords = (d: Pick<DecisionView, 'text' | 'detail'>, words: Words = ENGLISH_WORDS): string =>
  d.text ? words(d.text) : d.detail;

/** Why, in a few words: "enough energy", "the outcome of order EN… is unknown". `keep` is the rule's, for a purchase. */
export function reasonWords(
  d: Pick<DecisionView, 'reason' | 'detail' | 'text' | 'orderSerial'>,
  t: RendererT = ENGLISH_T,
  keep?: number,
  words: Words = ENGLISH_WORDS,
): string {
  const key = REASON_WORDS[d.reason];
  // A purchase's reason counts the transfers the rule keeps: without that count, the engine's own words.
  if (key === undefined || (d.reason === 'below_keep' && keep === undefined)) return decisionWords(d, words);
  return t(key, { order: d.orderSerial ?? t('decisions.unnumbered'), ...(keep === undefined ? {} : { count: keep }) });
}

/** "65,000 energy for 1h, ≈ 3.25 TRX" (a purchase, or an offer a refusal priced). */
export function offerWords(
  d: Pick<DecisionView, 'option' | 'period' | 'count' | 'quotedSun'>,
  t: RendererT = ENGLISH_T,
  f: Formats = ENGLISH_FORMATS,
): string | null {
  if (d.count === null || d.option === null) return null;
  const amount = f.count(d.count);
  const what = d.option === 'timed' ? t('decisions.offerTimed', { amount, period: d.period ?? '' }) : t('decisions.offerFast', { amount });
  return d.quotedSun === null ? what : t('decisions.offerPriced', { what, cost: f.money(d.quotedSun, 'price') });
}

/** "5:48 PM" ("17:48" in ru and zh-CN) today, else with the date: when a decision was made, in the language's way. */
export function decisionTime(at: number, now: number, language: Language): string {
  const then = new Date(at);
  const sameDay = then.toDateString() === new Date(now).toDateString();
  const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  return new Intl.DateTimeFormat(language, sameDay ? time : { ...time, month: 'short', day: 'numeric' }).format(then);
}

/** One line of the list: a decision, or a run of the same one (newest first: `decision` is the newest, `since` the first). */
export interface DecisionRun {
  decision: DecisionView;
  count: number;
  since: number;
}

const sameRun = (a: DecisionView, b: DecisionView): boolean =>
  a.kind !== 'buy' && a.kind === b.kind && a.ruleId === b.ruleId && a.reason === b.reason && a.orderLocalId === b.orderLocalId;

/**
 * "Not read yet" is what a rule says between the app's start and the wallet's
 * first reading: worth showing while it is the rule's latest word, noise once
 * the reading came (it would split a run of the same decision in two).
 */
const passing = (d: DecisionView, newer: ReadonlySet<string>): boolean =>
  d.kind === 'paused' && d.reason === 'no_reading' && newer.has(d.ruleId);

/**
 * Folds consecutive identical decisions (same rule, kind, reason and order)
 * into one line with their count and since when, after leaving out the
 * passing "not read yet" of each start. A purchase is never folded: each one
 * spent money.
 */
export function collapseDecisions(decisions: readonly DecisionView[]): DecisionRun[] {
  const runs: DecisionRun[] = [];
  const seen = new Set<string>();
  const shown = decisions.filter((d) => {
    const keep = !passing(d, seen);
    seen.add(d.ruleId);
    return keep;
  });
  for (const decision of shown) {
    const last = runs.at(-1);
    if (last && sameRun(last.decision, decision)) {
      last.count++;
      last.since = decision.at;
    } else {
      runs.push({ decision, count: 1, since: decision.at });
    }
  }
  return runs;
}
