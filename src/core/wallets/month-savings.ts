import type { SucceededFigures } from '../orders/order-history.ts';
import { totalSavings, type SavedVsBurned } from './need-estimate.ts';
import { energyOfOrder } from './order-energy.ts';

export interface MonthSavings extends SavedVsBurned {
  /** Succeeded energy orders counted. */
  orders: number;
  /** Succeeded energy orders this month left out: no chain fee was read when they succeeded, or no price is known. */
  uncounted: number;
  /** Local midnight of the first day of the month, in ms. */
  monthStart: number;
}

/** The first moment of `now`'s month in the machine's time zone. */
export function startOfMonth(now: number): number {
  const date = new Date(now);
  return new Date(date.getFullYear(), date.getMonth(), 1).getTime();
}

/**
 * "Saved X TRX this month": succeeded energy orders that finished this month,
 * what they cost (charged, else quoted) against what the same energy would
 * have burned at the chain's fee when each succeeded. Exact, in SUN.
 */
export function monthSavings(orders: readonly SucceededFigures[], now: number): MonthSavings {
  const monthStart = startOfMonth(now);
  const counted: SavedVsBurned[] = [];
  let uncounted = 0;
  for (const order of orders) {
    if (order.state !== 'succeeded' || energyOfOrder(order) === null || (order.finishedAt ?? 0) < monthStart) continue;
    const spentSun = order.chargedSun ?? order.quotedSun;
    const wouldHaveBurnedSun = order.wouldBurnSun ?? null;
    if (spentSun === null || wouldHaveBurnedSun === null) {
      uncounted++;
      continue;
    }
    counted.push({ wouldHaveBurnedSun, spentSun, savedSun: wouldHaveBurnedSun - spentSun });
  }
  return { ...totalSavings(counted), orders: counted.length, uncounted, monthStart };
}
