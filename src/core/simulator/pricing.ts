import { unitsToDecimalString } from '../base/money.ts';
import type { ResourceKind } from './state.ts';

/**
 * The simulator's price list. Deterministic on purpose: tests and the demo
 * can predict every amount. Every total is rounded up to a multiple of
 * 100 SUN so that the 4-decimal TRX strings of the spec are exact.
 */

/** Energy: SUN per energy point for the whole period. */
export const ENERGY_PRICE_SUN: ReadonlyMap<string, bigint> = new Map([
  ['15minutes', 40n],
  ['1h', 50n],
  ['1day', 90n],
  ['3day', 240n],
]);

/** Bandwidth: SUN per byte for the whole period. */
export const NET_PRICE_SUN: ReadonlyMap<string, bigint> = new Map([
  ['1day', 1000n],
  ['3day', 2800n],
]);

/** Spec section 8. */
export const MIN_COUNT: Readonly<Record<ResourceKind, number>> = { energy: 30_000, net: 100 };

/** Orders below `below` units pay `feeSun` on top. */
export const SMALL_ORDER_FEE: Readonly<Record<ResourceKind, { below: number; feeSun: bigint }>> = {
  energy: { below: 50_000, feeSun: 500_000n },
  net: { below: 1_000, feeSun: 200_000n },
};

/** One-time top-up: SUN per unit, no fee. */
export const FAST_RECOVER_PRICE_SUN: Readonly<Record<ResourceKind, bigint>> = { energy: 60n, net: 1000n };

export const ACTIVATION_FEE_SUN = 1_500_000n;

export interface SmartModePriceList {
  price65kSun: bigint;
  price131kSun: bigint;
  depositPeriodHours: number;
  depositAmountSun: bigint;
  minEnergyCount: number;
}

export const SMART_PRICE = {
  price65kSun: 3_600_000n,
  price131kSun: 7_200_000n,
  remark: 'TRX per delegation',
  high: { price65kSun: 3_300_000n, price131kSun: 6_600_000n, depositPeriodHours: 24, depositAmountSun: 50_000_000n, minEnergyCount: 5 },
  jisu: { price65kSun: 3_600_000n, price131kSun: 7_200_000n, depositPeriodHours: 12, depositAmountSun: 100_000_000n, minEnergyCount: 10 },
  guangsu: { price65kSun: 4_000_000n, price131kSun: 8_000_000n, depositPeriodHours: 6, depositAmountSun: 200_000_000n, minEnergyCount: 20 },
} as const satisfies {
  price65kSun: bigint;
  price131kSun: bigint;
  remark: string;
  high: SmartModePriceList;
  jisu: SmartModePriceList;
  guangsu: SmartModePriceList;
};

export interface Quote {
  unitPriceSun: bigint;
  feeSun: bigint;
  /** Total to charge, fee included. */
  amountSun: bigint;
  remark: string;
}

const roundUpTo100 = (sun: bigint): bigint => ((sun + 99n) / 100n) * 100n;

/** undefined when the period is not offered for that resource. */
export function quoteTimed(kind: ResourceKind, count: number, period: string): Quote | undefined {
  const unit = (kind === 'energy' ? ENERGY_PRICE_SUN : NET_PRICE_SUN).get(period);
  if (unit === undefined) return undefined;
  const small = SMALL_ORDER_FEE[kind];
  const feeSun = count < small.below ? small.feeSun : 0n;
  const remark =
    feeSun > 0n
      ? `small-order fee ${unitsToDecimalString(feeSun)} TRX below ${small.below} ${unitName(kind)}`
      : 'no extra fee';
  return { unitPriceSun: unit, feeSun, amountSun: roundUpTo100(unit * BigInt(count)) + feeSun, remark };
}

export function quoteFastRecover(kind: ResourceKind, count: number): Quote {
  const unit = FAST_RECOVER_PRICE_SUN[kind];
  return { unitPriceSun: unit, feeSun: 0n, amountSun: roundUpTo100(unit * BigInt(count)), remark: 'no extra fee' };
}

/**
 * A quote at `percent` of the list price (a price spike: 250 = ×2.5): the
 * unit price and the priced part scaled, the fee kept, the total rounded up
 * to 100 SUN as every total is. 100 gives the quote back unchanged.
 */
export function scaleQuote(quote: Quote, percent: bigint): Quote {
  if (percent === 100n) return quote;
  const priced = roundUpTo100(((quote.amountSun - quote.feeSun) * percent + 99n) / 100n);
  return { ...quote, unitPriceSun: (quote.unitPriceSun * percent + 99n) / 100n, amountSun: priced + quote.feeSun };
}

const unitName = (kind: ResourceKind): string => (kind === 'energy' ? 'energy' : 'bytes');
