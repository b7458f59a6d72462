import type { IpcResult, QuoteView, RuleDraftView } from '../../../../shared/ipc.ts';
import { MIN_ENERGY_COUNT } from '../../../../shared/order-rules.ts';

/**
 * What a rule will cost, before it is saved: the energy one purchase buys (the
 * most it can be: enough for the rule's "buy enough for" transfers from an
 * empty wallet, raised to the service's minimum order, as the engine
 * computes it) and, at a price quoted now, at most how much a day: its
 * orders a day at that price, or its daily cap if that is lower.
 */

const TRX_TEXT = /^(\d{1,7})(?:\.(\d{1,6}))?$/;

/** "20" or "6.5" TRX as typed → SUN; null when it is not such a number (main then says what is wrong). */
export function capSun(text: string): bigint | null {
  const m = TRX_TEXT.exec(text.trim());
  if (!m) return null;
  return BigInt(m[1]!) * 1_000_000n + BigInt((m[2] ?? '').padEnd(6, '0'));
}

/** Energy one purchase of the rule buys at most: its top-up transfers' energy from an empty wallet, at least the minimum order. */
export function ruleBuyEnergy(energyPerTransfer: string, topUpTransfers: number): number | null {
  if (!/^\d+$/.test(energyPerTransfer) || !Number.isInteger(topUpTransfers) || topUpTransfers < 1) return null;
  const energy = BigInt(energyPerTransfer) * BigInt(topUpTransfers);
  return Number(energy < BigInt(MIN_ENERGY_COUNT) ? BigInt(MIN_ENERGY_COUNT) : energy);
}

export interface RuleCost {
  perBuySun: bigint;
  /** At most this much a day: every allowed order at this price, or the cap. */
  perDaySun: bigint;
  /** One purchase costs more than the whole cap: the rule would never buy. */
  overCap: boolean;
}

export function ruleCost(perBuySun: bigint, maxOrdersPerDay: number, cap: bigint | null): RuleCost {
  const orders = BigInt(Math.max(0, Math.floor(maxOrdersPerDay)));
  const all = perBuySun * orders;
  return { perBuySun, perDaySun: cap !== null && cap < all ? cap : all, overCap: cap !== null && perBuySun > cap };
}

export interface Quoters {
  timed(count: number, period: string): Promise<IpcResult<QuoteView>>;
  fast(count: number): Promise<IpcResult<QuoteView>>;
}

/** The price of one purchase as the engine would pick it: the rule's option, or the cheaper of the two ("cheapest"). */
export async function quoteRuleBuy(
  draft: Pick<RuleDraftView, 'option' | 'period'>,
  count: number,
  quote: Quoters,
): Promise<IpcResult<QuoteView>> {
  if (draft.option === 'timed') return quote.timed(count, draft.period ?? '1h');
  if (draft.option === 'fast_recover') return quote.fast(count);
  const answers = await Promise.all([quote.timed(count, draft.period ?? '1h'), quote.fast(count)]);
  const priced = answers.filter((a): a is Extract<IpcResult<QuoteView>, { ok: true }> => a.ok);
  if (priced.length === 0) return answers[0]!;
  // A tie goes to the timed rental, as the engine picks.
  return priced.reduce((best, one) => (BigInt(one.value.amountSun) < BigInt(best.value.amountSun) ? one : best));
}
