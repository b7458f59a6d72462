import type { AccountSnapshot } from '../chain/account-snapshot.ts';
import type { BlockPlace } from '../chain/block-follower.ts';
import type { ResourceReading } from '../chain/chain-client.ts';
import type { BudgetStatus } from '../chain/request-budget.ts';
import type { ReadReason } from './watch-jobs.ts';

/** What the wallet watcher tells (wallet-watcher.ts), and what it knows of an address. */

export interface WatcherEvents {
  /** A full read answered; `startedAt`: when it was sent (what it shows is at least as new as that). */
  resources: { address: string; reading: ResourceReading; snapshot: AccountSnapshot; at: number; startedAt: number; why: ReadReason };
  trx: { address: string; trxSun: bigint; activated: boolean; at: number };
  failed: { address: string; error: unknown; at: number; retryInMs: number };
  pauseChanged: { paused: boolean; reasons: string[] };
  /** The chain was followed up to `head`: every watched address is known unchanged up to its time, unless a block said otherwise. */
  followed: { head: BlockPlace; at: number };
  followFailed: { error: unknown; at: number; retryInMs: number };
  /** The budget's plan changed: short (and why) or back to enough. */
  budget: BudgetStatus;
  /** stop() was called: what is kept of the watch is written now. */
  stopping: { at: number };
}

/** What is known of an address now: the prediction from its last read, and how far it can be trusted. */
export interface WalletFigures {
  reading: ResourceReading;
  snapshot: AccountSnapshot;
  startedAt: number;
  readAt: number;
  /** Nothing unseen can have changed it before this (the chain was followed so far, and no block since the read touched it). */
  vouchedAt: number;
  /** A block touched the address after the read: a read is due or under way. */
  changePending: boolean;
}
