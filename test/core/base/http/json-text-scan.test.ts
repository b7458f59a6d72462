import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { scanJsonText } from '../../../../src/core/base/http/json-text-scan.ts';
import { JsonNumber, parseJsonBody } from '../../../../src/core/base/http/json-number.ts';

// What parseJsonBody did before the scan spared it two regular expressions:
// the scan must lead to the very same raw and exact values.
const MAY_LOSE_DIGITS = /\d(?:\.?\d){15}/;
const NOT_AS_WRITTEN = /[:,[]\s*-?\d+(?:\.\d*0(?!\d)|(?:\.\d+)?[eE])|[:,[]\s*-0(?![.\deE])|0\.0{5}/;
type Reviver = (key: string, value: unknown, context: { source?: string }) => unknown;
const parseWith = (text: string, reviver: Reviver): unknown => JSON.parse(text, reviver as (key: string, value: unknown) => unknown);
const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

function regexParse(text: string): { raw: unknown; exact: unknown } {
  const plain: unknown = JSON.parse(text);
  const mayLose = MAY_LOSE_DIGITS.test(text);
  const written: Reviver = (_k, v, ctx) => (typeof v !== 'number' || ctx.source === String(v) ? v : rawJson(ctx.source ?? ''));
  const source: Reviver = (_k, v, ctx) => (typeof v === 'number' ? new JsonNumber(v, ctx.source ?? '') : v);
  return {
    raw: mayLose || NOT_AS_WRITTEN.test(text) ? parseWith(text, written) : plain,
    exact: mayLose ? parseWith(text, source) : plain,
  };
}

function numbersAsWritten(text: string): boolean {
  let all = true;
  parseWith(text, (_k, v, ctx) => {
    if (typeof v === 'number' && ctx.source !== String(v)) all = false;
    return v;
  });
  return all;
}

/** Number literals as servers write them: signs, leading zeros in fractions, trailing zeros, exponents, long digit runs. */
const numberText = fc
  .tuple(
    fc.constantFrom('', '-'),
    fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9]\d{0,22}$/)),
    fc.option(fc.stringMatching(/^\d{1,20}$/), { nil: undefined }),
    fc.option(fc.stringMatching(/^[eE][+-]?\d{1,3}$/), { nil: undefined }),
  )
  .map(([sign, whole, fraction, exponent]) => `${sign}${whole}${fraction === undefined ? '' : `.${fraction}`}${exponent ?? ''}`)
  .filter((text) => Number.isFinite(Number(text)));

/** Strings with digit runs, dots and escapes in them (hashes, amounts as text). */
const stringText = fc
  .array(fc.oneof(fc.stringMatching(/^[\d.]{0,20}$/), fc.stringMatching(/^\d{12,18}$/), fc.constantFrom('\\u0031', '\\"', '\\\\', '\\n', 'a', ' ', '.')), { maxLength: 6 })
  .map((parts) => `"${parts.join('')}"`);

const { value: jsonText } = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    numberText,
    stringText,
    fc.constantFrom('true', 'false', 'null'),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc
      .uniqueArray(fc.tuple(stringText, tie('value')), { maxLength: 4, selector: ([key]) => JSON.parse(key) as string })
      .map((entries) => `{${entries.map(([key, value]) => `${key}: ${value}`).join(', ')}}`),
  ),
}));

describe('scanJsonText', () => {
  it('finds a long digit run exactly where /\\d(?:\\.?\\d){15}/ does, and says whether every number is as written (property)', () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        const facts = scanJsonText(text);
        expect(facts.duplicateKey).toBeNull();
        expect(facts.longDigitRun).toBe(MAY_LOSE_DIGITS.test(text));
        expect(facts.numbersAsWritten).toBe(numbersAsWritten(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it('leads parseJsonBody to the same raw and exact values as the two regular expressions did (property)', () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        expect(parseJsonBody(text)).toEqual(regexParse(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads runs and literals at the edges: top-level numbers, escapes, dots, exponents', () => {
    expect(scanJsonText('1.50')).toMatchObject({ numbersAsWritten: false, longDigitRun: false });
    expect(scanJsonText('-0')).toMatchObject({ numbersAsWritten: false });
    expect(scanJsonText('[1e3]')).toMatchObject({ numbersAsWritten: false });
    expect(scanJsonText('{"a":[12,-3.5,0.001]}')).toMatchObject({ numbersAsWritten: true, longDigitRun: false });
    expect(scanJsonText('"1234567.8.9012345678"')).toMatchObject({ longDigitRun: true });
    expect(scanJsonText('"123456789012345..6"')).toMatchObject({ longDigitRun: false });
    expect(scanJsonText('"12345678\\u00312345678"')).toMatchObject({ longDigitRun: false });
    expect(scanJsonText('{"code":1,"msg":"success","time":"1795457256","data":{"balance_trx":"1000000000.0000"}}')).toEqual({
      duplicateKey: null,
      numbersAsWritten: true,
      longDigitRun: false,
    });
  });

  it('names the first key found twice, whatever else the body holds', () => {
    expect(scanJsonText('{"a":1.50,"b":{"c":1,"\\u0063":2},"a":3}').duplicateKey).toBe('c');
    expect(scanJsonText('{"n":12345678901234567,"n":1}').duplicateKey).toBe('n');
  });
});
