import type { AccountSnapshot } from '../chain/account-snapshot.ts';
import type { FollowedBlocks } from '../chain/block-follower.ts';
import { MAX_SERVER_DELAY_MS } from '../base/http/backoff.ts';

/**
 * When the wallet watcher reads an address again. Never on a timer of its
 * own while nothing happens (the prediction stands in), but: when it is new;
 * when a block shows a transaction from it or a delegation to or from it
 * (`changed`); when an order of this app for it finished (at once, and once
 * more after the delegation must show, `confirmAt`); when the person asks;
 * after a failure (backed off); and when its prediction has aged past the
 * refresh bound the budget allows.
 */

export interface WalletCadence {
  /** An address nothing happened to is read again after this (a short budget stretches it). */
  refreshMs: number;
  /** After an order for the address succeeds: read at once, and again this much later, when its delegation must show. */
  settleMs: number;
  /** The first wait after a failed read; failures double it up to `errorCapMs`. */
  retryMs: number;
  /** Failures double the gap up to this, and no wait a node asks for (Retry-After) is longer. */
  errorCapMs: number;
  /** ± fraction applied to each refresh, so many addresses do not come due together. */
  jitter: number;
  /** Reads in flight at once, over every address (a read is two requests). */
  maxInFlight: number;
}

export const DEFAULT_WALLET_CADENCE: Readonly<WalletCadence> = {
  refreshMs: 6 * 3_600_000,
  settleMs: 65_000,
  retryMs: 15_000,
  errorCapMs: MAX_SERVER_DELAY_MS,
  jitter: 0.1,
  maxInFlight: 4,
};

/**
 * The cadence with every address read at least every `idleMs` (the daemon's
 * ENERGY_TRAY_WALLET_INTERVAL_MS): the cap on waits after failures shrinks
 * with it, to ten intervals, and never exceeds 10 minutes.
 */
export function cadenceEvery(idleMs: number): Partial<WalletCadence> {
  return {
    refreshMs: idleMs,
    retryMs: Math.min(idleMs, DEFAULT_WALLET_CADENCE.retryMs),
    errorCapMs: Math.min(MAX_SERVER_DELAY_MS, 10 * idleMs),
  };
}

export type ReadReason = 'new' | 'changed' | 'order' | 'confirm' | 'asked' | 'retry' | 'refresh';

export interface AddressJob {
  readonly address: string;
  /** The last full read, when it was sent and answered. */
  snapshot: AccountSnapshot | null;
  startedAt: number;
  readAt: number;
  /**
   * A block since the last read touched the address: when the follower saw
   * it, the block's time, and (paced by the budget) not before when.
   */
  changed: { seenAt: number; blockAt: number; notBefore: number } | null;
  /** Read at once: new, an order finished, asked, a reorganisation or skipped blocks. */
  now: number | null;
  confirmAt: number | null;
  /** The refresh's own jitter, drawn at each read. */
  refreshJitter: number;
  errors: number;
  retryAt: number | null;
  failedAt: number | null;
  inFlight: boolean;
  /** The PollLoop's view: when it is due (kept current by dueOf). */
  dueAt: number;
  /** Watching closely until then: an energy order for it is on its way (the view says so). */
  fastUntil: number;
}

export function newJob(address: string, now: number): AddressJob {
  return {
    address,
    snapshot: null,
    startedAt: 0,
    readAt: 0,
    changed: null,
    now,
    confirmAt: null,
    refreshJitter: 1,
    errors: 0,
    retryAt: null,
    failedAt: null,
    inFlight: false,
    dueAt: now,
    fastUntil: 0,
  };
}

/** When the job is due and why (Infinity: nothing due), before the node's own wait and the event pacing are applied. */
export function dueOf(job: AddressJob, refreshMs: number): { at: number; why: ReadReason } {
  if (job.errors > 0 && job.retryAt !== null) return { at: job.retryAt, why: 'retry' };
  const candidates: Array<{ at: number; why: ReadReason }> = [];
  if (job.now !== null) candidates.push({ at: job.now, why: job.snapshot === null ? 'new' : 'asked' });
  if (job.changed !== null) candidates.push({ at: Math.max(job.changed.seenAt, job.changed.notBefore), why: 'changed' });
  if (job.confirmAt !== null) candidates.push({ at: job.confirmAt, why: 'confirm' });
  if (job.snapshot !== null && Number.isFinite(refreshMs)) {
    candidates.push({ at: job.readAt + Math.round(refreshMs * job.refreshJitter), why: 'refresh' });
  }
  let best = { at: Infinity, why: 'refresh' as ReadReason };
  for (const c of candidates) if (c.at < best.at) best = c;
  return best;
}

/** A read sent at `startedAt` answered: what it covers is no longer due. */
export function readDone(job: AddressJob, snapshot: AccountSnapshot, startedAt: number, at: number, jitter: number): void {
  job.snapshot = snapshot;
  job.startedAt = startedAt;
  job.readAt = at;
  job.errors = 0;
  job.retryAt = null;
  job.refreshJitter = jitter;
  if (job.now !== null && job.now <= startedAt) job.now = null;
  // A change seen after the read was sent may not be in it: it stays due.
  if (job.changed !== null && job.changed.seenAt <= startedAt) job.changed = null;
  if (job.confirmAt !== null && job.confirmAt <= startedAt) job.confirmAt = null;
}

/** A read failed: the next try after the doubled gap, or the node's wait when longer, both within the cap. */
export function readFailed(job: AddressJob, at: number, cadence: WalletCadence, askedMs: number): number {
  job.errors++;
  job.failedAt = at;
  const doubled = Math.min(cadence.errorCapMs, cadence.retryMs * 2 ** Math.min(job.errors - 1, 16));
  const retryInMs = Math.min(cadence.errorCapMs, Math.max(doubled, askedMs));
  job.retryAt = at + retryInMs;
  return retryInMs;
}

/**
 * A poll of the follower: each address a block touched is due (from when
 * the follower saw it); after a reorganisation the addresses of the replaced
 * blocks, and after skipped blocks every address, are due whatever their
 * last read, since anything since it may have changed.
 */
export function markChanged(jobs: ReadonlyMap<string, AddressJob>, batch: FollowedBlocks, now: number): void {
  for (const block of batch.blocks) {
    for (const address of block.touched) {
      const job = jobs.get(address);
      if (job && job.changed === null) job.changed = { seenAt: now, blockAt: block.timestamp, notBefore: 0 };
    }
  }
  const again = batch.skipped ? jobs.keys() : batch.replaced;
  for (const address of again) {
    const job = jobs.get(address);
    if (job) job.changed = { seenAt: now, blockAt: Math.min(job.changed?.blockAt ?? Infinity, job.readAt + 1), notBefore: 0 };
  }
}
