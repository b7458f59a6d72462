import { createHash } from 'node:crypto';
import type { Clock } from '../base/clock.ts';
import { pauseWithPower, type PowerEvents } from '../base/power-events.ts';
import { BlockFollower, type BlockPlace } from './block-follower.ts';
import type { BlockReader } from './chain-client.ts';
import { defaultDailyBudget, RequestBudget, REQUESTS_PER_READ } from './request-budget.ts';

/**
 * One follower and one request budget per node and provider key, for the
 * whole process: every profile watching wallets through the same node shares
 * them (a key's quota is the key's, whoever spends it). Members join with the
 * reader of their session and the number of addresses they watch; the
 * follower runs while any member is in, polling with the newest member's
 * reader, and the budget plans for every member's addresses together.
 */

export interface FollowMember {
  reader: BlockReader;
  /** Addresses this member watches now. */
  addresses(): number;
  /** Where this member's watch stopped last time (kept in its store), if anywhere. */
  resumeFrom?: BlockPlace | null;
  /** Paused by its person ("Pause polling"): the chain is not followed while every member is. */
  isPaused(): boolean;
}

export interface FollowLink {
  follower: BlockFollower;
  budget: RequestBudget;
  /** Addresses watched through this node, every member together. */
  addresses(): number;
  /** The member paused or resumed: the follower stops while every member is paused. */
  pausedChanged(): void;
  leave(): void;
}

interface Entry {
  follower: BlockFollower;
  budget: RequestBudget;
  members: FollowMember[];
  off: Array<() => void>;
}

/** getblockbylimitnext's limit: blocks one catch-up request brings. */
const BLOCKS_PER_RANGE = 100;
/** A day of blocks: beyond it, catching up block by block is never worth it. */
const MAX_CATCH_UP_BLOCKS = 28_800;

const MEMBERS_PAUSED = 'every watcher paused';
const NO_KEY = 'no key';

/**
 * Who a provider key is, without keeping it: the start of its hash, which
 * tells two keys apart and is never shown, logged or stored. Null: no key.
 */
export function keyFingerprint(apiKey: string | undefined): string | null {
  return apiKey === undefined || apiKey === '' ? null : createHash('sha256').update(apiKey).digest('hex').slice(0, 16);
}

const identity = (nodeUrl: string, fingerprint: string | null): string => `${nodeUrl} ${fingerprint ?? NO_KEY}`;

export class NodeFollowers {
  private readonly entries = new Map<string, Entry>();
  private readonly budgets = new Map<string, RequestBudget>();
  private readonly dailyBudgets = new Map<string, number>();
  private readonly clock: Clock;
  private readonly power: PowerEvents | undefined;

  constructor(options: { clock: Clock; power?: PowerEvents }) {
    this.clock = options.clock;
    this.power = options.power;
  }

  /** The key's budget (the node client counts each of its requests against it); `fingerprint` from keyFingerprint. */
  budget(nodeUrl: string, fingerprint: string | null = null): RequestBudget {
    const id = identity(nodeUrl, fingerprint);
    let budget = this.budgets.get(id);
    if (!budget) {
      const daily = this.dailyBudgets.get(nodeUrl) ?? defaultDailyBudget(fingerprint !== null);
      budget = new RequestBudget({ budget: daily, now: () => this.clock.now() });
      this.budgets.set(id, budget);
    }
    return budget;
  }

  /** The settings' daily budget for a node (null: the default for whether a key is used). */
  setDailyBudget(nodeUrl: string, budget: number | null): void {
    if (budget === null) this.dailyBudgets.delete(nodeUrl);
    else this.dailyBudgets.set(nodeUrl, budget);
    for (const [id, known] of this.budgets) {
      if (!id.startsWith(`${nodeUrl} `)) continue;
      known.setBudget(budget ?? defaultDailyBudget(!id.endsWith(` ${NO_KEY}`)));
    }
  }

  join(nodeUrl: string, fingerprint: string | null, member: FollowMember): FollowLink {
    const id = identity(nodeUrl, fingerprint);
    const budget = this.budget(nodeUrl, fingerprint);
    let entry = this.entries.get(id);
    if (!entry) {
      const members: FollowMember[] = [];
      const addresses = (): number => members.reduce((sum, m) => sum + m.addresses(), 0);
      const follower: BlockFollower = new BlockFollower({
        reader: member.reader,
        clock: this.clock,
        resumeFrom: member.resumeFrom ?? null,
        every: () => budget.status(addresses()).plan.followEvery,
        // Fetching the blocks missed must cost less than reading every address again.
        catchUpLimit: () => {
          const reads = REQUESTS_PER_READ * addresses();
          return Math.min(MAX_CATCH_UP_BLOCKS, follower.servesRanges() === false ? reads : BLOCKS_PER_RANGE * reads);
        },
      });
      entry = { follower, budget, members, off: this.power ? pauseWithPower(this.power, follower) : [] };
      this.entries.set(id, entry);
    }
    const joined = entry;
    joined.members.push(member);
    joined.follower.useReader(member.reader);
    joined.follower.start();
    const pausedChanged = (): void => {
      if (joined.members.length > 0 && joined.members.every((m) => m.isPaused())) joined.follower.pause(MEMBERS_PAUSED);
      else joined.follower.resume(MEMBERS_PAUSED);
    };
    pausedChanged();
    return {
      follower: joined.follower,
      budget,
      addresses: () => joined.members.reduce((sum, m) => sum + m.addresses(), 0),
      pausedChanged,
      leave: () => {
        this.leave(id, joined, member);
        pausedChanged();
      },
    };
  }

  private leave(id: string, entry: Entry, member: FollowMember): void {
    const index = entry.members.indexOf(member);
    if (index < 0) return;
    entry.members.splice(index, 1);
    const next = entry.members.at(-1);
    if (next) {
      entry.follower.useReader(next.reader);
      return;
    }
    entry.follower.stop();
    for (const off of entry.off.splice(0)) off();
    this.entries.delete(id);
  }
}
