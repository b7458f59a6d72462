/**
 * Numbers, amounts, durations and dates in the active locale, through Intl.
 * Amounts arrive as integer base units (SUN, USDT micros) and stay integers:
 * the whole part is grouped by Intl from a bigint (exact at any size), the
 * fraction is the unit's own digits behind the locale's decimal separator.
 * No amount ever passes through a float.
 */
const UNITS_PER_WHOLE = 1_000_000n;
const DECIMALS = 6;

interface NumberSymbols {
  readonly grouped: Intl.NumberFormat;
  readonly decimal: string;
  readonly minus: string;
  /** The locale's digits 0–9 (Latin for the supported languages, kept general). */
  readonly digits: readonly string[];
}

const symbolsCache = new Map<string, NumberSymbols>();

/**
 * Intl is several times slower than the figures it formats are new: the tray
 * and the order list show the same balances, quotes and counts on every
 * redraw, so each text is made once (cleared whole when full).
 */
const formatted = new Map<string, string>();
const FORMATTED_LIMIT = 4096;

function remember(key: string, text: string): void {
  if (formatted.size >= FORMATTED_LIMIT) formatted.clear();
  formatted.set(key, text);
}

function symbols(locale: string): NumberSymbols {
  let found = symbolsCache.get(locale);
  if (found === undefined) {
    const grouped = new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 });
    const part = (n: number, type: Intl.NumberFormatPartTypes): string =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(n).find((p) => p.type === type)?.value ?? '';
    const digits = Array.from({ length: 10 }, (_, d) => grouped.format(d));
    found = { grouped, decimal: part(1.5, 'decimal'), minus: part(-1, 'minusSign'), digits };
    symbolsCache.set(locale, found);
  }
  return found;
}

/**
 * 1234567891234n, "ru" → "1 234 567,891234"; "en" → "1,234,567.891234". At
 * least `minDecimals` decimals are kept, trailing zeros beyond that dropped.
 * Accepts a decimal string of units too.
 */
export function formatAmount(units: bigint | string, locale: string, minDecimals = 2): string {
  const memoKey = `${locale}|${minDecimals}|${units}`;
  const known = formatted.get(memoKey);
  if (known !== undefined) return known;
  const text = groupAmount(typeof units === 'string' ? BigInt(units) : units, locale, minDecimals);
  remember(memoKey, text);
  return text;
}

function groupAmount(value: bigint, locale: string, minDecimals: number): string {
  const abs = value < 0n ? -value : value;
  const { grouped, decimal, minus, digits } = symbols(locale);
  let frac = (abs % UNITS_PER_WHOLE).toString().padStart(DECIMALS, '0');
  while (frac.length > minDecimals && frac.endsWith('0')) frac = frac.slice(0, -1);
  const localFrac = frac.replace(/\d/g, (d) => digits[Number(d)] ?? d);
  return `${value < 0n ? minus : ''}${grouped.format(abs / UNITS_PER_WHOLE)}${frac.length > 0 ? `${decimal}${localFrac}` : ''}`;
}

/**
 * Money to a fixed number of decimals, rounded half up by integer arithmetic
 * ("2.17 TRX" for 2.1667; "2,17 TRX" in Russian). The exact figure is formatAmount's.
 */
export function formatMoneyIn(units: bigint | string, decimals: number, locale: string, unit = 'TRX'): string {
  const value = typeof units === 'string' ? BigInt(units) : units;
  const step = 10n ** BigInt(DECIMALS - decimals);
  const abs = value < 0n ? -value : value;
  const rounded = ((abs + step / 2n) / step) * step;
  return `${formatAmount(value < 0n ? -rounded : rounded, locale, decimals)} ${unit}`;
}

/** "1 234,5678 TRX": the unit stays the symbol the chain uses, in every language. */
export function formatTrxIn(sun: bigint | string, locale: string, minDecimals = 2): string {
  return `${formatAmount(sun, locale, minDecimals)} TRX`;
}

/** "56,78 USDT" */
export function formatUsdtIn(micros: bigint | string, locale: string): string {
  return `${formatAmount(micros, locale, 2)} USDT`;
}

/** 65000 → "65,000" / "65 000"; a bigint or a decimal string of one is grouped exactly. */
export function formatCountIn(count: number | bigint | string, locale: string): string {
  const memoKey = `${locale}|#|${count}`;
  const known = formatted.get(memoKey);
  if (known !== undefined) return known;
  const { grouped, minus } = symbols(locale);
  const value = typeof count === 'bigint' ? count : BigInt(count);
  const text = value < 0n ? `${minus}${grouped.format(-value)}` : grouped.format(value);
  remember(memoKey, text);
  return text;
}

const relativeCache = new Map<string, Intl.RelativeTimeFormat>();

/** "just now", "2 min. ago", "3 ч назад", "3小时前": how long ago `thenMs` was, in the locale's words. */
export function formatAgeIn(thenMs: number, nowMs: number, locale: string): string {
  let rtf = relativeCache.get(locale);
  if (rtf === undefined) {
    rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
    relativeCache.set(locale, rtf);
  }
  const seconds = Math.max(0, Math.round((nowMs - thenMs) / 1000));
  if (seconds < 45) return rtf.format(0, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return rtf.format(-hours, 'hour');
  return rtf.format(-Math.round(hours / 24), 'day');
}

/** A moment as the locale writes a date and time ("23 нояб. 2026 г., 16:20"), in the local time zone unless one is given. */
export function formatDateTimeIn(ms: number, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone === undefined ? {} : { timeZone }),
  }).format(ms);
}

/** A calendar day ("23 Nov 2026", "2026年11月23日"). */
export function formatDateIn(ms: number, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...(timeZone === undefined ? {} : { timeZone }) }).format(ms);
}
