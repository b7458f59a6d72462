import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../../src/core/api/errors.ts';
import {
  MIN_BANDWIDTH_COUNT,
  MIN_ENERGY_COUNT,
  validateFastRecover,
  validateOrderId,
  validateOrderSn,
  validatePriceQuery,
  validateTimedOrder,
} from '../../../src/core/api/validation.ts';
import type { PriceQuery, TimedOrderRequest } from '../../../src/core/api/types.ts';

const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

function reasonOf(fn: () => void): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidInputError);
    return (err as Error).message;
  }
  throw new Error('expected an InvalidInputError');
}

describe('local validation', () => {
  const order = (over: Partial<TimedOrderRequest>): TimedOrderRequest => ({ address: ADDRESS, count: 30_000, period: '1h', ...over });

  it('accepts the minimum counts and the spec period examples', () => {
    for (const period of ['15minutes', '1h', '1day', '3day', '7day']) {
      expect(() => validateTimedOrder('energy', order({ period }), 'buy_energy')).not.toThrow();
    }
    expect(() => validateTimedOrder('net', order({ count: MIN_BANDWIDTH_COUNT }), 'buy_net')).not.toThrow();
  });

  it.each([
    ['energy below 30000', 'energy', { count: MIN_ENERGY_COUNT - 1 }, 'at least 30,000'],
    ['bandwidth below 100', 'net', { count: 99 }, 'at least 100'],
    ['zero count', 'energy', { count: 0 }, 'positive whole number'],
    ['fractional count', 'energy', { count: 30_000.5 }, 'positive whole number'],
    ['unsafe count', 'energy', { count: 2 ** 53 }, 'positive whole number'],
    ['count as text', 'energy', { count: '30000' as unknown as number }, 'positive whole number'],
    ['empty period', 'energy', { period: '' }, 'period'],
    ['period with a space', 'energy', { period: '1 day' }, 'period'],
    ['bad address', 'energy', { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' }, 'bad checksum'],
  ] as const)('rejects %s', (_label, type, over, text) => {
    expect(reasonOf(() => validateTimedOrder(type, order(over), 'buy_energy'))).toContain(text);
  });

  it('applies the buy minimums to price quotes and checks the type', () => {
    const q = (over: Partial<PriceQuery>): PriceQuery => ({ type: 'energy', count: 30_000, period: '1h', ...over });
    expect(() => validatePriceQuery(q({}), 'query_price')).not.toThrow();
    expect(reasonOf(() => validatePriceQuery(q({ count: 29_999 }), 'query_price'))).toContain('at least 30,000');
    expect(() => validatePriceQuery(q({ type: 'net', count: 100 }), 'query_price')).not.toThrow();
    expect(reasonOf(() => validatePriceQuery(q({ type: 'cpu' as 'net' }), 'query_price'))).toContain('"energy" or "net"');
  });

  it('requires only a positive count for fast recover', () => {
    expect(() => validateFastRecover({ address: ADDRESS, count: 1, resourceType: 'net' }, 'buy_fast_recover')).not.toThrow();
    expect(reasonOf(() => validateFastRecover({ address: ADDRESS, count: -5, resourceType: 'energy' }, 'buy_fast_recover'))).toContain(
      'positive',
    );
  });

  it('checks order serials and ids', () => {
    expect(() => validateOrderSn('EN1700000000123', 'query_result')).not.toThrow();
    expect(reasonOf(() => validateOrderSn('', 'query_result'))).toContain('order_sn');
    expect(reasonOf(() => validateOrderSn('EN 1', 'query_result'))).toContain('order_sn');
    expect(() => validateOrderId(42, 'query_fast_recover_order')).not.toThrow();
    expect(reasonOf(() => validateOrderId(0, 'query_fast_recover_order'))).toContain('order id');
  });
});
