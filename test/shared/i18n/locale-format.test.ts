import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAgeIn, formatAmount, formatCountIn, formatDateTimeIn, formatTrxIn } from '../../../src/shared/i18n/locale-format.ts';
import { SUPPORTED_LANGUAGES } from '../../../src/shared/i18n/languages.ts';

const NBSP = /[\u00a0\u202f]/g;

describe('amounts from integer SUN in the active locale', () => {
  it('1,234,567.891234 TRX keeps every digit, with the locale’s grouping and decimal separator', () => {
    const sun = 1_234_567_891_234n;
    expect(formatTrxIn(sun, 'en')).toBe('1,234,567.891234 TRX');
    expect(formatTrxIn(sun, 'zh-CN')).toBe('1,234,567.891234 TRX');
    expect(formatTrxIn(sun, 'ru').replace(NBSP, ' ')).toBe('1 234 567,891234 TRX');
  });

  it('keeps two decimals at least, drops further trailing zeros, and signs negatives', () => {
    expect(formatAmount(3_250_000n, 'ru')).toBe('3,25');
    expect(formatAmount(5_000_000n, 'en')).toBe('5.00');
    expect(formatAmount(5_000_000n, 'en', 0)).toBe('5');
    expect(formatAmount('-500000', 'en')).toBe('-0.50');
  });

  it('is exact for every amount TRON can hold, in every language: only the separators differ', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), fc.constantFrom(...SUPPORTED_LANGUAGES), (sun, locale) => {
        const decimal = locale === 'ru' ? ',' : '.';
        const text = formatAmount(sun, locale, 6).replace(NBSP, '').replace(locale === 'ru' ? /\s/g : /,/g, '');
        const [whole = '', frac = ''] = text.split(decimal);
        expect(BigInt(whole) * 1_000_000n + BigInt(frac)).toBe(sun);
        expect(frac).toHaveLength(6);
      }),
    );
  });

  it('groups counts exactly, also beyond 2^53', () => {
    expect(formatCountIn(65_000, 'en')).toBe('65,000');
    expect(formatCountIn('123456789012345678901', 'en')).toBe('123,456,789,012,345,678,901');
    expect(formatCountIn(65_000n, 'ru').replace(NBSP, ' ')).toBe('65 000');
  });
});

describe('times in the active locale', () => {
  const now = Date.UTC(2026, 10, 23, 12, 0, 0);

  it('says how long ago in the locale’s words (Intl.RelativeTimeFormat)', () => {
    expect(formatAgeIn(now - 120_000, now, 'en')).toBe('2 min. ago');
    expect(formatAgeIn(now - 120_000, now, 'ru')).toBe('2 мин. назад');
    expect(formatAgeIn(now - 120_000, now, 'zh-CN')).toBe('2分钟前');
    expect(formatAgeIn(now - 10_000, now, 'ru')).toBe('сейчас');
    expect(formatAgeIn(now - 3 * 3_600_000, now, 'zh-CN')).toBe('3小时前');
    expect(formatAgeIn(now - 3 * 86_400_000, now, 'en')).toBe('3 days ago');
  });

  it('writes dates and times as the locale does', () => {
    expect(formatDateTimeIn(now, 'en', 'UTC')).toBe('Nov 23, 2026, 12:00 PM');
    expect(formatDateTimeIn(now, 'ru', 'UTC')).toBe('23 нояб. 2026 г., 12:00');
    expect(formatDateTimeIn(now, 'zh-CN', 'UTC')).toBe('2026年11月23日 12:00');
  });
});
