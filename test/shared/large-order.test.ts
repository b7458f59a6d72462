import { describe, expect, it } from 'vitest';
import { DEFAULT_LARGE_ORDER_PERCENT, DEFAULT_LARGE_ORDER_SUN, largeOrderWarning } from '../../src/shared/large-order.ts';

const rule = { percentOfBalance: DEFAULT_LARGE_ORDER_PERCENT, overSun: DEFAULT_LARGE_ORDER_SUN };
const TRX = 1_000_000n;

describe('large orders, in words', () => {
  it('says nothing for an ordinary top-up', () => {
    expect(largeOrderWarning(3_250_000n, 500n * TRX, rule)).toBeNull();
  });

  it('calls a typo of 6,500,000 energy (325 TRX of 500) large, with the share of the balance', () => {
    expect(largeOrderWarning(325n * TRX, 500n * TRX, rule)).toBe('Large order: 325.00 TRX is 65 % of your balance (500.00 TRX). Check the amount before you buy.');
  });

  it('calls anything over 20 TRX large even with a big balance, and over 10 % with a small one', () => {
    expect(largeOrderWarning(25n * TRX, 10_000n * TRX, rule)).toBe('Large order: 25.00 TRX is over 20.00 TRX. Check the amount before you buy.');
    expect(largeOrderWarning(6n * TRX, 50n * TRX, rule)).toContain('12 % of your balance');
    expect(largeOrderWarning(5n * TRX, 50n * TRX, rule)).toBeNull();
  });

  it('says "more than your whole balance" and works without a balance', () => {
    expect(largeOrderWarning(600n * TRX, 500n * TRX, rule)).toContain('more than your whole balance');
    expect(largeOrderWarning(21n * TRX, null, rule)).toContain('is over 20.00 TRX');
    expect(largeOrderWarning(19n * TRX, null, rule)).toBeNull();
  });
});
