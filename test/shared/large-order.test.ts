import { describe, expect, it } from 'vitest';
import { paidOrderApproval } from '../../src/core/app/approvals/approval-requests.ts';
import { DEFAULT_LARGE_ORDER_PERCENT, DEFAULT_LARGE_ORDER_SUN, largeOrderFacts } from '../../src/shared/large-order.ts';

const rule = { percentOfBalance: DEFAULT_LARGE_ORDER_PERCENT, overSun: DEFAULT_LARGE_ORDER_SUN };
const TRX = 1_000_000n;

/** The note main's approval shows first for an order costing `costSun`, in `language` (null: not large). */
function note(costSun: bigint, balanceSun: bigint | null, language: 'en' | 'ru' | 'zh-CN' = 'en'): string | null {
  const largeOrder = largeOrderFacts(costSun, balanceSun, rule);
  const intent = { kind: 'energy' as const, profileId: 'p', address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', count: 65_000, period: '1h' };
  const request = paidOrderApproval({ intent, costSun, host: 'api.example.com', demo: false, limit: null, largeOrder }, language);
  return largeOrder === null ? null : (request.notes[0] ?? '');
}

describe('large orders, in words', () => {
  it('says nothing for an ordinary top-up', () => {
    expect(largeOrderFacts(3_250_000n, 500n * TRX, rule)).toBeNull();
  });

  it('calls a typo of 6,500,000 energy (325 TRX of 500) large, with the share of the balance', () => {
    expect(largeOrderFacts(325n * TRX, 500n * TRX, rule)).toEqual({ by: 'share', percent: 65n, balanceSun: 500n * TRX });
    expect(note(325n * TRX, 500n * TRX)).toBe('Large order: 325.00 TRX is 65 % of your balance (500.00 TRX). Check the amount before you buy.');
  });

  it('calls anything over 20 TRX large even with a big balance, and over 10 % with a small one', () => {
    expect(note(25n * TRX, 10_000n * TRX)).toBe('Large order: 25.00 TRX is over 20.00 TRX. Check the amount before you buy.');
    expect(note(6n * TRX, 50n * TRX)).toContain('12 % of your balance');
    expect(largeOrderFacts(5n * TRX, 50n * TRX, rule)).toBeNull();
  });

  it('says "more than your whole balance" and works without a balance', () => {
    expect(note(600n * TRX, 500n * TRX)).toContain('more than your whole balance');
    expect(note(21n * TRX, null)).toContain('is over 20.00 TRX');
    expect(largeOrderFacts(19n * TRX, null, rule)).toBeNull();
  });

  it('says it in the language of main’s approval', () => {
    expect(note(325n * TRX, 500n * TRX, 'ru')).toBe('Крупный заказ: 325,00 TRX — это 65 % вашего баланса (500,00 TRX). Проверьте сумму перед покупкой.');
    expect(note(25n * TRX, 10_000n * TRX, 'zh-CN')).toBe('大额订单：25.00 TRX 超过 20.00 TRX。购买前请核对金额。');
  });
});
