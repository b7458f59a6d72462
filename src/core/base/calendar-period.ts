/** Calendar periods in the local time zone of this process, for totals per day, week or month. */
export type CalendarPeriod = 'day' | 'week' | 'month';

const pad = (n: number): string => String(n).padStart(2, '0');
const dateKey = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * The period `epochMs` falls in, as a key that sorts in time order: a day
 * "2025-01-31", a week by its Monday "2025-01-27", a month "2025-01".
 */
export function periodKey(epochMs: number, period: CalendarPeriod): string {
  const d = new Date(epochMs);
  if (period === 'month') return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
  if (period === 'week') d.setDate(d.getDate() - ((d.getDay() + 6) % 7)); // back to Monday; setDate is safe across DST
  return dateKey(d);
}

export { localDateStart, nextLocalDay } from '../../shared/calendar.ts';
