import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../src/core/base/virtual-clock.ts';
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';
import { DEFAULT_WALLET_CADENCE, WalletWatcher, type WatcherEvents } from '../../../src/core/wallets/wallet-watcher.ts';
import { FakeChainReader, rateLimited } from '../../support/fake-chain-reader.ts';
import { FakePowerEvents } from '../../support/fake-power-events.ts';

const A = tronAddressFromSeed('watcher-a');
const B = tronAddressFromSeed('watcher-b');
const T0 = 1_750_000_000_000;
const HOUR = 3_600_000;

function world(options: { power?: FakePowerEvents; random?: () => number } = {}) {
  const clock = new VirtualClock(T0);
  const chain = new FakeChainReader(() => clock.now());
  const watcher = new WalletWatcher({ chain, clock, random: options.random ?? (() => 0.5), ...(options.power ? { power: options.power } : {}) });
  const seen: Array<WatcherEvents['resources']> = [];
  const failed: Array<WatcherEvents['failed']> = [];
  watcher.events.on('resources', (e) => seen.push(e));
  watcher.events.on('failed', (e) => failed.push(e));
  /** Runs every timer due up to `until`, letting each read finish before the next step. */
  const runUntil = async (until: number): Promise<void> => {
    await watcher.whenIdle();
    for (let next = clock.nextAt(); next !== undefined && next <= until; next = clock.nextAt()) {
      clock.step();
      await watcher.whenIdle();
    }
    clock.advanceTo(until);
  };
  return { clock, chain, watcher, seen, failed, runUntil };
}

describe('wallet watcher', () => {
  it('idle, reads an address about once a minute and its TRX every 20 minutes: at most 60 requests an hour, one at a time', async () => {
    const { chain, watcher, runUntil } = world({ random: Math.random });
    watcher.watch([A, B]);
    watcher.start();
    await runUntil(T0 + 5 * HOUR);
    for (const address of [A, B]) {
      const perHour = chain.count(undefined, address) / 5;
      expect(perHour).toBeLessThanOrEqual(60);
      expect(perHour).toBeGreaterThan(50);
      expect(chain.count('readTrx', address)).toBeGreaterThanOrEqual(15);
      expect(chain.count('readTrx', address)).toBeLessThanOrEqual(17);
    }
    expect(chain.maxInFlightPerAddress).toBe(1);
    expect(chain.count('chainFees')).toBe(0);
    const gaps = chain.calls.filter((c) => c.address === A && c.method === 'readResources').map((c, i, all) => (i === 0 ? 0 : c.at - all[i - 1]!.at)).slice(1);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(DEFAULT_WALLET_CADENCE.idleMs * 0.9 - 1);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(DEFAULT_WALLET_CADENCE.idleMs * 1.1 + 1);
  });

  it('reads a new address at once and forgets a removed one', async () => {
    const { clock, chain, watcher, seen, runUntil } = world();
    chain.energyLimit.set(A, 70_000n);
    watcher.start();
    watcher.watch([A]);
    await runUntil(T0);
    expect(seen.map((e) => [e.address, e.reading.energy.available])).toEqual([[A, 70_000n]]);
    expect(chain.count('readTrx', A)).toBe(1);
    watcher.watch([B]);
    await runUntil(T0 + 10 * 60_000);
    expect(chain.calls.filter((c) => c.address === A && c.at > T0)).toEqual([]);
    expect(chain.count('readResources', B)).toBeGreaterThan(5);
    expect(watcher.watched()).toEqual([B]);
    expect(clock.now()).toBe(T0 + 10 * 60_000);
  });

  it('after an order succeeds, reads at once and every 2 s for two minutes, then idles again', async () => {
    const { clock, chain, watcher, runUntil } = world();
    watcher.watch([A]);
    watcher.start();
    await runUntil(T0 + 10 * 60_000);
    const before = chain.count('readResources', A);
    const boostAt = clock.now();
    watcher.boost(A);
    await runUntil(boostAt);
    expect(chain.count('readResources', A)).toBe(before + 1);
    await runUntil(boostAt + DEFAULT_WALLET_CADENCE.fastForMs);
    const fast = chain.calls.filter((c) => c.method === 'readResources' && c.address === A && c.at >= boostAt);
    expect(fast.length).toBe(DEFAULT_WALLET_CADENCE.fastForMs / DEFAULT_WALLET_CADENCE.fastMs + 1);
    expect(fast.every((c, i) => i === 0 || c.at - fast[i - 1]!.at === DEFAULT_WALLET_CADENCE.fastMs)).toBe(true);
    await runUntil(boostAt + DEFAULT_WALLET_CADENCE.fastForMs + 10 * 60_000);
    const after = chain.calls.filter((c) => c.method === 'readResources' && c.address === A && c.at > boostAt + DEFAULT_WALLET_CADENCE.fastForMs + 2_000);
    expect(after.length).toBeLessThanOrEqual(10);
    expect(chain.maxInFlightPerAddress).toBe(1);
  });

  it('while an energy order is on its way, reads every 2 s until the time given, without an extra read at once', async () => {
    const { clock, chain, watcher, runUntil } = world();
    watcher.watch([A]);
    watcher.start();
    await runUntil(T0 + 30_000);
    const at = clock.now();
    watcher.hurry(A, at + 20_000);
    watcher.hurry(A, at + 10_000); // an earlier end does not shorten it
    await runUntil(at + 20_000);
    const reads = chain.calls.filter((c) => c.method === 'readResources' && c.address === A && c.at > at).map((c) => c.at - at);
    expect(reads).toEqual([2_000, 4_000, 6_000, 8_000, 10_000, 12_000, 14_000, 16_000, 18_000, 20_000]);
  });

  it('pauses on suspend and offline, sends nothing while paused, and reads at once on resume', async () => {
    const power = new FakePowerEvents();
    const { clock, chain, watcher, runUntil } = world({ power });
    const changes: boolean[] = [];
    watcher.events.on('pauseChanged', (e) => changes.push(e.paused));
    watcher.watch([A]);
    watcher.start();
    await runUntil(T0 + 60_000);
    power.fire('suspend');
    power.fire('offline');
    const pausedAt = clock.now();
    const sent = chain.calls.length;
    await runUntil(pausedAt + HOUR);
    expect(chain.calls.length).toBe(sent);
    expect(clock.pendingTimers()).toBe(0);
    power.fire('resume');
    await runUntil(clock.now());
    expect(chain.calls.length).toBe(sent); // still offline
    power.fire('online');
    await runUntil(clock.now());
    expect(chain.calls.filter((c) => c.at === clock.now() && c.method === 'readResources')).toHaveLength(1);
    expect(changes).toEqual([true, false]);
    watcher.stop();
    expect(power.listenerCount()).toBe(0);
  });

  it('backs off after failures and waits at least as long as the node asked', async () => {
    const { chain, watcher, failed, runUntil } = world();
    const idle = DEFAULT_WALLET_CADENCE.idleMs;
    watcher.watch([A]);
    watcher.start();
    await runUntil(T0);
    chain.failures.push(rateLimited(300_000), rateLimited());
    await runUntil(T0 + idle);
    expect(failed.map((f) => f.retryInMs)).toEqual([300_000]);
    await runUntil(T0 + idle + 299_999);
    expect(chain.count('readResources', A)).toBe(2);
    await runUntil(T0 + idle + 300_000);
    expect(failed.map((f) => f.retryInMs)).toEqual([300_000, 2 * idle]);
    await runUntil(T0 + idle + 300_000 + 2 * idle);
    expect(chain.count('readResources', A)).toBe(4);
    expect(failed).toHaveLength(2);
  });

  it('reads the TRX balance on the next poll when a reading shows the wallet sent something', async () => {
    const { clock, chain, watcher, runUntil } = world();
    chain.energyLimit.set(A, 140_000n);
    watcher.watch([A]);
    watcher.start();
    await runUntil(T0 + 5 * 60_000);
    expect(chain.count('readTrx', A)).toBe(1);
    chain.energyUsed.set(A, 64_285n);
    const sentBefore = clock.now();
    await runUntil(sentBefore + DEFAULT_WALLET_CADENCE.idleMs);
    const trxReads = chain.calls.filter((c) => c.method === 'readTrx' && c.at > T0);
    expect(trxReads).toHaveLength(1);
    const resourcesRead = chain.calls.filter((c) => c.method === 'readResources' && c.at > sentBefore)[0];
    expect(trxReads[0]?.at).toBe(resourcesRead?.at);
    // Recovery (used going down) is no reason to read TRX.
    chain.energyUsed.set(A, 60_000n);
    await runUntil(clock.now() + 5 * 60_000);
    expect(chain.calls.filter((c) => c.method === 'readTrx' && c.at > T0)).toHaveLength(1);
  });

  it('a refresh reads the resources and the TRX balance now', async () => {
    const { clock, chain, watcher, runUntil } = world();
    watcher.watch([A]);
    watcher.start();
    await runUntil(T0 + 30 * 60_000);
    const at = clock.now();
    watcher.refresh(A);
    await runUntil(at);
    expect(chain.calls.filter((c) => c.at === at).map((c) => c.method).sort()).toEqual(['readResources', 'readTrx']);
  });
});
