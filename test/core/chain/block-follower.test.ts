import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../src/core/base/virtual-clock.ts';
import { BlockFollower, type FollowedBlocks } from '../../../src/core/chain/block-follower.ts';
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';
import { FakeChainReader, rateLimited } from '../../support/fake-chain-reader.ts';
import { runVirtual } from '../../support/virtual-run.ts';

/**
 * Following the chain from one place: one request a poll for any number of
 * addresses, every block taken in once, ranges where the node has them, a
 * reorganisation walked back, and bounded waits after failures.
 */

const A = tronAddressFromSeed('follower-a');
const B = tronAddressFromSeed('follower-b');
const HOUR = 3_600_000;
/** On the fake chain's grid plus a little: block n is at n × 3 s. */
const T0 = 1_000 * 3_000 + 100;

function world(options: { catchUpLimit?: number; every?: number } = {}) {
  const clock = new VirtualClock(T0);
  const chain = new FakeChainReader(() => clock.now());
  const follower = new BlockFollower({
    reader: chain,
    clock,
    ...(options.catchUpLimit === undefined ? {} : { catchUpLimit: () => options.catchUpLimit! }),
    ...(options.every === undefined ? {} : { every: () => options.every! }),
  });
  const batches: FollowedBlocks[] = [];
  follower.events.on('blocks', (b) => batches.push(b));
  const runUntil = (until: number): Promise<void> => runVirtual(clock, () => follower.whenIdle(), until);
  const taken = (): number[] => batches.flatMap((b) => b.blocks.map((x) => x.number));
  return { clock, chain, follower, batches, runUntil, taken };
}

describe('following the chain', () => {
  it('takes each block once, in order, with one request a block', async () => {
    const { chain, follower, runUntil, taken } = world();
    follower.start();
    await runUntil(T0 + HOUR);
    const numbers = taken();
    expect(numbers[0]).toBe(1_000);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => 1_000 + i));
    expect(numbers.at(-1)).toBeGreaterThanOrEqual(1_000 + 1_199);
    // One getnowblock to start, then one range a block: 1,200 an hour whatever is watched.
    expect(chain.count('nowBlock')).toBe(1);
    expect(chain.count('blockRange')).toBeLessThanOrEqual(1_201);
    expect(follower.health().failingSince).toBeNull();
  });

  it('reports the addresses a block touched', async () => {
    const { chain, follower, runUntil, batches, clock } = world();
    follower.start();
    await runUntil(T0 + 30_000);
    chain.touch(A, B);
    await runUntil(clock.now() + 10_000);
    const touching = batches.flatMap((b) => b.blocks).filter((b) => b.touched.length > 0);
    expect(touching).toHaveLength(1);
    expect(touching[0]!.touched).toEqual([A, B]);
  });

  it('follows every few blocks when the budget says so, a range at a time', async () => {
    const { chain, follower, runUntil, taken } = world({ every: 5 });
    follower.start();
    await runUntil(T0 + HOUR);
    expect(taken().length).toBeGreaterThanOrEqual(1_195);
    expect(chain.count('blockRange')).toBeLessThanOrEqual(241);
  });

  it('catches up after a 2-hour sleep with ranges of 100, taking no block twice', async () => {
    const { chain, clock, follower, runUntil, taken } = world();
    follower.start();
    await runUntil(T0 + 60_000);
    follower.pause('suspend');
    const asleepAt = clock.now();
    const requests = chain.calls.length;
    await runUntil(asleepAt + 2 * HOUR);
    expect(chain.calls.length).toBe(requests);
    chain.touch(B);
    const before = taken().length;
    follower.resume('suspend');
    await runUntil(clock.now() + 3_000);
    const numbers = taken();
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => 1_000 + i));
    // 2,400 blocks: 24 ranges and the one block after.
    expect(numbers.length - before).toBeGreaterThanOrEqual(2_400);
    expect(chain.calls.length - requests).toBeLessThanOrEqual(26);
  });

  it('skips ahead when catching up would cost more than reading every address again', async () => {
    const { chain, clock, follower, runUntil, batches } = world({ catchUpLimit: 200 });
    follower.start();
    await runUntil(T0 + 10_000);
    follower.pause('offline');
    await runUntil(clock.now() + HOUR);
    const requests = chain.calls.length;
    follower.resume('offline');
    await runUntil(clock.now() + 1_000);
    expect(batches.at(-1)!.skipped).toBe(true);
    expect(chain.calls.length - requests).toBe(1);
    expect(follower.health().head!.number).toBe(chain.headNumber());
  });

  it('follows block by block where the node serves no ranges', async () => {
    const { chain, clock, follower, runUntil, taken } = world();
    chain.servesRanges = false;
    follower.start();
    await runUntil(T0 + 60_000);
    expect(follower.servesRanges()).toBe(false);
    follower.pause('suspend');
    await runUntil(clock.now() + 60_000);
    follower.resume('suspend');
    await runUntil(clock.now() + 1_000);
    const numbers = taken();
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => 1_000 + i));
    expect(chain.count('blockByNum')).toBeGreaterThanOrEqual(19);
  });
});

describe('a reorganisation', () => {
  it('walks back to where the branches meet and reports what the replaced blocks touched', async () => {
    const { chain, clock, follower, runUntil, batches, taken } = world();
    follower.start();
    await runUntil(T0 + 30_000);
    chain.touch(A);
    await runUntil(clock.now() + 6_000);
    const touchedAt = batches.flatMap((b) => b.blocks).find((b) => b.touched.includes(A))!.number;
    chain.reorg(3);
    await runUntil(clock.now() + 6_000);
    const reorg = batches.find((b) => b.replaced.length > 0);
    expect(reorg?.replaced).toEqual([A]);
    expect(reorg?.skipped).toBe(false);
    // The new branch's blocks are taken in (A's block among them again), each number once after the fork.
    const after = taken().filter((n) => n >= touchedAt - 1);
    expect(after.filter((n) => n === touchedAt)).toHaveLength(2);
    expect(follower.health().head!.id).toBe(chain.blockAt(follower.health().head!.number)!.id);
  });
});

describe('a node that fails', () => {
  it('backs off to at most a minute on errors, honours a Retry-After up to 10 minutes, then goes on from its cursor', async () => {
    const { chain, clock, follower, runUntil, taken } = world();
    const waits: number[] = [];
    follower.events.on('failed', (e) => waits.push(e.retryInMs));
    follower.start();
    await runUntil(T0 + 10_000);
    chain.blockFailures.push(...Array.from({ length: 8 }, () => rateLimited()), rateLimited(99_999_000));
    await runUntil(clock.now() + 30 * 60_000);
    expect(waits.slice(0, 8)).toEqual([3_000, 6_000, 12_000, 24_000, 48_000, 60_000, 60_000, 60_000]);
    expect(waits[8]).toBe(600_000);
    expect(follower.health().failingSince).toBeNull();
    const numbers = taken();
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => 1_000 + i));
  });
});
