import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatUnits, MoneyParseError, parseDecimalToUnits, plainDecimalToUnits, trxToSun, unitsToDecimalString } from '../../../src/core/base/money.ts';

describe('money parsing', () => {
  it.each([
    ['1234.5678', 1_234_567_800n],
    ['1,234.5678', 1_234_567_800n],
    ['0', 0n],
    ['0.000001', 1n],
    ['.5', 500_000n],
    ['3.', 3_000_000n],
    ['-2.5', -2_500_000n],
    [3.25, 3_250_000n],
    [1e-6, 1n],
    [1e21, 10n ** 27n],
    ['0.0000005', 1n],
    ['0.0000004', 0n],
  ] as const)('%s → %s SUN', (input, sun) => {
    expect(trxToSun(input)).toBe(sun);
  });

  it.each(['', 'abc', '1.2.3', '--1', '1e', ' . ', 'NaN'])('rejects %j', (input) => {
    expect(() => parseDecimalToUnits(input)).toThrow(MoneyParseError);
  });

  it('rejects non-finite numbers', () => {
    expect(() => parseDecimalToUnits(Number.POSITIVE_INFINITY)).toThrow(MoneyParseError);
    expect(() => parseDecimalToUnits(Number.NaN)).toThrow(MoneyParseError);
  });

  it('round-trips every SUN amount through its decimal text', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (sun) => {
        expect(parseDecimalToUnits(unitsToDecimalString(sun))).toBe(sun);
        expect(parseDecimalToUnits(formatUnits(sun))).toBe(sun);
      }),
    );
  });

  it('reads the plain form (digits, up to six decimals) as the general path does (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,25}(\.\d{0,6})?$/), (text) => {
        // A space in front takes the general path (it trims); the text alone takes the plain one.
        expect(plainDecimalToUnits(text)).toBe(parseDecimalToUnits(` ${text}`));
        expect(parseDecimalToUnits(text)).toBe(parseDecimalToUnits(` ${text}`));
      }),
    );
    expect(plainDecimalToUnits('1.1234567')).toBeUndefined();
    expect(plainDecimalToUnits('-1')).toBeUndefined();
  });

  it('agrees with exact decimal arithmetic for JSON numbers with up to 6 decimals', () => {
    fc.assert(
      // Up to 15 significant digits a double holds a decimal exactly, so its shortest text is that decimal.
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), fc.integer({ min: 0, max: 999_999 }), (whole, micro) => {
        const asNumber = Number(`${whole}.${String(micro).padStart(6, '0')}`);
        expect(parseDecimalToUnits(asNumber)).toBe(BigInt(whole) * 1_000_000n + BigInt(micro));
      }),
    );
  });
});

describe('money formatting', () => {
  it('formats with separators and trims zeros to the minimum', () => {
    expect(formatUnits(1_234_567_800n, 2)).toBe('1,234.5678');
    expect(formatUnits(56_780_000n, 2)).toBe('56.78');
    expect(formatUnits(3_000_000n, 2)).toBe('3.00');
    expect(formatUnits(3_000_000n, 0)).toBe('3');
    expect(formatUnits(-1n, 2)).toBe('-0.000001');
  });
});
