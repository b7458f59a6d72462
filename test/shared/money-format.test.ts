import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyExact } from '../../src/shared/format.ts';

describe('one money format', () => {
  it('shows balances and prices with two decimals, always', () => {
    expect(formatMoney(500_000_000n, 'balance')).toBe('500.00 TRX');
    expect(formatMoney('98839299800', 'balance')).toBe('98,839.30 TRX');
    expect(formatMoney(2_166_700n, 'price')).toBe('2.17 TRX');
    expect(formatMoney(12_500_000n, 'balance', 'USDT')).toBe('12.50 USDT');
  });

  it('rounds half up by integer arithmetic, also across a whole unit and for negatives', () => {
    expect(formatMoney(1_234_567_891_234n, 'balance')).toBe('1,234,567.89 TRX');
    expect(formatMoney(999_995n, 'price')).toBe('1.00 TRX');
    expect(formatMoney(4_999n, 'price')).toBe('0.00 TRX');
    expect(formatMoney(-2_166_700n, 'total')).toBe('-2.17 TRX');
  });

  it('keeps every SUN for per-unit prices and for the exact amount on hover', () => {
    expect(formatMoney(420n, 'unit')).toBe('0.000420 TRX');
    expect(formatMoneyExact(2_166_700n)).toBe('2.1667 TRX');
    expect(formatMoneyExact(1_234_567_891_234n)).toBe('1,234,567.891234 TRX');
  });
});
