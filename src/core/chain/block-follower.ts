import { BackgroundWork } from '../base/background-work.ts';
import type { Clock } from '../base/clock.ts';
import { MAX_SERVER_DELAY_MS } from '../base/http/backoff.ts';
import { PauseReasons } from '../base/pause-reasons.ts';
import { TimerSlot } from '../base/timer-slot.ts';
import { TypedEmitter } from '../base/typed-emitter.ts';
import type { ChainBlock } from './blocks.ts';
import type { BlockReader } from './chain-client.ts';
import { BlockSource } from './block-source.ts';
import { ChainError } from './errors.ts';
import type { BlockPlace, FollowerEvents, FollowerHealth } from './follow-types.ts';
import { BLOCK_INTERVAL_MS } from './resource-usage.ts';

export type { BlockPlace, FollowedBlocks, FollowerEvents, FollowerHealth } from './follow-types.ts';

/**
 * Follows the chain block by block, for every watched address at once: one
 * request a poll, whatever the number of addresses. Each block's
 * transactions name the addresses they touch (the sender, a delegation's
 * receiver, a payee); listeners read those addresses again, and nothing
 * else. The cursor (the last block taken in, with its id) only moves
 * forward, so after a sleep or an outage the blocks missed are fetched once,
 * in ranges (getblockbylimitnext) where the node serves them, else one by
 * one; when fetching them would cost more than reading every address again,
 * they are skipped and the listeners told so. A block whose parent is not the
 * block taken in before it means a reorganisation: the follower walks back
 * to where the branches meet and reports the addresses the replaced blocks
 * touched, since what they showed may be undone.
 */

export interface BlockFollowerOptions {
  reader: BlockReader;
  clock: Clock;
  /** Blocks between polls (the budget's plan; 1 follows every block). */
  every?: () => number;
  /**
   * The most blocks worth fetching to catch up; beyond it they are skipped
   * and every address is read again (which then costs less).
   */
  catchUpLimit?: () => number;
  /** Where to start: a cursor kept from an earlier run. */
  resumeFrom?: BlockPlace | null;
  /** After a block's time, how long before asking for it (it must have reached the node). */
  lagMs?: number;
}

/** Blocks kept to find where two branches meet; TRON's blocks are final after 19. */
const RING_SIZE = 40;
const FIRST_RETRY_MS = BLOCK_INTERVAL_MS;
/**
 * Failures double the wait up to a minute, not to the 10 minutes a wait the
 * node asks for may take: a poll is one request for every address, and
 * backing off further would leave every wallet unwatched for minutes after
 * the node is back.
 */
const RETRY_CAP_MS = 60_000;
const NOTHING_NEW_RETRY_MS = 1_000;

interface RingEntry extends BlockPlace {
  touched: readonly string[];
}

export class BlockFollower {
  readonly events = new TypedEmitter<FollowerEvents>();
  private readonly options: BlockFollowerOptions;
  private readonly source: BlockSource;
  private readonly clock: Clock;
  private readonly timer: TimerSlot;
  private readonly pauses = new PauseReasons();
  private readonly work = new BackgroundWork((err) => console.error('block follower poll failed', err));
  private readonly ring: RingEntry[] = [];
  private cursor: BlockPlace | null;
  private running = false;
  private polling = false;
  private errors = 0;
  private failingSince: number | null = null;
  private retryAt: number | null = null;

  constructor(options: BlockFollowerOptions) {
    this.options = options;
    this.source = new BlockSource(options.reader);
    this.clock = options.clock;
    this.cursor = options.resumeFrom ?? null;
    if (this.cursor) this.ring.push({ ...this.cursor, touched: [] });
    this.timer = new TimerSlot(this.clock, () => this.poll());
  }

  /** The reader to poll with from now on (another session's client for the same node). */
  useReader(reader: BlockReader): void {
    this.source.reader = reader;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(this.clock.now());
  }

  stop(): void {
    this.running = false;
    this.timer.disarm();
  }

  pause(reason: string): void {
    if (this.pauses.add(reason)) this.timer.disarm();
  }

  /** Lifts a reason; with none left it polls at once (catching up what was missed). */
  resume(reason?: string): void {
    if (!this.pauses.lift(reason)) return;
    this.errors = 0;
    this.schedule(this.clock.now());
  }

  health(): FollowerHealth {
    return { head: this.cursor, failingSince: this.failingSince, retryAt: this.retryAt };
  }

  /** Whether the node serves block ranges (null until asked). */
  servesRanges(): boolean | null {
    return this.source.servesRanges();
  }

  async whenIdle(): Promise<void> {
    while (this.work.size > 0) await this.work.settled();
  }

  private schedule(at: number): void {
    if (!this.running || this.pauses.paused || this.polling) return;
    this.timer.arm(Math.max(at, this.clock.now()));
  }

  private poll(): void {
    if (!this.running || this.pauses.paused || this.polling) return;
    this.polling = true;
    this.work.run(
      this.step().then(
        (next) => this.done(next),
        (error: unknown) => this.done(this.failed(error)),
      ),
    );
  }

  private done(next: number): void {
    this.polling = false;
    this.schedule(next);
  }

  /** One poll; returns when the next is due. */
  private async step(): Promise<number> {
    const every = Math.max(1, Math.floor(this.options.every?.() ?? 1));
    const cursor = this.cursor;
    if (cursor === null) return this.begin(await this.source.reader.nowBlock());
    const behind = Math.floor((this.clock.now() - cursor.timestamp) / BLOCK_INTERVAL_MS);
    if (behind > (this.options.catchUpLimit?.() ?? Infinity)) return this.skipAhead();
    const blocks = await this.source.after(cursor.number, Math.max(every, behind), this.options.catchUpLimit?.() ?? Infinity);
    this.recovered();
    if (blocks === 'skipped') return this.skipAhead();
    // Nothing new: the next block is late (ask again in a second), or not due yet (ask when it is).
    if (blocks.length === 0) return Math.max(this.clock.now() + NOTHING_NEW_RETRY_MS, this.nextBlockAt(cursor, every));
    const taken = await this.take(blocks);
    if (taken === 'gap') return this.skipAhead();
    const head = this.cursor ?? cursor;
    // Behind still: go on at once; at the head: when the block `every` blocks later has reached the node.
    if (taken.continueNow || this.clock.now() - head.timestamp >= BLOCK_INTERVAL_MS * (every + 1)) return this.clock.now();
    return this.nextBlockAt(head, every);
  }

  /** When the block `every` blocks after `head` has reached the node. */
  private nextBlockAt(head: BlockPlace, every: number): number {
    return head.timestamp + every * BLOCK_INTERVAL_MS + (this.options.lagMs ?? 500);
  }

  /** No cursor yet: the node's newest block is where following starts. */
  private begin(head: ChainBlock | null): number {
    this.recovered();
    if (head === null) return this.clock.now() + NOTHING_NEW_RETRY_MS;
    this.advance(head);
    this.accept([head], [], false);
    return this.nextBlockAt(head, 1);
  }

  /** Takes blocks in order, each checked against the one before it; 'gap' when the node left one out (it no longer has it). */
  private async take(blocks: readonly ChainBlock[]): Promise<{ continueNow: boolean } | 'gap'> {
    const accepted: ChainBlock[] = [];
    for (const block of blocks) {
      const previous = this.cursor!;
      if (block.number !== previous.number + 1) {
        this.accept(accepted, [], false);
        return 'gap';
      }
      if (block.parentId !== previous.id) {
        if (accepted.length > 0) this.accept(accepted.splice(0), [], false);
        await this.reorganise();
        return { continueNow: true };
      }
      accepted.push(block);
      this.advance(block);
    }
    this.accept(accepted, [], false);
    return { continueNow: this.source.isFull(blocks.length) };
  }

  /** Moves the cursor and the ring (the events go out in accept()). */
  private advance(block: ChainBlock): void {
    this.cursor = { number: block.number, id: block.id, timestamp: block.timestamp };
    this.ring.push({ ...this.cursor, touched: block.touched });
    if (this.ring.length > RING_SIZE) this.ring.shift();
  }

  /** Tells the listeners (the cursor has already moved past `blocks`). */
  private accept(blocks: readonly ChainBlock[], replaced: readonly string[], skipped: boolean): void {
    if (blocks.length === 0 && replaced.length === 0 && !skipped) return;
    const head = this.cursor!;
    this.events.emit('blocks', { blocks, replaced, skipped, head });
  }

  /**
   * The node's branch no longer holds the block taken in last: finds the
   * newest block both branches share among the ring, drops what came after
   * it (its addresses are reported), and goes on from there.
   */
  private async reorganise(): Promise<void> {
    const theirs = await this.source.ids(this.ring[0]!.number, this.ring.at(-1)!.number);
    let meet = -1;
    for (let i = this.ring.length - 1; i >= 0 && meet < 0; i--) {
      const mine = this.ring[i]!;
      if (theirs.get(mine.number) === mine.id) meet = i;
    }
    const dropped = this.ring.splice(meet + 1);
    const replaced = [...new Set(dropped.flatMap((b) => b.touched))];
    if (meet < 0) {
      // No common block within reach: start again from the node's head, and every address is read again.
      this.cursor = null;
      const head = await this.source.reader.nowBlock();
      if (head) this.advance(head);
      this.accept([], replaced, true);
      return;
    }
    const base = this.ring.at(-1)!;
    this.cursor = { number: base.number, id: base.id, timestamp: base.timestamp };
    this.accept([], replaced, false);
  }

  /** Too far behind to fetch every block: jump to the head and say blocks were skipped. */
  private async skipAhead(): Promise<number> {
    const head = await this.source.reader.nowBlock();
    this.recovered();
    if (head === null) return this.clock.now() + NOTHING_NEW_RETRY_MS;
    this.ring.splice(0);
    this.cursor = null;
    this.advance(head);
    this.accept([], [], true);
    return this.nextBlockAt(head, 1);
  }

  private recovered(): void {
    this.errors = 0;
    this.failingSince = null;
    this.retryAt = null;
  }

  /** Backs off, doubling from one block interval to a minute; a wait the node asked for is honoured up to 10 minutes. */
  private failed(error: unknown): number {
    const at = this.clock.now();
    this.errors++;
    const doubled = Math.min(RETRY_CAP_MS, FIRST_RETRY_MS * 2 ** Math.min(this.errors - 1, 16));
    const asked = error instanceof ChainError ? (error.facts.retryAfterMs ?? 0) : 0;
    const retryInMs = Math.min(MAX_SERVER_DELAY_MS, Math.max(doubled, asked));
    this.failingSince ??= at;
    this.retryAt = at + retryInMs;
    this.events.emit('failed', { error, at, retryInMs });
    return at + retryInMs;
  }
}
