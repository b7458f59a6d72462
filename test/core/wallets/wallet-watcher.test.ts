import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../src/core/base/virtual-clock.ts';
import { NodeFollowers } from '../../../src/core/chain/node-followers.ts';
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';
import { DEFAULT_WALLET_CADENCE, WalletWatcher, type WatcherEvents } from '../../../src/core/wallets/wallet-watcher.ts';
import { FakeChainReader, rateLimited } from '../../support/fake-chain-reader.ts';
import { FakePowerEvents } from '../../support/fake-power-events.ts';
import { runVirtual } from '../../support/virtual-run.ts';
import { delegationOf } from '../../../src/core/wallets/order-energy.ts';
import { order } from '../rules/rule-fixtures.ts';

const A = tronAddressFromSeed('watcher-a');
const B = tronAddressFromSeed('watcher-b');
const T0 = 1_750_000_000_100;
const HOUR = 3_600_000;

function world(options: { power?: FakePowerEvents; random?: () => number; followers?: NodeFollowers } = {}) {
  const clock = new VirtualClock(T0);
  const chain = new FakeChainReader(() => clock.now());
  const watcher = new WalletWatcher({
    chain,
    clock,
    random: options.random ?? (() => 0.5),
    ...(options.power ? { power: options.power } : {}),
    ...(options.followers ? { followers: options.followers } : {}),
  });
  const seen: Array<WatcherEvents['resources']> = [];
  const failed: Array<WatcherEvents['failed']> = [];
  watcher.events.on('resources', (e) => seen.push(e));
  watcher.events.on('failed', (e) => failed.push(e));
  /** Runs every timer due up to `until`, letting each read and poll finish before the next step. */
  const runUntil = (until: number): Promise<void> => runVirtual(clock, () => watcher.whenIdle(), until);
  const reads = (address?: string): number => chain.count('readSnapshot', address);
  return { clock, chain, watcher, seen, failed, runUntil, reads };
}

describe('wallet watcher', () => {
  it('idle, reads each address once and then only the chain: about 1,200 requests an hour for any number of addresses', async () => {
    const { chain, watcher, runUntil, reads } = world({ random: Math.random });
    const many = Array.from({ length: 50 }, (_, i) => tronAddressFromSeed(`watcher-idle-${i}`));
    watcher.watch(many);
    watcher.start();
    await runUntil(T0 + 5 * HOUR);
    expect(reads()).toBe(50);
    // Following: one request a block (getnowblock first, then a range a block).
    expect(chain.count('blockRange') + chain.count('nowBlock')).toBeLessThanOrEqual(5 * 1_200 + 1);
    expect(chain.maxInFlightPerAddress).toBe(1);
    // Past the refresh bound (6 h ± 10 %), each address is read once more.
    await runUntil(T0 + 7 * HOUR);
    expect(reads()).toBe(100);
  });

  it('reads a new address at once, an address a block touched on that block, and forgets a removed one', async () => {
    const { clock, chain, watcher, seen, runUntil, reads } = world();
    chain.energyLimit.set(A, 70_000n);
    watcher.start();
    watcher.watch([A, B]);
    await runUntil(T0 + 60_000);
    expect(seen.map((e) => [e.address, e.reading.energy.available, e.why])).toEqual([
      [A, 70_000n, 'new'],
      [B, 0n, 'new'],
    ]);
    chain.energyUsed.set(A, 64_285n);
    chain.touch(A);
    const touchedAt = clock.now();
    await runUntil(touchedAt + 6_000);
    expect(reads(A)).toBe(2);
    expect(reads(B)).toBe(1);
    const last = seen.at(-1)!;
    expect([last.address, last.reading.energy.available, last.why]).toEqual([A, 5_715n, 'changed']);
    // Within one block interval and the follower's lag of the block's time.
    expect(last.at - touchedAt).toBeLessThanOrEqual(3_000 + 500 + 3_000);
    watcher.watch([B]);
    chain.touch(A);
    await runUntil(clock.now() + 60_000);
    expect(reads(A)).toBe(2);
    expect(watcher.watched()).toEqual([B]);
  });

  it('after an order succeeds, reads at once and once more when its delegation must show; nothing in between', async () => {
    const { clock, watcher, runUntil, reads, seen } = world();
    watcher.watch([A]);
    watcher.start();
    await runUntil(T0 + 10 * 60_000);
    const boostAt = clock.now();
    watcher.boost(A);
    await runUntil(boostAt + 10 * 60_000);
    expect(reads(A)).toBe(3);
    expect(seen.slice(1).map((e) => [e.startedAt - boostAt, e.why])).toEqual([
      [0, 'asked'],
      [DEFAULT_WALLET_CADENCE.settleMs, 'confirm'],
    ]);
  });

  it('while an energy order is on its way, says so (fastUntil) without reading more often', async () => {
    const { clock, watcher, runUntil, reads } = world();
    watcher.watch([A]);
    watcher.start();
    await runUntil(T0 + 30_000);
    const at = clock.now();
    watcher.hurry(A, at + 20_000);
    watcher.hurry(A, at + 10_000); // an earlier end does not shorten it
    expect(watcher.fastUntil(A)).toBe(at + 20_000);
    await runUntil(at + 20_000);
    expect(reads(A)).toBe(1);
  });

  it('predicts between reads, vouched for as far as the chain was followed, and says when a block changed it', async () => {
    const { clock, chain, watcher, runUntil } = world();
    chain.energyLimit.set(A, 200_000n);
    chain.setUsed(A, 64_285n);
    watcher.watch([A]);
    watcher.start();
    await runUntil(T0 + 1_000);
    const readAt = watcher.figures(A)!.readAt;
    // Used energy recovers linearly over 24 h: half of it is back after 12 h.
    const half = watcher.figures(A, readAt + 12 * HOUR)!.reading.energy.used;
    expect(half >= 32_142n && half <= 32_143n).toBe(true);
    await runUntil(readAt + 5 * HOUR);
    const later = watcher.figures(A)!;
    expect(later.reading.energy.used).toBe((64_285n * 19n) / 24n);
    expect(later.readAt).toBe(readAt);
    expect(clock.now() - later.vouchedAt).toBeLessThanOrEqual(3_000 + 500);
    expect(later.changePending).toBe(false);
    // The app's own rental: in the figure from its arrival, out at its end (with its share of the usage).
    watcher.expect(A, { ref: 'order-1', energy: 100_000n, from: clock.now() + 60_000, until: clock.now() + HOUR });
    expect(watcher.figures(A, clock.now() + 120_000)!.reading.energy.limit).toBe(300_000n);
    expect(watcher.figures(A, clock.now() + 2 * HOUR)!.reading.energy.limit).toBe(200_000n);
    chain.failures.push(rateLimited(60_000), rateLimited(60_000));
    chain.touch(A);
    await runUntil(clock.now() + 4_000);
    expect(watcher.figures(A)!.changePending).toBe(true);
  });

  it('counts an order’s energy once when a block had the address read before the service said the order finished', async () => {
    const { clock, chain, watcher, runUntil } = world();
    chain.energyLimit.set(A, 12_400n);
    watcher.watch([A]);
    watcher.start();
    await runUntil(T0 + 1_000);
    const createdAt = clock.now();
    // The delegation lands on chain; its block has A read at once, before the service reports the order finished.
    await runUntil(createdAt + 6_000);
    chain.energyLimit.set(A, 12_400n + 116_170n);
    chain.touch(A);
    await runUntil(clock.now() + 4_000);
    expect(watcher.figures(A)!.reading.energy.limit).toBe(128_570n);
    const finishedAt = clock.now() + 5_000;
    await runUntil(finishedAt);
    const succeeded = order({ address: A, kind: 'energy', state: 'succeeded', count: 116_170, period: '1h', createdAt, finishedAt });
    watcher.expect(A, delegationOf(succeeded, finishedAt)!);
    // Before the read the finish asks for, and after it: the figure counts the rental once.
    expect(watcher.figures(A)!.reading.energy.limit).toBe(128_570n);
    watcher.boost(A);
    await runUntil(clock.now() + 1_000);
    expect(watcher.figures(A)!.reading.energy.limit).toBe(128_570n);
    // Its period ends an hour after the finish: the prediction takes it away then, before any read says so.
    expect(watcher.figures(A, finishedAt + HOUR + 1)!.reading.energy.limit).toBe(12_400n);
  });

  it('pauses on suspend and offline, sends nothing while paused, and on resume catches up and reads what changed', async () => {
    const power = new FakePowerEvents();
    const { clock, chain, watcher, runUntil, reads } = world({ power });
    const changes: boolean[] = [];
    watcher.events.on('pauseChanged', (e) => changes.push(e.paused));
    // Enough addresses that fetching the hour's 1,200 blocks (12 requests) costs less than reading them all again.
    watcher.watch([A, B, ...Array.from({ length: 18 }, (_, i) => tronAddressFromSeed(`watcher-sleep-${i}`))]);
    watcher.start();
    await runUntil(T0 + 60_000);
    power.fire('suspend');
    power.fire('offline');
    const sent = chain.calls.length;
    await runUntil(clock.now() + HOUR);
    expect(chain.calls.length).toBe(sent);
    chain.touch(B);
    power.fire('resume');
    await runUntil(clock.now());
    expect(chain.calls.length).toBe(sent); // still offline
    power.fire('online');
    await runUntil(clock.now() + 3_000);
    expect(reads(A)).toBe(1);
    expect(reads(B)).toBe(2);
    // The hour's 1,201 blocks in 13 ranges, the polls of the next 3 s, and B's one read: never a block twice.
    expect(chain.calls.length - sent).toBeLessThanOrEqual(13 + 2 + 1);
    expect(changes).toEqual([true, false]);
    watcher.stop();
    expect(power.listenerCount()).toBe(0);
  });

  it('backs off after failed reads and holds every read while the node asks to wait', async () => {
    const { chain, watcher, failed, runUntil, reads } = world();
    chain.failures.push(rateLimited(300_000));
    watcher.watch([A, B]);
    watcher.start();
    await runUntil(T0 + 1_000);
    expect(failed.map((f) => f.retryInMs)).toEqual([300_000]);
    await runUntil(T0 + 299_000);
    // B's read went out beside A's, before the wait was known; nothing after.
    expect(reads()).toBe(2);
    await runUntil(T0 + 301_000);
    expect(reads(A)).toBe(2);
    chain.failures.push(rateLimited(), rateLimited());
    watcher.refresh(A);
    await runUntil(T0 + 302_000);
    await runUntil(T0 + 302_000 + DEFAULT_WALLET_CADENCE.retryMs * 3);
    expect(failed.slice(1).map((f) => f.retryInMs)).toEqual([DEFAULT_WALLET_CADENCE.retryMs, 2 * DEFAULT_WALLET_CADENCE.retryMs]);
    expect(reads(A)).toBe(5);
  });

  it('a refresh reads now, and TRX comes with every read', async () => {
    const { clock, chain, watcher, runUntil } = world();
    const trx: bigint[] = [];
    watcher.events.on('trx', (e) => trx.push(e.trxSun));
    chain.trx.set(A, 5_000_000n);
    watcher.watch([A]);
    watcher.start();
    await runUntil(T0 + 30 * 60_000);
    const at = clock.now();
    chain.trx.set(A, 4_000_000n);
    watcher.refresh(A);
    await runUntil(at);
    expect(chain.calls.filter((c) => c.at === at && c.address === A).map((c) => c.method)).toEqual(['readSnapshot']);
    expect(trx).toEqual([5_000_000n, 4_000_000n]);
  });

  it('shares one follower and one budget with every other watcher of the node in the process', async () => {
    const clock = new VirtualClock(T0);
    const chain = new FakeChainReader(() => clock.now());
    const followers = new NodeFollowers({ clock });
    const one = new WalletWatcher({ chain, clock, followers, nodeUrl: 'http://node.test' });
    const two = new WalletWatcher({ chain, clock, followers, nodeUrl: 'http://node.test' });
    one.watch([A]);
    two.watch([B]);
    one.start();
    two.start();
    for (let i = 0; i < 400; i++) {
      clock.step();
      await one.whenIdle();
      await two.whenIdle();
    }
    const minutes = (clock.now() - T0) / 60_000;
    expect(chain.count('blockRange') + chain.count('nowBlock')).toBeLessThanOrEqual(Math.ceil(minutes * 20) + 1);
    // The node client counts its requests against the key's budget: both watchers plan with the same count.
    followers.budget('http://node.test').count(5);
    expect([one.health().budget!.usedToday, two.health().budget!.usedToday]).toEqual([5, 5]);
    two.stop();
    one.stop();
  });
});
