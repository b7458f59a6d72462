import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeForm } from '../../../src/core/api/form.ts';

describe('encodeForm', () => {
  it('round-trips any field names and values through URLSearchParams parsing (property)', () => {
    const key = fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' });
    const value = fc.oneof(
      fc.string({ maxLength: 40, unit: 'grapheme' }),
      fc.integer(),
    );
    fc.assert(
      fc.property(fc.dictionary(key, value), (fields) => {
        const parsed = new URLSearchParams(encodeForm(fields));
        expect([...parsed.keys()].sort()).toEqual(Object.keys(fields).sort());
        for (const [k, v] of Object.entries(fields)) expect(parsed.get(k)).toBe(String(v));
      }),
    );
  });

  it('escapes the characters that would split or join fields', () => {
    expect(encodeForm({ a: 'x&b=1', 'c d': '+%' })).toBe('a=x%26b%3D1&c+d=%2B%25');
  });
});
