import { InvariantError } from '../../../src/core/base/domain-error.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandwidthReading, energyReading } from '../../../src/core/chain/resources.ts';
import type { BandwidthReading } from '../../../src/core/chain/resources.ts';
import {
  bandwidthBurnSun,
  energyBurnSun,
  energyShortfall,
  energyToOrder,
  MIN_ENERGY_ORDER,
  savedVsBurned,
  totalSavings,
  transfersCovered,
} from '../../../src/core/wallets/need-estimate.ts';
import { transferNeed, typicalEnergyPerTransfer } from '../../../src/core/wallets/transfer-need.ts';

const energy = fc.bigInt({ min: 0n, max: 10n ** 12n });
const perTransfer = fc.bigInt({ min: 1n, max: 10n ** 7n });
const count = fc.bigInt({ min: 0n, max: 1_000n });
const fee = fc.bigInt({ min: 0n, max: 10_000n });

function bandwidth(freeLeft: bigint, stakedLeft: bigint): BandwidthReading {
  return { freeLimit: 600n, freeUsed: 600n - freeLeft, limit: stakedLeft, used: 0n, available: freeLeft + stakedLeft };
}

describe('transfers covered', () => {
  it('is the whole number of transfers the energy pays for', () => {
    fc.assert(
      fc.property(energy, perTransfer, (available, per) => {
        const covered = transfersCovered(available, per);
        expect(covered * per <= available).toBe(true);
        expect((covered + 1n) * per > available).toBe(true);
      }),
    );
    expect(transfersCovered(130_000n, typicalEnergyPerTransfer('holder'))).toBe(2n);
    expect(transfersCovered(130_000n, typicalEnergyPerTransfer('new'))).toBe(0n);
  });

  it('refuses a zero energy per transfer and negative inputs', () => {
    // The callers check what they read: a figure out of range here is a bug, with a code for the log.
    expect(() => transfersCovered(1n, 0n)).toThrow(/^not-positive .*energyPerTransfer/);
    expect(() => transfersCovered(-1n, 1n)).toThrow(InvariantError);
    expect(() => energyShortfall(1n, 1n, -1n)).toThrow(/^negative .*transfers/);
  });
});

describe('missing energy and the order that covers it', () => {
  it('covers exactly the shortfall, raised to the service minimum, or orders nothing', () => {
    fc.assert(
      fc.property(energy, perTransfer, count, (available, per, n) => {
        const missing = energyShortfall(available, per, n);
        const order = energyToOrder(available, per, n);
        expect(available + missing >= per * n).toBe(true);
        if (missing > 0n) expect(available + missing - 1n < per * n).toBe(true);
        if (missing === 0n) expect(order).toBe(0n);
        else expect(order).toBe(missing > MIN_ENERGY_ORDER ? missing : MIN_ENERGY_ORDER);
        expect(transfersCovered(available + order, per) >= n).toBe(true);
      }),
    );
  });

  it('matches the worked example: 12,400 energy, 3 transfers to holders', () => {
    expect(energyShortfall(12_400n, 64_285n, 3n)).toBe(180_455n);
    expect(energyToOrder(12_400n, 64_285n, 3n)).toBe(180_455n);
    expect(energyToOrder(60_000n, 64_285n, 1n)).toBe(30_000n); // 4,285 missing, minimum order 30,000
    expect(MIN_ENERGY_ORDER).toBe(30_000n);
  });
});

describe('burning and saving', () => {
  it('prices energy at getEnergyFee exactly, beyond 2^53 SUN', () => {
    fc.assert(
      fc.property(energy, fee, (e, f) => {
        expect(energyBurnSun(e, f)).toBe(e * f);
      }),
    );
    expect(energyBurnSun(10n ** 15n + 1n, 100n)).toBe(100_000_000_000_000_100n);
  });

  it('saved = would-have-burned − spent, per order and summed', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(energy, fee, fc.bigInt({ min: 0n, max: 10n ** 15n })), { maxLength: 20 }), (orders) => {
        const items = orders.map(([e, f, spent]) => savedVsBurned(e, f, spent));
        for (const [i, item] of items.entries()) {
          const [e, f, spent] = orders[i]!;
          expect(item).toEqual({ wouldHaveBurnedSun: e * f, spentSun: spent, savedSun: e * f - spent });
        }
        const total = totalSavings(items);
        expect(total.savedSun).toBe(total.wouldHaveBurnedSun - total.spentSun);
        expect(total.spentSun).toBe(items.reduce((s, x) => s + x.spentSun, 0n));
      }),
    );
    // 65,000 energy at 100 SUN would burn 6.5 TRX; renting it for 3.25 TRX saved 3.25 TRX.
    expect(savedVsBurned(65_000n, 100n, 3_250_000n).savedSun).toBe(3_250_000n);
    expect(savedVsBurned(65_000n, 100n, 7_000_000n).savedSun).toBe(-500_000n);
  });
});

describe('bandwidth', () => {
  it('burns nothing while one pool holds a whole transfer, else the whole transfer', () => {
    expect(bandwidthBurnSun(bandwidth(600n, 0n), 1_000n)).toBe(0n);
    expect(bandwidthBurnSun(bandwidth(344n, 0n), 1_000n)).toBe(345_000n);
    expect(bandwidthBurnSun(bandwidth(300n, 300n), 1_000n)).toBe(345_000n); // never split across pools
    expect(bandwidthBurnSun(bandwidth(0n, 345n), 1_000n)).toBe(0n);
    expect(bandwidthBurnSun(bandwidth(600n, 700n), 1_000n, 4n)).toBe(345_000n); // 2 from staked, 1 from free, 1 burned
  });

  it('covers floor(left / bytes) transfers per pool, whatever the numbers', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 600n }), fc.bigInt({ min: 0n, max: 100_000n }), count, fee, (free, staked, n, f) => {
        const covered = free / 345n + staked / 345n;
        const burn = bandwidthBurnSun(bandwidth(free, staked), f, n);
        expect(burn).toBe(n > covered ? (n - covered) * 345n * f : 0n);
      }),
    );
  });
});

describe('transferNeed', () => {
  it('puts the pieces together from a reading and the fees', () => {
    const counters = { energyLimit: 80_000n, energyUsed: 67_600n, netLimit: 0n, netUsed: 0n, freeNetLimit: 600n, freeNetUsed: 400n };
    const need = transferNeed({
      reading: { energy: energyReading(counters), bandwidth: bandwidthReading(counters) },
      energyPerTransfer: typicalEnergyPerTransfer('holder'),
      transfers: 2n,
      fees: { energyFeeSun: 100n, bandwidthFeeSun: 1_000n },
    });
    expect(need).toEqual({
      availableEnergy: 12_400n,
      energyPerTransfer: 64_285n,
      transfers: 2n,
      covered: 0n,
      missingEnergy: 116_170n,
      orderEnergy: 116_170n,
      energyBurnSun: 11_617_000n,
      bandwidthBurnSun: 690_000n,
    });
  });
});
