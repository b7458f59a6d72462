/**
 * Display formatting shared by the tray (main) and the dashboard (renderer).
 * Money arrives as integer base units (SUN, or USDT micros) and is formatted
 * by integer arithmetic only.
 */
const UNITS_PER_WHOLE = 1_000_000n;
const DECIMALS = 6;

/**
 * 1234567800n → "1,234.5678". At least `minDecimals` decimals are kept;
 * trailing zeros beyond that are dropped. Accepts a decimal string of units too.
 */
export function formatUnits(units: bigint | string, minDecimals = 2): string {
  const value = typeof units === 'string' ? BigInt(units) : units;
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = (abs / UNITS_PER_WHOLE).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  let frac = (abs % UNITS_PER_WHOLE).toString().padStart(DECIMALS, '0');
  while (frac.length > minDecimals && frac.endsWith('0')) frac = frac.slice(0, -1);
  return `${negative ? '-' : ''}${whole}${frac.length > 0 ? `.${frac}` : ''}`;
}

/** "1,234.5678 TRX" */
export function formatTrx(sun: bigint | string, minDecimals = 2): string {
  return `${formatUnits(sun, minDecimals)} TRX`;
}

/** "56.78 USDT" */
export function formatUsdt(micros: bigint | string): string {
  return `${formatUnits(micros, 2)} USDT`;
}

/** "TXyz…9Ab": enough to recognise an address without a wide column. */
export function shortenAddress(address: string, head = 4, tail = 3): string {
  return address.length <= head + tail + 1 ? address : `${address.slice(0, head)}…${address.slice(-tail)}`;
}

/** 65000 → "65,000"; also a bigint or a decimal string of one (energy read from the chain). */
export function formatCount(count: number | bigint | string): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
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
  const value = typeof units === 'string' ? BigInt(units) : units;
  const decimals = MONEY_DECIMALS[context];
  const step = 10n ** BigInt(DECIMALS - decimals);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const rounded = ((abs + step / 2n) / step) * step;
  const text = formatUnits(rounded, decimals);
  const [whole, frac = ''] = text.split('.');
  const fixed = `${whole!}.${frac.slice(0, decimals).padEnd(decimals, '0')}`;
  return `${negative ? '-' : ''}${fixed} ${unit}`;
}

export function formatMoneyExact(units: bigint | string, unit = 'TRX'): string {
  return `${formatUnits(units, 2)} ${unit}`;
}
