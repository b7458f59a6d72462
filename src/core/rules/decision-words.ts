import { msg, sunPair, sunValue, type Message } from '../../shared/i18n/message.ts';
import type { Sun } from '../base/money.ts';
import type { OrderOffer } from './decision.ts';

/**
 * The words of each decision as a message of the decisions catalogue, with
 * the figures it rested on: worded in the person's language wherever it is
 * shown (the Orders view, the CLI, the notices), kept as it is with the
 * record, and in English as the record's detail. No local clock time in them
 * (the record has `at`), so they read the same wherever the history is shown.
 */

/** "65,000 energy for 1h" / "a fast recover of 65,000 energy" */
export function offerWords(offer: Pick<OrderOffer, 'option' | 'period' | 'count'>): Message {
  return offer.option === 'timed'
    ? msg('decisions:offer.timed', { energy: offer.count, period: offer.period ?? '?' })
    : msg('decisions:offer.fastRecover', { energy: offer.count });
}

export interface CoverFacts {
  available: bigint;
  covered: bigint;
  keep: number;
}

const cover = (facts: CoverFacts): Message =>
  msg('decisions:cover', { available: Number(facts.available), count: Number(facts.covered), keep: facts.keep });

export const words = {
  disabled: (): Message => msg('decisions:disabled'),
  unknownOutcome: (localId: string): Message => msg('decisions:unknownOutcome', { order: localId }),
  pausedByUser: (): Message => msg('decisions:pausedByUser'),
  notWatched: (): Message => msg('decisions:notWatched'),
  nodeDown: (): Message => msg('decisions:nodeDown'),
  serviceDown: (): Message => msg('decisions:serviceDown'),
  noReading: (): Message => msg('decisions:noReading'),
  staleReading: (ageMs: number): Message => msg('decisions:staleReading', { age: { seconds: Math.round(ageMs / 1000) } }),
  inFlight: (localId: string): Message => msg('decisions:inFlight', { order: localId }),
  stalled: (localId: string): Message => msg('decisions:stalled', { order: localId }),
  arriving: (localId: string): Message => msg('decisions:arriving', { order: localId }),
  notActivated: (): Message => msg('decisions:notActivated'),
  enough: (facts: CoverFacts): Message => msg('decisions:enough', { cover: cover(facts) }),
  readingChanged: (): Message => msg('decisions:readingChanged'),
  maxOrders: (orders: number): Message => msg('decisions:maxOrders', { count: orders }),
  capUsed: (capSun: Sun, spentSun: Sun): Message => msg('decisions:capUsed', { cap: sunValue(capSun), spent: sunValue(spentSun) }),
  dailyLimitUsed: (): Message => msg('decisions:dailyLimitUsed'),
  overRuleCap: (offer: OrderOffer, leftSun: Sun, capSun: Sun): Message => {
    const [cost, left] = sunPair(offer.quotedSun, leftSun);
    return msg('decisions:overRuleCap', { offer: offerWords(offer), cost, left, cap: sunValue(capSun) });
  },
  overDailyLimit: (offer: OrderOffer, leftSun: Sun): Message => {
    const [cost, left] = sunPair(offer.quotedSun, leftSun);
    return msg('decisions:overDailyLimit', { offer: offerWords(offer), cost, left });
  },
  noQuote: (why: Message | null): Message => msg('decisions:noQuote', { why: why ?? msg('decisions:nothingAsked') }),
  notPlaced: (why: Message): Message => msg('decisions:notPlaced', { why }),
  /** A placement the paid path refused, with what it would have bought. */
  offerNotPlaced: (offer: Pick<OrderOffer, 'option' | 'period' | 'count'>, why: Message): Message =>
    msg('decisions:offerNotPlaced', { offer: offerWords(offer), why }),
  accountChanged: (): Message => msg('decisions:accountChanged'),
  buy: (offer: OrderOffer, facts: CoverFacts): Message =>
    msg('decisions:buy', { offer: offerWords(offer), cost: sunValue(offer.quotedSun), cover: cover(facts) }),
  aboveBurnCost: (energy: number, costSun: Sun, burnSun: Sun): Message => {
    const [cost, burn] = sunPair(costSun, burnSun);
    return msg('decisions:aboveBurnCost', { energy, cost, burn });
  },
  aboveCeiling: (energy: number, costSun: Sun, ceilingSun: Sun, sunPerEnergy: bigint): Message => {
    const [cost, ceiling] = sunPair(costSun, ceilingSun);
    return msg('decisions:aboveCeiling', { energy, cost, ceiling, perEnergy: Number(sunPerEnergy) });
  },
  burnCostUnknown: (why: Message | null): Message => msg('decisions:burnCostUnknown', { why: why ?? msg('decisions:feeNotRead') }),
};
