import { periodParts } from '../order-rules.ts';

/**
 * A rental period as people read it in their language: the service's
 * "1h", "1day", "3day" become "1 hr", "1 дн.", "3天" (Intl.DurationFormat,
 * short style). A name the app cannot measure is shown as the service sent it,
 * so nothing the server says is hidden.
 */

// TypeScript's ES2023 lib has no Intl.DurationFormat yet; Node 24 and Chromium (Electron 45) have it.
interface DurationFormatter {
  format(duration: Partial<Record<'minutes' | 'hours' | 'days', number>>): string;
}
type DurationFormatConstructor = new (locale: string, options: { style: 'short' }) => DurationFormatter;

const formatters = new Map<string, DurationFormatter | null>();

function formatterFor(locale: string): DurationFormatter | null {
  let found = formatters.get(locale);
  if (found === undefined) {
    const Ctor = (Intl as unknown as { DurationFormat?: DurationFormatConstructor }).DurationFormat;
    found = Ctor === undefined ? null : new Ctor(locale, { style: 'short' });
    formatters.set(locale, found);
  }
  return found;
}

export function periodText(period: string, locale: string): string {
  const parts = periodParts(period);
  const formatter = formatterFor(locale);
  if (parts === null || formatter === null) return period;
  return formatter.format({ [parts.unit]: parts.amount });
}

/** The i18next formatter name: catalogues write `{{period, period}}`. */
export const PERIOD_FORMAT = 'period';
