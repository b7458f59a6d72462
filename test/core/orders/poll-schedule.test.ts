import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { backoffGapMs, DEFAULT_POLL_SCHEDULE, nextPollDelayMs, nominalGapMs } from '../../../src/core/orders/poll-schedule.ts';

const age = fc.integer({ min: 0, max: 48 * 3_600_000 });
const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const cap = DEFAULT_POLL_SCHEDULE.capMs;

describe('poll schedule', () => {
  it('the first check comes after about 2 s', () => {
    expect(nominalGapMs(0)).toBe(2_000);
    fc.assert(fc.property(unit, (r) => Math.abs(nextPollDelayMs(0, 0, () => r) - 2_000) <= 400));
  });

  it('gaps never shrink as an order ages (before jitter)', () => {
    fc.assert(fc.property(age, age, (a, b) => nominalGapMs(Math.min(a, b)) <= nominalGapMs(Math.max(a, b))));
  });

  it('errors back off further, never shrinking the gap', () => {
    fc.assert(
      fc.property(age, fc.integer({ min: 0, max: 50 }), (a, errors) => {
        expect(backoffGapMs(a, errors + 1)).toBeGreaterThanOrEqual(backoffGapMs(a, errors));
        expect(backoffGapMs(a, errors)).toBeGreaterThanOrEqual(nominalGapMs(a));
      }),
    );
    expect(backoffGapMs(0, 1)).toBe(4_000);
  });

  it('with jitter a delay stays within ±20% and never above cap × 1.2', () => {
    fc.assert(
      fc.property(age, fc.integer({ min: 0, max: 50 }), unit, (a, errors, r) => {
        const delay = nextPollDelayMs(a, errors, () => r);
        const base = backoffGapMs(a, errors);
        expect(delay).toBeLessThanOrEqual(Math.ceil(base * 1.2));
        expect(delay).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
        expect(delay).toBeLessThanOrEqual(cap * 1.2);
      }),
    );
  });

  it('reaches the cap for old orders', () => {
    expect(nominalGapMs(3_600_000)).toBe(cap);
  });
});
