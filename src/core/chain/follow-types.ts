import type { ChainBlock } from './blocks.ts';

/** What the block follower tells its listeners (block-follower.ts). */

/** What one poll took in. */
export interface FollowedBlocks {
  /** Blocks taken in, oldest first, each with the addresses its transactions touched. */
  blocks: ReadonlyArray<Pick<ChainBlock, 'number' | 'timestamp' | 'touched'>>;
  /** Addresses touched by blocks a reorganisation replaced. */
  replaced: readonly string[];
  /** Blocks were skipped (too far behind, or the node no longer has them): anything watched may have changed. */
  skipped: boolean;
  /** The newest block taken in. */
  head: BlockPlace;
}

export interface BlockPlace {
  number: number;
  id: string;
  timestamp: number;
}

export interface FollowerHealth {
  /** The newest block taken in: every address is known unchanged up to its time, unless a block since says otherwise. */
  head: BlockPlace | null;
  /** Since when polls fail (null while they work). */
  failingSince: number | null;
  /** When the next poll is due after a failure. */
  retryAt: number | null;
}

export interface FollowerEvents {
  blocks: FollowedBlocks;
  failed: { error: unknown; at: number; retryInMs: number };
}
