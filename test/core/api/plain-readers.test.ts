import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readData } from '../../../src/core/api/plain-readers.ts';
import { userInfoSchema } from '../../../src/core/api/schemas.ts';
import { JsonNumber } from '../../../src/core/base/http/json-number.ts';

/** Amounts as a server might write them: plain, formatted, rounded, negative, beyond int64, not amounts at all. */
const amount = fc.oneof(
  fc.stringMatching(/^\d{1,20}(\.\d{0,8})?$/),
  fc.stringMatching(/^-?[\d,]{0,8}\.?\d{0,3}$/),
  fc.constantFrom('9223372036854.775807', '9223372036854.775808', '1e3', ' 1', '', 'lots'),
  fc.double().map((n) => (Number.isFinite(n) ? n : 0)),
  fc.constantFrom(new JsonNumber(1.5, '1.50'), null, undefined, true, {}, []),
);

describe('plain readers', () => {
  it('the balance read without zod is what userInfoSchema reads, and anything unusual goes to the schema (property)', () => {
    fc.assert(
      fc.property(amount, amount, fc.boolean(), (trx, usdt, extra) => {
        const data: Record<string, unknown> = { balance_trx: trx, balance_usdt: usdt, ...(extra ? { vip: true } : {}) };
        const read = readData(userInfoSchema, data);
        const parsed = userInfoSchema.safeParse(data);
        expect(read.success).toBe(parsed.success);
        if (read.success) expect(read.data).toEqual(parsed.data);
        else expect(read.error.issues).toEqual(parsed.error?.issues);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads the usual balance exactly, and leaves shapes it does not know to the schema', () => {
    expect(readData(userInfoSchema, { balance_trx: '1000000000.0000', balance_usdt: '0.5' })).toEqual({
      success: true,
      data: { trxSun: 1_000_000_000_000_000n, usdtMicros: 500_000n },
    });
    for (const data of [null, [], 'x', { balance_trx: '1' }, { balance_trx: '-1', balance_usdt: '1' }, { balance_trx: '9223372036854.775808', balance_usdt: '1' }]) {
      expect(readData(userInfoSchema, data).success, JSON.stringify(data)).toBe(false);
    }
  });
});
