import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../src/core/base/virtual-clock.ts';
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';
import { cadenceEvery, WalletWatcher } from '../../../src/core/wallets/wallet-watcher.ts';
import { FakeChainReader, rateLimited } from '../../support/fake-chain-reader.ts';
import { ABSURD_RETRY_AFTERS, retryAfterScenario } from '../../support/money-guards/retry-after.ts';

const TEN_MINUTES = 10 * 60_000;

describe('the wallet watcher and a node that asks to wait too long', () => {
  it('reads again at most 10 minutes after a 429 with Retry-After 999999 or 99999999, a bounded number of times, and resumes the idle cadence after recovery', async () => {
    const result = await retryAfterScenario();
    expect(result.runs.map((r) => r.header)).toEqual([...ABSURD_RETRY_AFTERS]);
    for (const run of result.runs) {
      expect(run.firstRetryInMs).toBe(TEN_MINUTES);
      expect(run.longestWaitMs).toBeLessThanOrEqual(TEN_MINUTES);
      // 30 minutes of 429s: the first read, then one every 10 minutes, each getaccount and getaccountresource.
      expect(run.requestsWhileLimited).toBe(8);
      expect(run.resumedAfterMs).toBeLessThanOrEqual(TEN_MINUTES);
      // Then the one good read, and the prediction: nothing happened to the address, nothing more is asked.
      expect(run.requestsAfterRecovery).toBe(2);
    }
    expect(result.retryAfterMaxS).toBe(600);
    expect(result.timerOverflows).toBe(0);
    expect(result.realClockRequests).toBe(2);
  });

  it("holds every address while the node asks to wait (the limit is the node's, not one address's)", async () => {
    const clock = new VirtualClock(0);
    const chain = new FakeChainReader(() => clock.now());
    const watcher = new WalletWatcher({ chain, clock, random: () => 0.5 });
    const [a, b, c] = ['a', 'b', 'c'].map((s) => tronAddressFromSeed(`retry-after-${s}`));
    chain.failures.push(rateLimited(999_999_000));
    watcher.watch([a!, b!, c!]);
    watcher.start();
    await watcher.whenIdle();
    while ((clock.nextAt() ?? Infinity) < TEN_MINUTES - 1) {
      clock.step();
      await watcher.whenIdle();
    }
    // The first read was limited; its siblings in flight at once are the only others before the wait ends (the chain is still followed).
    expect(chain.calls.filter((call) => call.at > 0 && call.method === 'readSnapshot')).toEqual([]);
    while ((clock.nextAt() ?? Infinity) <= TEN_MINUTES) {
      clock.step();
      await watcher.whenIdle();
    }
    expect(chain.calls.filter((call) => call.at === TEN_MINUTES && call.method === 'readSnapshot').length).toBe(1);
  });

  it('caps the wait at ten intervals when reads are faster (the daemon’s ENERGY_TRAY_WALLET_INTERVAL_MS), never above 10 minutes', async () => {
    expect(cadenceEvery(300)).toEqual({ refreshMs: 300, retryMs: 300, errorCapMs: 3_000 });
    expect(cadenceEvery(64_000).errorCapMs).toBe(TEN_MINUTES);
    const clock = new VirtualClock(0);
    const chain = new FakeChainReader(() => clock.now());
    const watcher = new WalletWatcher({ chain, clock, random: () => 0.5, cadence: cadenceEvery(300) });
    const retries: number[] = [];
    watcher.events.on('failed', (e) => retries.push(e.retryInMs));
    chain.failures.push(rateLimited(99_999_999_000), rateLimited(undefined), rateLimited(undefined), rateLimited(undefined), rateLimited(undefined), rateLimited(undefined));
    watcher.watch([tronAddressFromSeed('retry-after-fast')]);
    watcher.start();
    for (let i = 0; i < 30; i++) {
      await watcher.whenIdle();
      clock.step();
    }
    expect(retries[0]).toBe(3_000);
    expect(Math.max(...retries)).toBeLessThanOrEqual(3_000);
  });
});
