import { InvariantError } from '../base/domain-error.ts';
import { MIN_ENERGY_COUNT } from '../api/validation.ts';
import { bandwidthPools } from '../chain/resources.ts';
import type { BandwidthReading } from '../chain/resources.ts';
import { BANDWIDTH_PER_USDT_TRANSFER } from '../chain/usdt.ts';

/**
 * How much energy the next USDT transfers need and what it costs to burn TRX
 * instead. Pure integer arithmetic on bigint: energy units, bandwidth bytes
 * and SUN; no I/O, no floats.
 */

/** The service's smallest energy order (spec section 8), as energy units. */
export const MIN_ENERGY_ORDER = BigInt(MIN_ENERGY_COUNT);

/** The callers' figures are checked where they are read; a figure out of range here is a bug. */
function assertPositive(value: bigint, what: string): void {
  if (value <= 0n) throw new InvariantError('not-positive', { what, value: value.toString() });
}

function assertNotNegative(value: bigint, what: string): void {
  if (value < 0n) throw new InvariantError('negative', { what, value: value.toString() });
}

/** Whole transfers the available energy pays for. */
export function transfersCovered(availableEnergy: bigint, energyPerTransfer: bigint): bigint {
  assertNotNegative(availableEnergy, 'availableEnergy');
  assertPositive(energyPerTransfer, 'energyPerTransfer');
  return availableEnergy / energyPerTransfer;
}

/** Energy lacking for `transfers` transfers: exactly what would be burned for. */
export function energyShortfall(availableEnergy: bigint, energyPerTransfer: bigint, transfers: bigint): bigint {
  assertNotNegative(availableEnergy, 'availableEnergy');
  assertPositive(energyPerTransfer, 'energyPerTransfer');
  assertNotNegative(transfers, 'transfers');
  const needed = energyPerTransfer * transfers;
  return needed > availableEnergy ? needed - availableEnergy : 0n;
}

/**
 * Energy to order so that `transfers` transfers are covered: the shortfall,
 * raised to the service's minimum order; 0 when nothing is missing (no order).
 */
export function energyToOrder(availableEnergy: bigint, energyPerTransfer: bigint, transfers: bigint): bigint {
  const shortfall = energyShortfall(availableEnergy, energyPerTransfer, transfers);
  if (shortfall === 0n) return 0n;
  return shortfall < MIN_ENERGY_ORDER ? MIN_ENERGY_ORDER : shortfall;
}

/** TRX (SUN) the chain burns for `energy` units an account lacks, at getEnergyFee. */
export function energyBurnSun(energy: bigint, energyFeeSun: bigint): bigint {
  assertNotNegative(energy, 'energy');
  assertNotNegative(energyFeeSun, 'energyFeeSun');
  return energy * energyFeeSun;
}

export interface SavedVsBurned {
  /** What burning TRX for the same energy would have cost. */
  wouldHaveBurnedSun: bigint;
  spentSun: bigint;
  /** Would-have-burned minus spent; negative when renting cost more than burning. */
  savedSun: bigint;
}

/**
 * "Saved vs burned" for one energy order: its price against the TRX the same
 * energy would have burned at the chain's fee when the order succeeded.
 */
export function savedVsBurned(energy: bigint, energyFeeSun: bigint, spentSun: bigint): SavedVsBurned {
  assertNotNegative(spentSun, 'spent');
  const wouldHaveBurnedSun = energyBurnSun(energy, energyFeeSun);
  return { wouldHaveBurnedSun, spentSun, savedSun: wouldHaveBurnedSun - spentSun };
}

/** Sums of several orders' savings (e.g. "saved X TRX this month"). */
export function totalSavings(items: Iterable<SavedVsBurned>): SavedVsBurned {
  let wouldHaveBurnedSun = 0n;
  let spentSun = 0n;
  for (const item of items) {
    wouldHaveBurnedSun += item.wouldHaveBurnedSun;
    spentSun += item.spentSun;
  }
  return { wouldHaveBurnedSun, spentSun, savedSun: wouldHaveBurnedSun - spentSun };
}

/**
 * TRX (SUN) burned for the bandwidth of `transactions` transactions of `bytes`
 * each. TRON pays a transaction's bytes from staked bandwidth, else from the
 * free allowance, and burns getTransactionFee per byte for all of them when
 * neither pool alone covers it: a transaction is never split across pools
 * (java-tron's BandwidthProcessor; java-tron issue #2351 shows 248 free bytes
 * left and a 264-byte transaction paid in full). So each pool covers
 * floor(left / bytes) transactions and the rest burn.
 */
export function bandwidthBurnSun(
  reading: BandwidthReading,
  bandwidthFeeSun: bigint,
  transactions = 1n,
  bytes: bigint = BANDWIDTH_PER_USDT_TRANSFER,
): bigint {
  assertPositive(bytes, 'bytes');
  assertNotNegative(transactions, 'transactions');
  assertNotNegative(bandwidthFeeSun, 'bandwidthFeeSun');
  const { staked, free } = bandwidthPools(reading);
  const covered = staked / bytes + free / bytes;
  return transactions > covered ? (transactions - covered) * bytes * bandwidthFeeSun : 0n;
}
