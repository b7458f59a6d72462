import { describe, expect, it } from 'vitest';
import { addressGroups, findLookAlike } from '../../src/shared/look-alike.ts';
import { VALID_ADDRESS as MINE } from '../support/addresses.ts';

// Same first and last four characters, different in the middle: what an address-poisoning sender generates.
const POISON = 'TJRaXXrwbZy45sbavfcjinPJC18kjpRTv8';

describe('look-alike addresses', () => {
  it('finds a known address that starts and ends the same, and where they differ', () => {
    expect(findLookAlike(POISON, [MINE])).toEqual({ known: MINE, differsAt: [4, 5] });
  });

  it('says nothing for the same address or an unrelated one', () => {
    expect(findLookAlike(MINE, [MINE])).toBeNull();
    expect(findLookAlike('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', [MINE])).toBeNull();
  });

  it('groups an address by four for reading', () => {
    expect(addressGroups(MINE).map((g) => g.text).join(' ')).toBe('TJRa bPrw bZy4 5sba vfcj inPJ C18k jpRT v8');
  });
});
