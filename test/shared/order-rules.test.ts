import { describe, expect, it } from 'vitest';
import { MIN_BANDWIDTH_COUNT, MIN_ENERGY_COUNT, validateTimedOrder } from '../../src/core/api/validation.ts';
import { PERIOD_NAME, cleanAddress, MIN_COUNT, OFFERED_PERIODS, periodFor } from '../../src/shared/order-rules.ts';

const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('order rules shared by the forms and the core', () => {
  it('are the minimums the core enforces', () => {
    expect(MIN_COUNT).toEqual({ energy: MIN_ENERGY_COUNT, net: MIN_BANDWIDTH_COUNT });
    for (const type of ['energy', 'net'] as const) {
      expect(() => validateTimedOrder(type, { address: ADDRESS, count: MIN_COUNT[type], period: '1day' }, 'local')).not.toThrow();
      expect(() => validateTimedOrder(type, { address: ADDRESS, count: MIN_COUNT[type] - 1, period: '1day' }, 'local')).toThrow(/at least/);
    }
  });

  it('offer only period names the request schemas accept', () => {
    for (const period of [...OFFERED_PERIODS.energy, ...OFFERED_PERIODS.net]) expect(PERIOD_NAME.test(period)).toBe(true);
    expect(PERIOD_NAME.test('1 day')).toBe(false);
  });

  it('keep the period when the resource offers it and fall back to its first otherwise', () => {
    expect(periodFor('energy', '1h')).toBe('1h');
    expect(periodFor('net', '1h')).toBe('1day');
    expect(periodFor('net', '3day')).toBe('3day');
  });

  it('take the white space around a pasted address off', () => {
    expect(cleanAddress(`  ${ADDRESS}\n`)).toBe(ADDRESS);
  });
});
