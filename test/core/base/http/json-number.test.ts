import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JsonNumber, parseJsonBody } from '../../../../src/core/base/http/json-number.ts';
import { trxToSun } from '../../../../src/core/base/money.ts';
import { timedOrderReceiptSchema } from '../../../../src/core/api/schemas.ts';

describe('parseJsonBody', () => {
  it('returns the plain JSON.parse value as raw', () => {
    const text = '{"a":0.1000000000000000055511151231257827,"b":[1,"x",null]}';
    expect(parseJsonBody(text).raw).toEqual(JSON.parse(text));
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
