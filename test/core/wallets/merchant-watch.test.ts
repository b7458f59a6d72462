import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../src/core/base/virtual-clock.ts';
import { ChainClient } from '../../../src/core/chain/chain-client.ts';
import { NodeFollowers } from '../../../src/core/chain/node-followers.ts';
import type { BudgetStatus } from '../../../src/core/chain/request-budget.ts';
import { startNodeSimulator, type NodeSimulatorOptions } from '../../../src/core/simulator/node/node-simulator.ts';
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';
import { WalletWatcher, type WatcherEvents } from '../../../src/core/wallets/wallet-watcher.ts';
import { FakePowerEvents } from '../../support/fake-power-events.ts';
import { runVirtual } from '../../support/virtual-run.ts';

/**
 * The block-following watcher against the TRON node simulator over loopback
 * HTTP, on a virtual clock: many addresses, the node's own merchant traffic
 * (busy-day.ts), a reorganisation, a budget that runs out, and a machine that
 * sleeps for two hours.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 2, 2) + 1_500;
const TRX = 1_000_000n;

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((x) => x.close()));
});

/** A prediction is the node's figure within a unit (the read's own rounding). */
const near = (a: bigint, b: bigint): boolean => a - b <= 1n && b - a <= 1n;

const addresses = (count: number, tag: string): string[] => Array.from({ length: count }, (_, i) => tronAddressFromSeed(`merchant-watch-${tag}-${i}`));

interface WorldOptions {
  budget?: number;
  power?: FakePowerEvents;
  /** The node's merchant day among the watched addresses. */
  traffic?: { seed: number; transfersPerDay: number };
}

async function world(count: number, options: WorldOptions = {}) {
  const clock = new VirtualClock(START);
  const watched = addresses(count, 'sender');
  const holders = addresses(5, 'holder');
  const traffic = options.traffic;
  const nodeOptions: NodeSimulatorOptions = {
    now: () => clock.now(),
    spending: null,
    wallets: [...watched.map((address) => ({ address, trxSun: 10_000n * TRX, usdtMicros: 10n ** 12n, stakedEnergy: 200_000n })), ...holders.map((address) => ({ address, usdtMicros: 1n }))],
    ...(traffic ? { busyDay: { ...traffic, senders: watched, holders, newRecipientPercent: 30, amountMicros: 1_000_000n } } : {}),
  };
  const node = await startNodeSimulator(nodeOptions);
  open.push(node);
  const followers = new NodeFollowers({ clock, ...(options.power ? { power: options.power } : {}) });
  if (options.budget !== undefined) followers.setDailyBudget(node.baseUrl, options.budget);
  const budget = followers.budget(node.baseUrl);
  const chain = new ChainClient({ nodeUrl: node.baseUrl, now: () => clock.now(), onRequest: () => budget.count() });
  open.push(chain);
  const watcher = new WalletWatcher({ chain, clock, followers, random: () => 0.5, ...(options.power ? { power: options.power } : {}) });
  const reads: Array<WatcherEvents['resources']> = [];
  const plans: BudgetStatus[] = [];
  watcher.events.on('resources', (e) => reads.push(e));
  watcher.events.on('budget', (s) => plans.push(s));
  const runUntil = (until: number): Promise<void> => runVirtual(clock, () => watcher.whenIdle(), until);
  return { clock, node, watched, holders, watcher, reads, plans, budget, runUntil };
}

describe('a reorganisation', () => {
  it('reads again the addresses whose transactions the replaced blocks held, and shows what the winning branch left', async () => {
    const { clock, node, watched, holders, watcher, reads, runUntil } = await world(20);
    watcher.watch(watched);
    watcher.start();
    await runUntil(START + 60_000);
    const [sender, other] = watched as [string, string];
    const transfer = node.transfer(sender, holders[0]!, 1_000_000n);
    await runUntil(clock.now() + 6_000);
    expect(reads.filter((r) => r.address === sender).map((r) => r.why)).toEqual(['new', 'changed']);
    expect(transfer.energyFromAccount).toBe(64_285n);
    expect(near(watcher.figures(sender)!.reading.energy.used, node.account(sender)!.energyUsed)).toBe(true);
    // The branch that wins never had the transfer: its energy is back (the simulator's state is set so by hand).
    node.reorg(2, (t) => t === transfer);
    node.state.wallets.get(sender)!.energy.used = 0n;
    const before = reads.length;
    await runUntil(clock.now() + 6_000);
    const again = reads.slice(before);
    expect(again.map((r) => r.address)).toEqual([sender]);
    expect(again[0]!.why).toBe('changed');
    expect(watcher.figures(sender)!.reading.energy.used).toBe(0n);
    expect(reads.filter((r) => r.address === other)).toHaveLength(1);
  });
});

describe('a budget that runs out', () => {
  it('widens what it can and keeps following the chain: a day of 100 busy addresses on 12,000 requests stays within them', async () => {
    const { watched, watcher, reads, plans, budget, runUntil } = await world(100, { budget: 12_000, traffic: { seed: 7, transfersPerDay: 500 } });
    watcher.watch(watched);
    watcher.start();
    await runUntil(START - 1_500 + DAY - 1);
    const status = watcher.health().budget!;
    expect(status.usedToday).toBeLessThanOrEqual(12_000);
    expect(budget.usedToday()).toBe(status.usedToday);
    // Following every block (28,800) alone would be more than the budget: it followed every few, and said so.
    expect(plans.some((p) => p.plan.short.includes('follow_widened'))).toBe(true);
    expect(plans.every((p) => p.budget === 12_000)).toBe(true);
    expect(watcher.health().follow!.failingSince).toBeNull();
    expect(reads.length).toBeGreaterThanOrEqual(100);
  });
});

describe('a budget spent elsewhere by midday', () => {
  it('follows once a minute, paces its reads, refreshes nothing, and still reads what blocks show, within what is left', async () => {
    const { clock, node, watched, watcher, reads, plans, budget, runUntil } = await world(100, { budget: 20_000, traffic: { seed: 8, transfersPerDay: 500 } });
    watcher.watch(watched);
    watcher.start();
    await runUntil(START + 12 * HOUR);
    expect(plans.filter((p) => p.plan.short.length > 0)).toEqual([]);
    // Another program with the same key spent the rest of the morning's share.
    budget.count(19_000 - budget.usedToday());
    const requestsAt = node.requestCount();
    const readsAt = reads.length;
    await runUntil(START - 1_500 + DAY - 1);
    const short = plans.at(-1)!.plan;
    expect(short.short).toEqual(['no_refresh', 'events_paced', 'follow_widened']);
    expect(short.followEvery).toBe(20);
    expect(short.refreshMs).toBe(Infinity);
    // Twelve hours of one poll a minute (720) and reads at the floor's pace; what blocks showed is read, later.
    expect(node.requestCount() - requestsAt).toBeLessThanOrEqual(720 + 2 * 12 * 30 + 20);
    expect(reads.length - readsAt).toBeGreaterThan(100);
    expect(watcher.health().follow!.head!.timestamp).toBeGreaterThan(clock.now() - 2 * 60_000);
  });
});

describe('a machine that sleeps for two hours', () => {
  it('catches up block by block range, once, and reads only the addresses that sent meanwhile', async () => {
    const power = new FakePowerEvents();
    const { clock, node, watched, holders, watcher, reads, runUntil } = await world(200, { power });
    watcher.watch(watched);
    watcher.start();
    await runUntil(START + 10 * 60_000);
    expect(reads).toHaveLength(200);
    power.fire('suspend');
    const asleep = clock.now();
    const requests = node.requestCount();
    const senders = watched.slice(0, 7);
    for (const [i, sender] of senders.entries()) {
      await runUntil(asleep + (i + 1) * 15 * 60_000);
      node.transfer(sender, holders[i % holders.length]!, 1_000_000n);
    }
    await runUntil(asleep + 2 * HOUR);
    expect(node.requestCount()).toBe(requests);
    power.fire('resume');
    await runUntil(clock.now() + 2_000);
    const after = reads.slice(200);
    expect(after.map((r) => r.address).sort()).toEqual([...senders].sort());
    // 2,400 blocks in 24 ranges of 100 (then the polls of the next two seconds), seven reads of two requests, nothing twice.
    const ranges = node.requests.filter((r) => r.at >= asleep && r.path === '/wallet/getblockbylimitnext');
    expect(node.requestCount() - requests).toBe(ranges.length + 7 * 2);
    expect(ranges.length).toBeLessThanOrEqual(24 + 2);
    // The blocks each range brought: those that existed when it was asked (block n is n slots after the node's start).
    const genesisSlot = Math.floor(START / 3_000);
    const fetched = ranges.flatMap((r) => {
      const body = r.body as { startNum: bigint; endNum: bigint };
      const head = Math.floor(r.at / 3_000) - genesisSlot;
      return Array.from({ length: Number(body.endNum - body.startNum) }, (_, k) => Number(body.startNum) + k).filter((n) => n <= head);
    });
    expect(fetched.length).toBeGreaterThanOrEqual(2_400);
    expect(new Set(fetched).size).toBe(fetched.length);
    for (const read of after) expect(near(watcher.figures(read.address)!.reading.energy.used, node.account(read.address)!.energyUsed)).toBe(true);
  });
});
