import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeTronAddress } from '../../../src/core/api/address.ts';
import { parseJsonBody } from '../../../src/core/base/http/json-number.ts';
import { decodeRevertReason, decodeUint256Word, encodeAddressWord, encodeUint256Word } from '../../../src/core/chain/abi.ts';
import { ChainError } from '../../../src/core/chain/errors.ts';
import { int64 } from '../../../src/core/chain/int64.ts';
import { normalizeNodeUrl } from '../../../src/core/chain/node-url.ts';
import { parseRetryAfter, tronGridSuspension } from '../../../src/core/chain/retry-after.ts';

describe('ABI words', () => {
  it('encodes an address as its 20-byte account id, left-padded (the TRON docs examples)', () => {
    // TRON docs, triggerconstantcontract: 41dd791d… → parameter 000…dd791d…
    const docAddress = encodeTronAddress(Buffer.from('dd791d6b49e190062d650e6a23c575510d35f2f9', 'hex'));
    expect(encodeAddressWord(docAddress)).toBe('000000000000000000000000dd791d6b49e190062d650e6a23c575510d35f2f9');
    // The USDT contract's own address (41a614f8…), as in published balanceOf examples.
    expect(encodeAddressWord('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      '000000000000000000000000a614f803b6fd780986a42c78ec9c7f77e6ded13c',
    );
  });

  it('round-trips uint256 and refuses what does not fit', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (n) => {
        const word = encodeUint256Word(n);
        expect(word).toHaveLength(64);
        expect(decodeUint256Word(word)).toBe(n);
      }),
    );
    expect(() => encodeUint256Word(-1n)).toThrow(ChainError);
    expect(() => encodeUint256Word(2n ** 256n)).toThrow(ChainError);
    expect(decodeUint256Word('')).toBeUndefined();
    expect(decodeUint256Word('zz'.repeat(32))).toBeUndefined();
  });

  it('decodes an Error(string) revert reason and ignores anything else', () => {
    const reason = Buffer.from('not enough', 'utf8').toString('hex');
    const data = `08c379a0${'20'.padStart(64, '0')}${'a'.padStart(64, '0')}${reason.padEnd(64, '0')}`;
    expect(decodeRevertReason(data)).toBe('not enough');
    expect(decodeRevertReason(undefined)).toBeUndefined();
    expect(decodeRevertReason('0'.repeat(64))).toBeUndefined();
    expect(decodeRevertReason(`08c379a0${'20'.padStart(64, '0')}${'ff'.padStart(64, '0')}`)).toBeUndefined();
  });
});

describe('int64 from JSON', () => {
  const read = (text: string): unknown => {
    const result = int64.safeParse((parseJsonBody(`{"v":${text}}`).exact as { v: unknown }).v);
    return result.success ? result.data : 'refused';
  };

  it('keeps every digit of any int64, however the JSON writes it', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (n) => {
        expect(read(n.toString())).toBe(n);
        expect(read(`"${n}"`)).toBe(n);
      }),
    );
  });

  it('refuses fractions, values beyond int64 and exponents a double cannot hold exactly', () => {
    expect(read('1e3')).toBe(1_000n);
    for (const text of ['1.5', '1e17', '9223372036854775808', '"12a"', 'null', '"1.0"', '12345678901234567.5']) {
      expect(read(text)).toBe('refused');
    }
  });
});

describe('Retry-After', () => {
  const now = Date.UTC(2025, 0, 1, 12, 0, 0);

  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('7', now)).toBe(7_000);
    expect(parseRetryAfter(['2', '9'], now)).toBe(2_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 12:00:09 GMT', now)).toBe(9_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 11:00:00 GMT', now)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    for (const header of [undefined, '', '-1', '1.5', 'soon', '12:00']) expect(parseRetryAfter(header, now)).toBeUndefined();
  });

  it("reads TronGrid's suspension text", () => {
    expect(tronGridSuspension('The key exceeds the frequency limit(15), and the query server is suspended for 30s')).toEqual({
      limited: true,
      retryAfterMs: 30_000,
    });
    expect(tronGridSuspension('class java.lang.Exception : boom').limited).toBe(false);
  });
});

describe('node URL', () => {
  it('keeps https and loopback http, drops a trailing slash or /wallet', () => {
    expect(normalizeNodeUrl(' https://api.trongrid.io/ ')).toBe('https://api.trongrid.io');
    expect(normalizeNodeUrl('https://tron.example.com/key-path/wallet')).toBe('https://tron.example.com/key-path');
    expect(normalizeNodeUrl('http://localhost:8788')).toBe('http://localhost:8788');
    expect(normalizeNodeUrl('http://[::1]:8788')).toBe('http://[::1]:8788');
  });

  it('refuses other URLs without echoing them', () => {
    for (const bad of ['', 'api.trongrid.io', 'ftp://x.io', 'http://10.0.0.1', 'https://u:secret@x.io', 'https://x.io/?apikey=secret', 'https://x.io/#secret']) {
      let err: unknown;
      try {
        normalizeNodeUrl(bad);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ChainError);
      expect((err as ChainError).kind).toBe('invalid-input');
      expect((err as ChainError).message).not.toContain('secret');
    }
  });
});
