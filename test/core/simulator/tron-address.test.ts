import { createHash } from 'node:crypto';
import { createBase58check } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POOL_ADDRESSES } from '../../../src/core/simulator/index.ts';
import { isTronAddress, tronAddressFromAccountId, tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

describe('simulator TRON address check', () => {
  it.each(['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'])(
    'accepts the real address %s',
    (address) => expect(isTronAddress(address)).toBe(true),
  );

  it.each([
    '',
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6',
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6tt',
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T',
    'tR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t',
    '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
    '1BoatSLRHtKNngkdXEeobR76b53LETtpyT',
  ])('rejects %j', (address) => expect(isTronAddress(address)).toBe(false));

  it('round-trips any 20-byte account id into a 34-character T-address', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (id) => {
        const address = tronAddressFromAccountId(id);
        expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
        expect(isTronAddress(address)).toBe(true);
      }),
    );
  });

  it('rejects any single-character change (the 4-byte checksum catches it)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        fc.integer({ min: 1, max: 33 }),
        fc.constantFrom(...BASE58),
        (id, index, replacement) => {
          const address = tronAddressFromAccountId(id);
          fc.pre(address[index] !== replacement);
          const changed = address.slice(0, index) + replacement + address.slice(index + 1);
          expect(isTronAddress(changed)).toBe(false);
        },
      ),
    );
  });

  it('rejects base58check payloads with another version byte or length', () => {
    const coder = createBase58check((b: Uint8Array) => new Uint8Array(createHash('sha256').update(b).digest()));
    const bitcoinStyle = new Uint8Array(21);
    expect(isTronAddress(coder.encode(bitcoinStyle))).toBe(false);
    const tooLong = new Uint8Array(22);
    tooLong[0] = 0x41;
    expect(isTronAddress(coder.encode(tooLong))).toBe(false);
  });

  it('derives distinct valid pool addresses from seeds', () => {
    expect(new Set(POOL_ADDRESSES).size).toBe(POOL_ADDRESSES.length);
    for (const address of POOL_ADDRESSES) expect(isTronAddress(address)).toBe(true);
    expect(tronAddressFromSeed('x')).toBe(tronAddressFromSeed('x'));
  });
});
