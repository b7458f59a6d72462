/**
 * Calendar dates in the local time zone of whoever runs this (the dashboard,
 * main, the CLI): a date typed as "YYYY-MM-DD" means that whole local day.
 */

/** Local midnight at the start of a calendar date "YYYY-MM-DD", or null when it is not one. */
export function localDateStart(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(year, month - 1, day);
  return d.getFullYear() === year && d.getMonth() === month - 1 && d.getDate() === day ? d.getTime() : null;
}

/** Local midnight of the day after `epochMs`'s day (DST-safe: a day is not always 24 h). */
export function nextLocalDay(epochMs: number): number {
  const d = new Date(epochMs);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}
