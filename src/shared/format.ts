/**
 * Display formatting shared by the tray (main) and the dashboard (renderer).
 * Money arrives as integer base units (SUN, or USDT micros) and is formatted
 * by integer arithmetic only.
 */
import { formatAmount, formatCountIn, formatMoneyIn, formatTrxIn, formatUsdtIn } from './i18n/locale-format.ts';

/**
 * 1234567800n → "1,234.5678" (English). At least `minDecimals` decimals are
 * kept; trailing zeros beyond that are dropped. Accepts a decimal string of
 * units too. Other languages: formatAmount in i18n/locale-format.ts.
 */
export function formatUnits(units: bigint | string, minDecimals = 2): string {
  return formatAmount(units, 'en', minDecimals);
}

/** "1,234.5678 TRX" */
export function formatTrx(sun: bigint | string, minDecimals = 2): string {
  return formatTrxIn(sun, 'en', minDecimals);
}

/** "56.78 USDT" */
export function formatUsdt(micros: bigint | string): string {
  return formatUsdtIn(micros, 'en');
}

/** "TXyz…9Ab": enough to recognise an address without a wide column. */
export function shortenAddress(address: string, head = 4, tail = 3): string {
  return address.length <= head + tail + 1 ? address : `${address.slice(0, head)}…${address.slice(-tail)}`;
}

/** 65000 → "65,000"; also a bigint or a decimal string of one (energy read from the chain). */
export function formatCount(count: number | bigint | string): string {
  return formatCountIn(count, 'en');
}

/** "just now", "2 min ago", "3 h ago" — for "updated …" labels. */
export function formatAge(thenMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.round((nowMs - thenMs) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/** How many decimals money shows where: balances and prices to the cent, per-unit prices to the SUN. */
export const MONEY_DECIMALS = { balance: 2, price: 2, total: 2, unit: 6 } as const;
export type MoneyContext = keyof typeof MONEY_DECIMALS;

/**
 * The one money format of the dashboard: a fixed number of decimals for the
 * context, rounded half up by integer arithmetic ("2.17 TRX" for 2.1667).
 * `formatMoneyExact` gives every SUN, for a hover title.
 */
export function formatMoney(units: bigint | string, context: MoneyContext, unit = 'TRX'): string {
  return formatMoneyIn(units, MONEY_DECIMALS[context], 'en', unit);
}

export function formatMoneyExact(units: bigint | string, unit = 'TRX'): string {
  return `${formatUnits(units, 2)} ${unit}`;
}
