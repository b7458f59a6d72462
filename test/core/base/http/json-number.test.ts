import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DuplicateKeyError, JsonNumber, parseJsonBody } from '../../../../src/core/base/http/json-number.ts';
import { trxToSun } from '../../../../src/core/base/money.ts';
import { timedOrderReceiptSchema } from '../../../../src/core/api/schemas.ts';

describe('parseJsonBody', () => {
  it('returns raw with every number as the server wrote it (issue 12: --json keeps the exact digits)', () => {
    for (const text of [
      '{"a":0.1000000000000000055511151231257827,"b":[1,"x",null]}',
      '{"balance":123456789012345678901234567890,"n":7}',
      '{"price":1.50,"big":1e3,"neg":-0,"tiny":0.0000001,"e":2.5E-3,"list":[10,1.0]}',
    ]) {
      expect(JSON.stringify(parseJsonBody(text).raw)).toBe(text);
    }
    // Bodies whose numbers print as written take the one plain parse.
    const plain = '{"a":1.5,"b":[1,"x",null],"c":"1.50 in a string"}';
    expect(parseJsonBody(plain).raw).toEqual(JSON.parse(plain));
  });

  it('refuses a body with a key twice in one object, escapes decoded, at any depth', () => {
    for (const text of [
      '{"code":0,"msg":"no","code":1}',
      '{"code":1,"data":{"balance_trx":"1","balance_trx":"9"}}',
      '{"code":1,"\\u0063ode":0}',
      '[{"a":1},{"b":[{"x":1,"y":{"z":1},"x":2}]}]',
    ]) {
      expect(() => parseJsonBody(text), text).toThrow(DuplicateKeyError);
    }
    expect(() => parseJsonBody('{"code":0,"code":1}')).toThrow(/duplicate-key "code"/);
    // The same key in sibling or nested objects, and keys that look alike in strings, are fine.
    expect(() => parseJsonBody('{"a":{"a":1},"b":[{"a":1},{"a":2}],"c":"\\"a\\":1,\\"a\\":2"}')).not.toThrow();
  });

  it('finds a duplicate key exactly when the object has one (property)', () => {
    const key = fc.string({ maxLength: 6 });
    fc.assert(
      fc.property(fc.uniqueArray(key, { minLength: 1, maxLength: 6 }), fc.nat(), fc.boolean(), (keys, pick, duplicate) => {
        const entries = keys.map((k, i) => `${JSON.stringify(k)}:${JSON.stringify({ k, i })}`);
        if (duplicate) entries.push(`${JSON.stringify(keys[pick % keys.length])}:null`);
        const text = `{"wrap":[{${entries.join(',')}}]}`;
        if (duplicate) expect(() => parseJsonBody(text)).toThrow(DuplicateKeyError);
        else expect(() => parseJsonBody(text)).not.toThrow();
      }),
    );
  });

  it('keeps the source text of numbers that could lose digits as doubles', () => {
    const { exact } = parseJsonBody('{"amount":12345678901.2345678,"n":[1]}');
    expect(exact).toEqual({ amount: new JsonNumber(12345678901.234568, '12345678901.2345678'), n: [new JsonNumber(1, '1')] });
  });

  it('converts any amount to the SUN its source text means, whichever path it takes (property)', () => {
    const digits = fc.stringMatching(/^[1-9]\d{0,19}$/);
    fc.assert(
      fc.property(digits, fc.nat({ max: 21 }), (significand, decimals) => {
        const text = decimals === 0 ? significand : `${significand.slice(0, -decimals) || '0'}.${significand.padStart(decimals, '0').slice(-decimals)}`;
        const parsed = timedOrderReceiptSchema.parse(parseJsonBody(`{"order_sn":"EN1","amount":${text}}`).exact);
        expect(parsed.amountSun).toBe(trxToSun(text));
      }),
    );
  });

  it('throws SyntaxError on invalid JSON', () => {
    expect(() => parseJsonBody('{"a":')).toThrow(SyntaxError);
  });
});
