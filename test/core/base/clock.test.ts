import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, safeTimerMs, systemClock } from '../../../src/core/base/clock.ts';
import { VirtualClock } from '../../../src/core/base/virtual-clock.ts';

describe('the clock port keeps every timer in the range setTimeout honours', () => {
  it('clamps below 0 to 0, and past 2^31−1 ms (Infinity and NaN too) to 2^31−1', () => {
    expect(MAX_TIMER_MS).toBe(2_147_483_647);
    expect(safeTimerMs(-5)).toBe(0);
    expect(safeTimerMs(1_500)).toBe(1_500);
    for (const ms of [2 ** 31, 99_999_999_000, Number.MAX_VALUE, Number.POSITIVE_INFINITY, Number.NaN]) expect(safeTimerMs(ms)).toBe(MAX_TIMER_MS);
  });

  it('on the system clock, a far-away timer neither warns nor fires early; a due one still fires', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      let early = 0;
      const far = [2 ** 31, 99_999_999_000, Number.POSITIVE_INFINITY, Number.NaN].map((ms) => systemClock.setTimeout(() => early++, ms));
      const fired = await new Promise<boolean>((resolve) => systemClock.setTimeout(() => resolve(true), -10));
      await new Promise((resolve) => setTimeout(resolve, 30));
      for (const handle of far) systemClock.clearTimeout(handle);
      expect(fired).toBe(true);
      expect(early).toBe(0);
      expect(warnings.filter((name) => name === 'TimeoutOverflowWarning' || name === 'TimeoutNegativeWarning' || name === 'TimeoutNaNWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('the virtual clock clamps the same way, so tests see what the app does', () => {
    const clock = new VirtualClock(0);
    clock.setTimeout(() => undefined, 99_999_999_000);
    expect(clock.nextAt()).toBe(MAX_TIMER_MS);
  });
});
