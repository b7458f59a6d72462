/**
 * The one money rule. Every amount a person reads — the dashboard and the
 * popover, the confirmation and main's approval, toasts, notifications, the
 * tray, the CLI's human output — is `moneyText`: two decimals, rounded half up
 * by integer arithmetic, in the language's notation, the unit after it
 * ("5.86 TRX", "5,86 TRX"). A non-zero amount that would read 0.00 says
 * "< 0.01 TRX" instead. The exact figure, every SUN, is `exactMoneyText`: a
 * hover title, a detail line, `--json` and the CSV keep it. A quote and its
 * charge go through the same function, so one order never reads two ways.
 */
import { formatAmount, formatMoneyIn } from './i18n/locale-format.ts';

/** Decimals every amount shows. */
export const MONEY_DECIMALS_SHOWN = 2;

/** Base units (SUN, USDT micros) per shown step: 0.01. */
const STEP = 10_000n;

const toBigInt = (units: bigint | string): bigint => (typeof units === 'string' ? BigInt(units) : units);

/** "5.86 TRX" (en), "5,86 TRX" (ru); "< 0.01 TRX" for 1–4,999 SUN. */
export function moneyText(units: bigint | string, language: string, unit = 'TRX'): string {
  const value = toBigInt(units);
  const abs = value < 0n ? -value : value;
  if (abs !== 0n && abs < STEP / 2n) {
    const smallest = formatMoneyIn(STEP, MONEY_DECIMALS_SHOWN, language, unit);
    return value < 0n ? `>\u00a0${formatMoneyIn(-STEP, MONEY_DECIMALS_SHOWN, language, unit)}` : `<\u00a0${smallest}`;
  }
  return formatMoneyIn(value, MONEY_DECIMALS_SHOWN, language, unit);
}

/** Every SUN, at least two decimals: "5.856812 TRX". */
export function exactMoneyText(units: bigint | string, language: string, unit = 'TRX'): string {
  return `${formatAmount(toBigInt(units), language, MONEY_DECIMALS_SHOWN)} ${unit}`;
}

/** Whether moneyText hides digits of this amount (then a detail line or hover gives the exact one). */
export function moneyIsRounded(units: bigint | string): boolean {
  return toBigInt(units) % STEP !== 0n;
}

/** The figure alone by the same rule, for "6.50 / 20.00 TRX" where the unit follows once. */
export function moneyFigure(units: bigint | string, language: string): string {
  return moneyText(units, language, '').trimEnd();
}

/**
 * Two amounts one sentence compares ("costs X, more than the Y left"; "Daily
 * cap: X → Y"): by the rule, unless they differ but would read the same —
 * then both exact, so the sentence stays true ("8.000001 TRX, more than the 8.00 TRX").
 */
export function moneyPairText(a: bigint | string, b: bigint | string, language: string, unit = 'TRX'): [string, string] {
  const [x, y] = [moneyText(a, language, unit), moneyText(b, language, unit)];
  if (x !== y || toBigInt(a) === toBigInt(b)) return [x, y];
  return [exactMoneyText(a, language, unit), exactMoneyText(b, language, unit)];
}

/** English, for the core's own sentences (errors, decisions). */
export const moneyPairEn = (a: bigint | string, b: bigint | string): [string, string] => moneyPairText(a, b, 'en');
