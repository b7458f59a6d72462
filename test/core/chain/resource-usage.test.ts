import { describe, expect, it } from 'vitest';
import { consume, freshUsage, increase, recovered, slotOf } from '../../../src/core/chain/resource-usage.ts';

/**
 * java-tron's usage formula (ResourceProcessor.increaseV2). The expected
 * figures were worked out from the Java source step by step: averages ×10^6
 * per slot rounded up, a double decay rounded half up, the new window the
 * usage-weighted mean of the old one's remainder and a full 28,800 slots.
 */

const S = 1_000;

/**
 * java-tron's own examples of the formula, from its tests (tronprotocol/java-tron):
 * - framework/src/test/java/org/tron/core/BandwidthProcessorTest.java,
 *   testFree: a transaction's 122 bytes (186 with the VM's 64-byte result
 *   allowance, MAX_RESULT_SIZE_IN_TX) of free bandwidth at block time
 *   1526647838000 (slot 508882612), the same again 12 hours later
 *   (1526691038000, slot 508897012 = 508882612 + 28800/2): usage is
 *   "61L + 122" (186/2 + 186 = 279 with the allowance), and
 *   latest_consume_free_time moves to the second use's slot.
 * - framework/src/test/java/org/tron/core/EnergyProcessorTest.java,
 *   updateAdaptiveTotalEnergyLimit: the network's average energy usage 4000
 *   recovers to 2000 half a window later (the same increase, over the
 *   adaptive window of 60 s, 20 slots).
 */
describe("java-tron's documented examples", () => {
  it('BandwidthProcessorTest.testFree: 122 bytes, then 122 more 12 hours later, is 61 + 122', () => {
    const first = slotOf(1_526_647_838_000);
    const second = slotOf(1_526_691_038_000);
    expect([first, second]).toEqual([508_882_612, 508_897_012]);
    for (const [bytes, expected] of [
      [122n, 61n + 122n],
      [186n, 93n + 186n],
    ] as const) {
      const free = freshUsage(true);
      consume(free, bytes, first);
      expect(free).toMatchObject({ used: bytes, slot: first });
      consume(free, bytes, second);
      expect(free).toMatchObject({ used: expected, slot: second });
    }
  });

  it('EnergyProcessorTest.updateAdaptiveTotalEnergyLimit: 4000 recovers to 2000 after half its window', () => {
    // The plain increase (a fixed window) over 20 slots, as the adaptive average uses it.
    const average = { used: 4_000n, slot: 100, window: 20_000n, fixedWindow: false };
    expect(increase(average, 0n, 110).used).toBe(2_000n);
    expect(increase(average, 0n, 120).used).toBe(0n);
  });
});

describe('energy usage recovers as java-tron computes it', () => {
  it('one use: linear over 28,800 slots, the window shrinking on reads', () => {
    const usage = freshUsage();
    consume(usage, 64_285n, S);
    expect(usage).toMatchObject({ used: 64_285n, slot: S, window: 28_800_000n });
    expect(recovered(usage, S).used).toBe(64_285n);
    expect(recovered(usage, S + 200)).toMatchObject({ used: 63_838n, slot: S, window: 28_600_000n });
    expect(recovered(usage, S + 14_400)).toMatchObject({ used: 32_142n, window: 14_400_000n });
    expect(recovered(usage, S + 28_799)).toMatchObject({ used: 2n, window: 1_000n });
    // Fully recovered: the window is whole again.
    expect(recovered(usage, S + 28_800)).toMatchObject({ used: 0n, window: 28_800_000n });
  });

  it('a second use on top mixes the windows, so recovery ends a little before 24 h after it', () => {
    const usage = freshUsage();
    consume(usage, 64_285n, S);
    consume(usage, 64_285n, S + 200);
    expect(usage).toEqual({ used: 128_123n, slot: S + 200, window: 28_700_349n, fixedWindow: false });
    expect(recovered(usage, S + 200 + 14_400).used).toBe(63_838n);
    expect(recovered(usage, S + 200 + 28_699).used).toBe(4n);
    expect(recovered(usage, S + 200 + 28_700).used).toBe(0n);
  });

  it('free bandwidth keeps the fixed 24-hour window (BandwidthProcessor uses the plain increase)', () => {
    const free = freshUsage(true);
    consume(free, 345n, S);
    consume(free, 200n, S + 14_400);
    expect(free.window).toBe(28_800_000n);
    // 345 half recovered (172.5, kept as an average ×10^6) plus 200.
    expect(free.used).toBe(372n);
    expect(recovered(free, S + 14_400 + 28_800).used).toBe(0n);
  });

  it('reads never move latest_consume_time, and a clock that steps back changes nothing', () => {
    const usage = freshUsage();
    consume(usage, 1_000n, S);
    expect(recovered(usage, S + 100).slot).toBe(S);
    expect(recovered(usage, S - 5)).toMatchObject({ used: 1_000n, slot: S });
  });

  it('counts slots of 3 s from time 0, as mainnet (genesis timestamp 0) does', () => {
    expect(slotOf(2_999)).toBe(0);
    expect(slotOf(3_000)).toBe(1);
    expect(slotOf(1_777_444_809_000)).toBe(592_481_603);
  });
});
