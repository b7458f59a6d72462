import type { ChainBlock } from './blocks.ts';
import type { BlockReader } from './chain-client.ts';
import { ChainError } from './errors.ts';

/**
 * Where the follower's blocks come from: a range of up to 100 blocks in one
 * request (getblockbylimitnext) where the node serves it, else the newest
 * block (getnowblock) and the ones before it one by one (getblockbynum). A
 * range whose reply is too large is asked smaller next time. The node's
 * answer to the first range decides for good: a 404 or java-tron's
 * {"Error": …} means it serves none.
 */

/** getblockbylimitnext takes at most 100 blocks. */
export const RANGE_LIMIT = 100;

export class BlockSource {
  reader: BlockReader;
  private rangeSupported: boolean | null = null;
  private rangeLimit = RANGE_LIMIT;

  constructor(reader: BlockReader) {
    this.reader = reader;
  }

  /** Whether the node serves block ranges (null until asked). */
  servesRanges(): boolean | null {
    return this.rangeSupported;
  }

  /** A full range came back: more may be waiting at once. */
  isFull(count: number): boolean {
    return count >= this.rangeLimit;
  }

  /**
   * The blocks after `after`, up to `count` of them (more only on the one-by-one
   * path, which ends with the newest); 'skipped' when they would cost more than
   * `limit` blocks one by one, or the node no longer has one.
   */
  async after(after: number, count: number, limit: number): Promise<ChainBlock[] | 'skipped'> {
    if (this.rangeSupported !== false) {
      const take = Math.min(this.rangeLimit, Math.max(1, count));
      try {
        const blocks = await this.reader.blockRange(after + 1, after + 1 + take);
        this.rangeSupported = true;
        return blocks.filter((b) => b.number > after);
      } catch (error) {
        if (this.shrink(error)) return [];
        if (!this.refused(error)) throw error;
        this.rangeSupported = false;
      }
    }
    const head = await this.reader.nowBlock();
    if (head === null || head.number <= after) return [];
    if (head.number - after - 1 > limit) return 'skipped';
    const blocks: ChainBlock[] = [];
    for (let num = after + 1; num < head.number; num++) {
      const block = await this.reader.blockByNum(num);
      if (block === null) return 'skipped';
      blocks.push(block);
    }
    blocks.push(head);
    return blocks;
  }

  /** The node's ids of blocks `from` to `to` (for finding where two branches meet). */
  async ids(from: number, to: number): Promise<Map<number, string>> {
    const ids = new Map<number, string>();
    if (this.rangeSupported) {
      for (let start = from; start <= to; start += RANGE_LIMIT) {
        for (const b of await this.reader.blockRange(start, Math.min(to + 1, start + RANGE_LIMIT))) ids.set(b.number, b.id);
      }
      return ids;
    }
    for (let num = to; num >= from; num--) {
      const block = await this.reader.blockByNum(num);
      if (block) ids.set(num, block.id);
    }
    return ids;
  }

  /** A range too large for one reply: ask for fewer next time. */
  private shrink(error: unknown): boolean {
    const reason = error instanceof ChainError ? error.facts.reason : undefined;
    // The reply was cut at the size limit (http-exchange.ts ResponseTooLargeError).
    if (
      !(error instanceof ChainError) ||
      error.kind !== 'malformed' ||
      typeof reason !== 'object' ||
      reason.key !== 'errors:reply.tooLarge'
    ) {
      return false;
    }
    if (this.rangeLimit === 1) return false;
    this.rangeLimit = Math.max(1, Math.floor(this.rangeLimit / 2));
    return true;
  }

  /** A node that does not know getblockbylimitnext answers 404, or java-tron's {"Error": …}. */
  private refused(error: unknown): boolean {
    return this.rangeSupported === null && error instanceof ChainError && (error.kind === 'not-found' || error.kind === 'rejected');
  }
}
