import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../../src/core/base/http/json-number.ts';
import { VirtualClock } from '../../../src/core/base/virtual-clock.ts';
import { resourcesAt, snapshotOf, usageAt } from '../../../src/core/chain/account-snapshot.ts';
import { ChainClient } from '../../../src/core/chain/chain-client.ts';
import { accountResourceSchema, accountSchema } from '../../../src/core/chain/schemas.ts';
import { startNodeSimulator, type NodeSimulator } from '../../../src/core/simulator/node/node-simulator.ts';
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';

/**
 * A full read kept as a snapshot, and its energy predicted later with
 * java-tron's formula: the prediction must be what the node would answer.
 */

const FIXTURES = join(import.meta.dirname, '../../fixtures/tron-replies');
const fixture = (name: string): unknown => parseJsonBody(readFileSync(join(FIXTURES, name), 'utf8')).exact;
const HOUR = 3_600_000;

describe('a snapshot from the documented replies', () => {
  it("reads getaccount's usage counters (Nile's documented reply: free bandwidth 441 at 1777431471000, energy fully recovered)", () => {
    const account = accountSchema.parse(fixture('ga-doc-nile.json'));
    const resources = accountResourceSchema.parse(fixture('gar-doc-nile.json'));
    const readAt = 1_777_444_809_000;
    const snapshot = snapshotOf('TWsm8HtU2A5eEzoT8ev8yaoFjHsXLLrckb', account, resources, readAt);
    expect(snapshot).toMatchObject({ activated: true, trxSun: 1_793_227_200n, freeNetLimit: 600n, energyLimit: 0n });
    expect(snapshot.energy).toMatchObject({ used: 0n, consumedAtMs: 1_777_444_809_000 });
    // 13,338 s after the last free use: 4,446 slots into its fixed 28,800-slot window.
    expect(snapshot.freeNet).toMatchObject({ used: 441n, consumedAtMs: 1_777_431_471_000, readSlots: 4_446, window: 24_354_000n });
    // What is left recovers linearly over what is left of the day: all of it 24 h after the use.
    expect(usageAt(snapshot.freeNet, readAt)).toBe(441n);
    // Half the day after the use: 441 × 14,400 ÷ 24,354 slots left = 260.7, the node's integer arithmetic 260.
    expect(usageAt(snapshot.freeNet, 1_777_431_471_000 + 12 * HOUR)).toBe(260n);
    expect(usageAt(snapshot.freeNet, 1_777_431_471_000 + 24 * HOUR)).toBe(0n);
    expect(resourcesAt(snapshot, readAt).bandwidth.available).toBe(159n);
  });

  it('an unknown account ({}) is a snapshot of nothing', () => {
    const snapshot = snapshotOf('TWsm8HtU2A5eEzoT8ev8yaoFjHsXLLrckb', accountSchema.parse({}), accountResourceSchema.parse({}), 0);
    expect(snapshot.activated).toBe(false);
    expect(resourcesAt(snapshot, HOUR).energy).toEqual({ limit: 0n, used: 0n, available: 0n });
  });
});

const nodes: NodeSimulator[] = [];
afterEach(async () => {
  await Promise.all(nodes.splice(0).map((n) => n.close()));
});

describe('the prediction against the node (which computes usage as java-tron does)', () => {
  it('after one read, matches every later read of the day to the unit, through mixed windows', async () => {
    const clock = new VirtualClock(1_750_000_001_500);
    const wallet = tronAddressFromSeed('snapshot-wallet');
    const holder = tronAddressFromSeed('snapshot-holder');
    const node = await startNodeSimulator({
      now: () => clock.now(),
      spending: null,
      wallets: [{ address: wallet, trxSun: 10n ** 12n, usdtMicros: 10n ** 12n, stakedEnergy: 400_000n, stakedNet: 2_000n }, { address: holder, usdtMicros: 1n }],
    });
    nodes.push(node);
    const client = new ChainClient({ nodeUrl: node.baseUrl, now: () => clock.now() });
    try {
      // Three uses an hour apart mix the window; the read comes 20 minutes after the last.
      for (let i = 0; i < 3; i++) {
        node.transfer(wallet, i === 1 ? tronAddressFromSeed('snapshot-new') : holder, 1_000_000n);
        clock.advanceTo(clock.now() + HOUR);
      }
      clock.advanceTo(clock.now() - 40 * 60_000);
      const snapshot = await client.readSnapshot(wallet);
      expect(snapshot.energy.window).toBeLessThan(28_800_000n);
      // The read's figure is rounded once more than the node's own, so a unit either way.
      const off = (a: bigint, b: bigint): number => Math.abs(Number(a - b));
      const worst = { energy: 0, bandwidth: 0 };
      let recovered = false;
      for (let minutes = 0; minutes <= 26 * 60; minutes += 37) {
        const at = snapshot.energy.consumedAtMs + snapshot.energy.readSlots * 3_000 + minutes * 60_000;
        const predicted = resourcesAt(snapshot, at);
        clock.advanceTo(Math.max(clock.now(), at));
        const actual = node.account(wallet)!;
        worst.energy = Math.max(worst.energy, off(predicted.energy.used, actual.energyUsed));
        worst.bandwidth = Math.max(worst.bandwidth, off(predicted.bandwidth.used, actual.netUsed));
        recovered ||= actual.energyUsed === 0n && predicted.energy.used === 0n;
      }
      expect(worst.energy).toBeLessThanOrEqual(1);
      expect(worst.bandwidth).toBeLessThanOrEqual(1);
      expect(recovered).toBe(true);
    } finally {
      await client.close();
    }
  });
});
