/**
 * What the dashboard's pictures draw (issue 23): plain JSON, amounts as
 * decimal strings of SUN like every view. Only the drawing turns them into
 * numbers; every figure written beside a chart comes from these exact strings.
 */

/** At most this many days in one chart or price history (a quarter of a year). */
export const MAX_CHART_DAYS = 92;

/** One local day of spend: what the orders cost, and what the same energy would have burned without renting. */
export interface SpendDayView {
  /** "2026-11-24", the machine's local day. */
  day: string;
  /** Local midnight of that day, in ms. */
  startMs: number;
  /** Orders of the day that are known to cost (succeeded or under way: charged, else quoted), as the spend totals count. */
  spentSun: string;
  /** Orders of the day whose outcome is unknown, at their quote. */
  uncertainSun: string;
  /** Energy orders that succeeded that day: TRX the same energy would have burned at the chain's fee then. */
  wouldBurnSun: string;
}

export interface SpendChartView {
  /** Every day of the range, oldest first, days without orders included (zeros). */
  days: SpendDayView[];
  spentSun: string;
  wouldBurnSun: string;
  /** What the energy orders with a known burn figure saved against burning (negative when renting cost more). */
  savedSun: string;
}

/** The quotes of one kind, resource and period the app made, oldest first: the unit price (SUN a unit) over time. */
export interface PriceSeriesView {
  kind: 'timed' | 'fast_recover';
  resource: 'energy' | 'net';
  period: string | null;
  points: Array<{ at: number; unitPriceSun: string }>;
}

export interface PriceHistoryView {
  series: PriceSeriesView[];
}
