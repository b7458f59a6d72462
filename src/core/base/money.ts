import { formatUnits } from '../../shared/format.ts';

/**
 * Money is integer SUN (1 TRX = 1,000,000 SUN) from the parse boundary on.
 * USDT uses the same six decimals ("micros"). Amounts arrive from the service
 * as decimal strings or JSON numbers in TRX; they are converted here, by string
 * manipulation only, never by float multiplication.
 */
export type Sun = bigint;

export const SUN_PER_TRX = 1_000_000n;

/**
 * The most SUN an amount can hold: TRON keeps balances and amounts as int64
 * SUN, so nothing the service can charge or hold is larger. An amount from
 * the server beyond it (or below zero) is a malformed answer.
 */
export const MAX_SUN = 2n ** 63n - 1n;
const DECIMALS = 6;

/** Text that is not an amount; its message is a code and the text, for the log (callers say it in their own words). */
export class MoneyParseError extends Error {
  override readonly name = 'MoneyParseError';
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Digits, perhaps a dot and at most six decimals: the form the service writes amounts in ("1000000000.0000"). */
const PLAIN_AMOUNT = /^(\d+)(?:\.(\d{0,6}))?$/;

/**
 * The units of an amount in the service's plain form, or undefined for any
 * other text (then parseDecimalToUnits reads it or says what is wrong). Its
 * digits with the decimals padded to six, read as one integer: the general
 * path gives the same value with more string and bigint work, and a client
 * call reads several amounts.
 */
export function plainDecimalToUnits(text: string): bigint | undefined {
  const plain = PLAIN_AMOUNT.exec(text);
  return plain ? BigInt(plain[1]! + (plain[2] ?? '').padEnd(DECIMALS, '0')) : undefined;
}

/**
 * Parses a decimal amount of a six-decimal currency (TRX or USDT) into integer
 * base units. Accepts what the service sends: "1234.5678", "1,234.5678" (a
 * formatted string), 3.25 or 1e-6 (JSON numbers, whose shortest round-trip
 * text is exact for any value the service can mean). Digits beyond the sixth
 * decimal are rounded half away from zero: they are below one SUN.
 */
export function parseDecimalToUnits(input: string | number): bigint {
  const plain = typeof input === 'string' ? plainDecimalToUnits(input) : undefined;
  if (plain !== undefined) return plain;
  if (typeof input === 'number' && !Number.isFinite(input)) {
    throw new MoneyParseError(`not-finite ${String(input)}`);
  }
  const text = String(input).trim().replace(/,/g, '');
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) {
    throw new MoneyParseError(`not-decimal ${JSON.stringify(String(input))}`);
  }
  const sign = match[1] === '-' ? -1n : 1n;
  let digits = (match[2] ?? '') + (match[3] ?? '');
  // Position of the decimal point within `digits`, shifted by the exponent.
  let point = (match[2] ?? '').length + Number(match[4] ?? '0');
  if (Math.abs(point) > 400) throw new MoneyParseError(`out-of-range ${text}`);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (digits.length < point) digits += '0'.repeat(point - digits.length);
  const whole = digits.slice(0, point) || '0';
  const frac = digits.slice(point);
  const kept = frac.slice(0, DECIMALS).padEnd(DECIMALS, '0');
  let units = BigInt(whole) * 10n ** BigInt(DECIMALS) + BigInt(kept);
  const dropped = frac.slice(DECIMALS);
  if (dropped.length > 0 && dropped[0]! >= '5') units += 1n;
  return sign * units;
}

/** TRX (string or JSON number) → SUN. */
export const trxToSun = (input: string | number): Sun => parseDecimalToUnits(input);

export { formatTrx, formatUnits } from '../../shared/format.ts';

/** Plain decimal without separators, for machine output: 1234567800n → "1234.5678". */
export function unitsToDecimalString(units: bigint): string {
  return formatUnits(units, 0).replace(/,/g, '');
}
