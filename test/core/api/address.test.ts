import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { base58, createBase58check } from '@scure/base';
import {
  assertTronAddress,
  encodeTronAddress,
  isValidTronAddress,
  tronAddressProblem,
} from '../../../src/core/api/address.ts';
import { InvalidInputError } from '../../../src/core/api/errors.ts';
import { exitCodeOf } from '../../../src/cli/failure.ts';

const check = createBase58check((d: Uint8Array) => new Uint8Array(createHash('sha256').update(d).digest()));
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function encodeWithPrefix(prefix: number, account: Uint8Array): string {
  const payload = new Uint8Array(21);
  payload[0] = prefix;
  payload.set(account, 1);
  return check.encode(payload);
}

const accountId = fc.uint8Array({ minLength: 20, maxLength: 20 });

describe('TRON address validation', () => {
  it('accepts real addresses', () => {
    expect(isValidTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true); // USDT contract
    expect(isValidTronAddress('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(true); // all-zero account
  });

  it('accepts any 20-byte account encoded with prefix 0x41 (property)', () => {
    fc.assert(
      fc.property(accountId, (account) => {
        const address = encodeWithPrefix(0x41, account);
        expect(address.startsWith('T')).toBe(true);
        expect(tronAddressProblem(address)).toBeNull();
        expect(encodeTronAddress(account)).toBe(address);
      }),
    );
  });

  it('rejects any single-character change (property)', () => {
    fc.assert(
      fc.property(accountId, fc.nat(), fc.nat(), (account, pos, pick) => {
        const address = encodeWithPrefix(0x41, account);
        const i = pos % address.length;
        const replacement = BASE58_ALPHABET.replace(address[i]!, '')[pick % 57]!;
        const changed = address.slice(0, i) + replacement + address.slice(i + 1);
        expect(isValidTronAddress(changed)).toBe(false);
      }),
    );
  });

  it('rejects other version prefixes (property)', () => {
    fc.assert(
      fc.property(accountId, fc.integer({ min: 0, max: 255 }).filter((p) => p !== 0x41), (account, prefix) => {
        const problem = tronAddressProblem(encodeWithPrefix(prefix, account));
        expect(problem).toBe('wrong version prefix');
      }),
    );
  });

  it.each([
    ['', 'empty'],
    ['T0O0Il', 'not base58'],
    ['TR7NHqjeKQxGTCi8q8ZY4p', 'bad length'],
    [base58.encode(new Uint8Array(25).fill(0x41)), 'bad checksum'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'bad checksum'],
  ] as const)('names the problem of %j: %s', (address, problem) => {
    expect(tronAddressProblem(address)).toBe(problem);
  });

  it('assertTronAddress throws InvalidInputError with the reason', () => {
    expect(() => assertTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'buy_energy')).toThrow(InvalidInputError);
    try {
      assertTronAddress('', 'buy_energy');
    } catch (err) {
      expect(err).toBeInstanceOf(InvalidInputError);
      expect((err as InvalidInputError).message).toContain('(empty)');
      expect((err as InvalidInputError).endpoint).toBe('buy_energy');
      expect(exitCodeOf(err)).toBe(2);
    }
    expect(() => assertTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).not.toThrow();
  });
});
