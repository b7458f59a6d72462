/**
 * Display formatting shared by the tray (main) and the dashboard (renderer).
 * Money arrives as integer base units (SUN, or USDT micros) and is formatted
 * by integer arithmetic only.
 */
import { formatAmount, formatCountIn, formatUsdtIn } from './i18n/locale-format.ts';
import { exactMoneyText, moneyText } from './money-text.ts';

/**
 * 1234567800n → "1,234.5678" (English). At least `minDecimals` decimals are
 * kept; trailing zeros beyond that are dropped. Accepts a decimal string of
 * units too. Other languages: formatAmount in i18n/locale-format.ts.
 */
export function formatUnits(units: bigint | string, minDecimals = 2): string {
  return formatAmount(units, 'en', minDecimals);
}

/** "1,234.57 TRX": the one money rule (money-text.ts), in English. */
export function formatTrx(sun: bigint | string): string {
  return moneyText(sun, 'en');
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

/**
 * Where an amount is shown. Every context shows the same two decimals (the one
 * money rule of money-text.ts); the name says what the figure is, for readers.
 */
export type MoneyContext = 'balance' | 'price' | 'total';

/** The one money format, in English ("2.17 TRX" for 2.1667); `formatMoneyExact` gives every SUN, for a hover title. */
export function formatMoney(units: bigint | string, _context: MoneyContext = 'price', unit = 'TRX'): string {
  return moneyText(units, 'en', unit);
}

export function formatMoneyExact(units: bigint | string, unit = 'TRX'): string {
  return exactMoneyText(units, 'en', unit);
}
