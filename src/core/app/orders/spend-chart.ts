// app/orders: the paid-order lifecycle (placing, settling, the daily limit), quotes, order views and reports.
import type { SpendChartView } from '../../../shared/views.ts';
import { periodKey } from '../../base/calendar-period.ts';
import type { Sun } from '../../base/money.ts';
import type { SpendTotal, SucceededFigures } from '../../orders/order-history.ts';
import { energyOfOrder } from '../../wallets/order-energy.ts';

export { MAX_CHART_DAYS } from '../../../shared/chart-views.ts';

/** Local midnight `days - 1` days before `now`'s day: the first day of a `days`-day chart. */
export function chartStart(now: number, days: number): number {
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() - (days - 1)).getTime();
}

/**
 * The Orders tab's spend per day with the saved-vs-burned line, exact in SUN:
 * each day's spend as the spend totals count it (`totals`, by creation day),
 * and what the energy orders that succeeded that day would have burned
 * (`succeeded`, by finish day, those with a recorded figure). Saved is that
 * figure against what those same orders cost.
 */
export function spendChart(
  totals: readonly SpendTotal[],
  succeeded: readonly SucceededFigures[],
  now: number,
  days: number,
): SpendChartView {
  const start = chartStart(now, days);
  const byDay = new Map(totals.map((t) => [t.period, t]));
  const burned = new Map<string, Sun>();
  let wouldBurn = 0n;
  let countedSpent = 0n;
  for (const order of succeeded) {
    const cost = order.chargedSun ?? order.quotedSun;
    if (
      energyOfOrder(order) === null ||
      order.finishedAt === null ||
      order.finishedAt < start ||
      (order.wouldBurnSun ?? null) === null ||
      cost === null
    )
      continue;
    const day = periodKey(order.finishedAt, 'day');
    burned.set(day, (burned.get(day) ?? 0n) + order.wouldBurnSun!);
    wouldBurn += order.wouldBurnSun!;
    countedSpent += cost;
  }
  const first = new Date(start);
  let spent = 0n;
  const list: SpendChartView['days'] = [];
  for (let i = 0; i < days; i++) {
    const startMs = new Date(first.getFullYear(), first.getMonth(), first.getDate() + i).getTime();
    const day = periodKey(startMs, 'day');
    const total = byDay.get(day);
    spent += total?.spentSun ?? 0n;
    list.push({
      day,
      startMs,
      spentSun: (total?.spentSun ?? 0n).toString(),
      uncertainSun: (total?.uncertainSun ?? 0n).toString(),
      wouldBurnSun: (burned.get(day) ?? 0n).toString(),
    });
  }
  return { days: list, spentSun: spent.toString(), wouldBurnSun: wouldBurn.toString(), savedSun: (wouldBurn - countedSpent).toString() };
}
