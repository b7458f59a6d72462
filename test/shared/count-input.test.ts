import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { groupWhileTyping, parseCountText } from '../../src/shared/count-input.ts';

describe('counts as people type them', () => {
  it('reads plain digits, thousands separators, spaces and k/m suffixes', () => {
    expect(parseCountText('65000')).toBe(65_000);
    expect(parseCountText('65,000')).toBe(65_000);
    expect(parseCountText('65 000')).toBe(65_000);
    expect(parseCountText('65\u202f000')).toBe(65_000);
    expect(parseCountText(' 65k ')).toBe(65_000);
    expect(parseCountText('65K')).toBe(65_000);
    expect(parseCountText('1.5m')).toBe(1_500_000);
    expect(parseCountText('131.5k')).toBe(131_500);
  });

  it('refuses what is not a whole number, and misplaced separators that hint at a typo', () => {
    for (const text of ['', 'abc', '65.5', '6,5000', '65,00', '0.0001k', '-5', '65kk', '1e5', '1234567890123456']) {
      expect(parseCountText(text), text).toBeNull();
    }
  });

  it('groups plain digits while typing and leaves anything else as typed', () => {
    expect(groupWhileTyping('6500000')).toBe('6,500,000');
    expect(groupWhileTyping('65,0001')).toBe('650,001');
    expect(groupWhileTyping('65k')).toBe('65k');
    expect(groupWhileTyping('')).toBe('');
  });

  it('reads back every number it groups', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (n) => parseCountText(groupWhileTyping(String(n))) === n));
  });
});
