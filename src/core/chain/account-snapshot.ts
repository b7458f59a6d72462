import { bandwidthReading, energyReading, type BandwidthReading, type EnergyReading } from './resources.ts';
import { BLOCK_INTERVAL_MS, FULL_WINDOW, recovered, WINDOW_SIZE_PRECISION, WINDOW_SLOTS } from './resource-usage.ts';
import type { AccountReply, AccountResourceReply } from './schemas.ts';

/**
 * What a full read of an address (getaccount plus getaccountresource) tells,
 * kept so its energy and bandwidth can be predicted at any later moment
 * without asking the node: each usage counter as java-tron left it at the
 * read (recovered to the head block), when it was last used, and the window
 * it still recovers over. Usage only changes by a new use (a transaction
 * from the address, which a block shows), by a delegation arriving or
 * ending (also in a block), or by recovery, which is deterministic.
 */

/** One usage counter at the read. */
export interface UsageCounter {
  used: bigint;
  /** latest_consume_time: the block of the last use (ms); recovery counts 3-second slots from it. */
  consumedAtMs: number;
  /** The window left at the read, in slots ×1000 (what remains of it recovers linearly). */
  window: bigint;
  /** Slots from the last use to the read. */
  readSlots: number;
}

export interface AccountSnapshot {
  address: string;
  /** getaccount answered {}: never activated. */
  activated: boolean;
  trxSun: bigint;
  energyLimit: bigint;
  /** Staked or delegated bandwidth. */
  netLimit: bigint;
  freeNetLimit: bigint;
  energy: UsageCounter;
  net: UsageCounter;
  freeNet: UsageCounter;
}

/** Whole slots from `fromMs` to `toMs` (both on the block grid or not: the last use is, so the count is the node's). */
const slotsBetween = (fromMs: number, toMs: number): number => Math.max(0, Math.floor((toMs - fromMs) / BLOCK_INTERVAL_MS));

/** java-tron's getWindowSizeV2: 0 is a full window; a window that is not optimized is in whole slots. */
function windowX1000(window: bigint, optimized: boolean): bigint {
  if (window === 0n) return FULL_WINDOW;
  return optimized ? window : window * WINDOW_SIZE_PRECISION;
}

interface RawCounter {
  used: bigint;
  consumedAtMs: bigint;
  window: bigint;
  optimized: boolean;
}

function counterOf(raw: RawCounter, readAt: number, fixedWindow: boolean): UsageCounter {
  const consumedAtMs = Number(raw.consumedAtMs);
  const readSlots = raw.used === 0n ? 0 : slotsBetween(consumedAtMs, readAt);
  // A fixed window (free bandwidth) does not shrink on reads: what is left of it is the full one less the slots since the use.
  const window = fixedWindow
    ? BigInt(Math.max(1, Number(WINDOW_SLOTS) - readSlots)) * WINDOW_SIZE_PRECISION
    : windowX1000(raw.window, raw.optimized);
  return { used: raw.used, consumedAtMs, window, readSlots };
}

/** The snapshot of one full read answered at `readAt` (ms). */
export function snapshotOf(address: string, account: AccountReply, resources: AccountResourceReply, readAt: number): AccountSnapshot {
  return {
    address,
    activated: account.keys > 0,
    trxSun: account.balanceSun,
    energyLimit: resources.energyLimit,
    netLimit: resources.netLimit,
    freeNetLimit: resources.freeNetLimit,
    energy: counterOf(account.energy, readAt, false),
    net: counterOf(account.net, readAt, false),
    freeNet: counterOf(account.freeNet, readAt, true),
  };
}

/**
 * The counter's usage at `at` (ms), by java-tron's formula (resource-usage.ts):
 * what was left at the read recovers linearly over what was left of its window.
 */
export function usageAt(counter: UsageCounter, at: number): bigint {
  if (counter.used === 0n) return 0n;
  const now = Math.max(counter.readSlots, slotsBetween(counter.consumedAtMs, at));
  return recovered({ used: counter.used, slot: counter.readSlots, window: counter.window }, now).used;
}

/** Energy and bandwidth at `at` as a read then would report them, from the snapshot alone. */
export function resourcesAt(snapshot: AccountSnapshot, at: number): { energy: EnergyReading; bandwidth: BandwidthReading } {
  const counters = {
    energyLimit: snapshot.energyLimit,
    energyUsed: usageAt(snapshot.energy, at),
    netLimit: snapshot.netLimit,
    netUsed: usageAt(snapshot.net, at),
    freeNetLimit: snapshot.freeNetLimit,
    freeNetUsed: usageAt(snapshot.freeNet, at),
  };
  return { energy: energyReading(counters), bandwidth: bandwidthReading(counters) };
}
