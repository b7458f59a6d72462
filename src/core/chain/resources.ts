/**
 * An address's energy and bandwidth as the node reports them, with what is
 * available now. The node already applies recovery when it answers
 * (java-tron updates usage to the current time before replying), so
 * available = limit − used, never below 0: used can exceed the limit after a
 * delegation ends.
 */

export interface EnergyReading {
  limit: bigint;
  used: bigint;
  available: bigint;
}

export interface BandwidthReading {
  /** The free daily allowance every activated account gets (600 bytes on mainnet today). */
  freeLimit: bigint;
  freeUsed: bigint;
  /** Staked or delegated bandwidth. */
  limit: bigint;
  used: bigint;
  /** Free plus staked bandwidth left. */
  available: bigint;
}

export interface RawResourceCounters {
  energyLimit: bigint;
  energyUsed: bigint;
  netLimit: bigint;
  netUsed: bigint;
  freeNetLimit: bigint;
  freeNetUsed: bigint;
}

const left = (limit: bigint, used: bigint): bigint => (limit > used ? limit - used : 0n);

export function energyReading(raw: RawResourceCounters): EnergyReading {
  return { limit: raw.energyLimit, used: raw.energyUsed, available: left(raw.energyLimit, raw.energyUsed) };
}

export function bandwidthReading(raw: RawResourceCounters): BandwidthReading {
  return {
    freeLimit: raw.freeNetLimit,
    freeUsed: raw.freeNetUsed,
    limit: raw.netLimit,
    used: raw.netUsed,
    available: left(raw.freeNetLimit, raw.freeNetUsed) + left(raw.netLimit, raw.netUsed),
  };
}

/** Staked bandwidth left and free bandwidth left, apart: a transaction is paid from one pool, never split. */
export function bandwidthPools(reading: BandwidthReading): { staked: bigint; free: bigint } {
  return { staked: left(reading.limit, reading.used), free: left(reading.freeLimit, reading.freeUsed) };
}
