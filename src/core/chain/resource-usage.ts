/**
 * Energy and bandwidth usage as java-tron computes it
 * (chainbase/.../db/ResourceProcessor.java, increaseV2, with
 * AllowCancelAllUnfreezeV2 on as on mainnet). Time is counted in slots, one
 * per 3-second block since the genesis block (timestamp 0 on mainnet, so a
 * slot is ms / 3000); a usage recovers linearly over its window, 28,800
 * slots (24 h) for a fresh use. When a new use lands on usage not yet
 * recovered, the window becomes the usage-weighted mean of what was left of
 * the old window and a full new one, so "24 h after the last use" is not
 * exactly when an account is whole again; reads show the window shrinking.
 * Averages carry 6 decimal places (PRECISION) and decay with a double, as in
 * Java, so figures match a node's to the unit.
 */

export const BLOCK_INTERVAL_MS = 3_000;
/** 24 h of 3-second slots. */
export const WINDOW_SLOTS = 28_800n;
const PRECISION = 1_000_000n;
/** java-tron keeps optimized window sizes ×1000 (WINDOW_SIZE_PRECISION); net_window_size prints that. */
export const WINDOW_SIZE_PRECISION = 1_000n;
export const FULL_WINDOW = WINDOW_SLOTS * WINDOW_SIZE_PRECISION;

/**
 * One usage counter: `used` as of slot `slot` (latest_consume_time),
 * recovering over `window` (×1000 slots). Free bandwidth keeps the fixed
 * 24-hour window (BandwidthProcessor uses the plain increase for it).
 */
export interface Usage {
  used: bigint;
  slot: number;
  window: bigint;
  readonly fixedWindow?: boolean;
}

export const slotOf = (ms: number): number => Math.floor(ms / BLOCK_INTERVAL_MS);

export const freshUsage = (fixedWindow = false): Usage => ({ used: 0n, slot: 0, window: FULL_WINDOW, fixedWindow });

const divideCeil = (n: bigint, d: bigint): bigint => n / d + (n % d > 0n ? 1n : 0n);

/** AccountCapsule.getWindowSize: the window in whole slots. */
function windowSlots(window: bigint): bigint {
  return window < WINDOW_SIZE_PRECISION ? WINDOW_SLOTS : window / WINDOW_SIZE_PRECISION;
}

/** Math.round(long × double) as Java evaluates it, for the non-negative values here. */
function decay(average: bigint, elapsed: bigint, window: bigint): bigint {
  const factor = Number(window - elapsed) / Number(window);
  return BigInt(Math.round(Number(average) * factor));
}

/**
 * ResourceProcessor.increaseV2: `usage` recovered to slot `now`, plus
 * `amount` used at `now`. Returns the new counter (its slot stays the last
 * use's when nothing is added, as a read leaves latest_consume_time alone).
 */
export function increase(usage: Usage, amount: bigint, now: number): Usage {
  const oldWindow = usage.fixedWindow ? WINDOW_SLOTS : windowSlots(usage.window);
  const elapsed = BigInt(Math.max(0, now - usage.slot));
  let averageLast = divideCeil(usage.used * PRECISION, oldWindow);
  const averageNew = divideCeil(amount * PRECISION, WINDOW_SLOTS);
  if (elapsed > 0n) averageLast = elapsed < oldWindow ? decay(averageLast, elapsed, oldWindow) : 0n;
  const used = (averageLast * oldWindow + averageNew * WINDOW_SLOTS) / PRECISION;
  const slot = amount > 0n ? Math.max(now, usage.slot) : usage.slot;
  const remaining = (averageLast * oldWindow) / PRECISION;
  if (remaining === 0n || usage.fixedWindow) return { ...usage, used, slot, window: FULL_WINDOW };
  const remainingWindow = usage.window - elapsed * WINDOW_SIZE_PRECISION;
  const mixed = divideCeil(remaining * remainingWindow + amount * FULL_WINDOW, used);
  return { ...usage, used, slot, window: mixed < FULL_WINDOW ? mixed : FULL_WINDOW };
}

/** What a read at slot `now` reports (java-tron's updateUsage on the account it answers with). */
export const recovered = (usage: Usage, now: number): Usage => increase(usage, 0n, now);

/** Uses `amount` at slot `now`, in place. */
export function consume(usage: Usage, amount: bigint, now: number): void {
  Object.assign(usage, increase(usage, amount, now));
}
