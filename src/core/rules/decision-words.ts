import { formatCount, formatTrx } from '../../shared/format.ts';
import { moneyPairEn } from '../../shared/money-text.ts';
import type { Sun } from '../base/money.ts';
import type { OrderOffer } from './decision.ts';

/**
 * The words of each decision, with the figures it rested on: stored as the
 * record's detail, shown in the Orders view, the CLI and the notices. No
 * local clock time in them (the record has `at`), so they read the same
 * wherever the history is shown.
 */

/** "65,000 energy for 1h" / "a fast recover of 65,000 energy" */
export function offerWords(offer: Pick<OrderOffer, 'option' | 'period' | 'count'>): string {
  const energy = `${formatCount(offer.count)} energy`;
  return offer.option === 'timed' ? `${energy} for ${offer.period ?? '?'}` : `a fast recover of ${energy}`;
}

/** "4 min" / "2 h 5 min" */
export function durationWords(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest > 0 ? ` ${rest} min` : ''}`;
}

export interface CoverFacts {
  available: bigint;
  covered: bigint;
  keep: number;
}

/** "1 transfer", "2 transfers": English plurals (Intl's rules), the way the catalogues' _one/_other keys pick them. */
const ENGLISH_PLURAL = new Intl.PluralRules('en');
const counted = (n: number | bigint, one: string, other: string): string => `${formatCount(n)} ${ENGLISH_PLURAL.select(Number(n)) === 'one' ? one : other}`;

const cover = (facts: CoverFacts): string =>
  `${formatCount(facts.available)} energy covers ${counted(facts.covered, 'transfer', 'transfers')}; the rule keeps ${formatCount(facts.keep)}`;

export const words = {
  disabled: (): string => 'The rule is off.',
  unknownOutcome: (localId: string): string =>
    `Stopped: the outcome of order ${localId} for this address is unknown. It may have been charged and its energy may still arrive. ` +
    'Look at it in Orders, then resume the rule.',
  pausedByUser: (): string => 'Paused: all auto top-ups are paused.',
  notWatched: (): string => 'The address is not watched any more, so its energy per transfer is not known; nothing is bought.',
  nodeDown: (): string => 'Paused: the TRON node cannot be read, so the energy is not known; nothing is bought blind.',
  serviceDown: (): string => 'Paused: the service does not answer; nothing is bought until it does.',
  noReading: (): string => 'Paused: the address has not been read from the TRON node yet.',
  staleReading: (ageMs: number): string => `Paused: the last reading is ${durationWords(ageMs)} old; nothing is bought on old figures.`,
  inFlight: (localId: string): string => `Order ${localId} for this address is on its way; one order at a time.`,
  stalled: (localId: string): string => `Order ${localId} for this address is stalled; nothing more is bought until it ends.`,
  arriving: (localId: string): string => `Order ${localId} succeeded; waiting for its energy to show on the TRON node.`,
  notActivated: (): string => 'The address is not activated on the TRON network, so it cannot receive energy.',
  enough: (facts: CoverFacts): string => `${cover(facts)}.`,
  readingChanged: (): string => 'The figures changed while quoting; the next reading decides.',
  maxOrders: (orders: number): string => `Not bought: the rule placed ${counted(orders, 'order', 'orders')} today, its most for a day.`,
  capUsed: (capSun: Sun, spentSun: Sun): string =>
    `Not bought: the rule's daily cap of ${formatTrx(capSun)} is used (${formatTrx(spentSun)} today).`,
  dailyLimitUsed: (): string => 'Not bought: the daily spending limit is used up today.',
  overRuleCap: (offer: OrderOffer, leftSun: Sun, capSun: Sun): string =>
    `Not bought: ${offerWords(offer)} now costs ${moneyPairEn(offer.quotedSun, leftSun)[0]}, more than the ${moneyPairEn(offer.quotedSun, leftSun)[1]} left of the rule's daily cap of ${formatTrx(capSun)}.`,
  overDailyLimit: (offer: OrderOffer, leftSun: Sun): string =>
    `Not bought: ${offerWords(offer)} now costs ${moneyPairEn(offer.quotedSun, leftSun)[0]}, more than the ${moneyPairEn(offer.quotedSun, leftSun)[1]} left of the daily spending limit.`,
  noQuote: (message: string): string => `Not bought: no price for it now (${message}).`,
  notPlaced: (message: string): string => `Not bought: ${message}`,
  buy: (offer: OrderOffer, facts: CoverFacts): string => `Ordered ${offerWords(offer)}, quoted ${formatTrx(offer.quotedSun)}: ${cover(facts)}.`,
};
