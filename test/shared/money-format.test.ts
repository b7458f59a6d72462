import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMoney, formatMoneyExact, formatTrx } from '../../src/shared/format.ts';
import { exactMoneyText, moneyIsRounded, moneyText } from '../../src/shared/money-text.ts';

describe('one money format', () => {
  it('shows every amount with two decimals, whatever it is', () => {
    expect(formatMoney(500_000_000n, 'balance')).toBe('500.00 TRX');
    expect(formatMoney('98839299800', 'balance')).toBe('98,839.30 TRX');
    expect(formatMoney(2_166_700n, 'price')).toBe('2.17 TRX');
    expect(formatMoney(12_500_000n, 'balance', 'USDT')).toBe('12.50 USDT');
    expect(formatTrx(5_856_812n)).toBe('5.86 TRX');
  });

  it('rounds half up by integer arithmetic, also across a whole unit and for negatives', () => {
    expect(formatMoney(1_234_567_891_234n, 'balance')).toBe('1,234,567.89 TRX');
    expect(formatMoney(999_995n, 'price')).toBe('1.00 TRX');
    expect(formatMoney(5_000n, 'price')).toBe('0.01 TRX');
    expect(formatMoney(-2_166_700n, 'total')).toBe('-2.17 TRX');
  });

  it('never shows a non-zero amount as nothing', () => {
    expect(moneyText(4_999n, 'en')).toBe('<\u00a00.01 TRX');
    expect(moneyText(1n, 'ru')).toBe('<\u00a00,01 TRX');
    expect(moneyText(-1n, 'en')).toBe('>\u00a0-0.01 TRX');
    expect(moneyText(0n, 'en')).toBe('0.00 TRX');
  });

  it('speaks each language’s notation', () => {
    expect(moneyText(494_143_300n, 'en')).toBe('494.14 TRX');
    expect(moneyText(1_494_143_300n, 'ru')).toBe('1\u00a0494,14 TRX');
    expect(moneyText(1_494_143_300n, 'zh-CN')).toBe('1,494.14 TRX');
  });

  it('keeps every SUN for the exact amount on hover or in detail, and says when the shown one is rounded', () => {
    expect(formatMoneyExact(2_166_700n)).toBe('2.1667 TRX');
    expect(formatMoneyExact(1_234_567_891_234n)).toBe('1,234,567.891234 TRX');
    expect(exactMoneyText(5_000_000n, 'ru')).toBe('5,00 TRX');
    expect(moneyIsRounded(5_856_812n)).toBe(true);
    expect(moneyIsRounded(5_860_000n)).toBe(false);
  });

  it('never moves an amount by more than half a cent, and a quote and its charge equal in SUN read the same', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 5_000n, max: 10n ** 15n }), (sun) => {
        const shown = moneyText(sun, 'en').replace(/[^\d.]/g, '');
        const [whole, cents] = shown.split('.');
        const back = BigInt(whole!) * 1_000_000n + BigInt(cents!) * 10_000n;
        const off = back > sun ? back - sun : sun - back;
        return off <= 5_000n && moneyText(sun, 'en') === moneyText(BigInt(sun.toString()), 'en');
      }),
    );
  });
});
