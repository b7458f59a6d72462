import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanServerMessage, cleanServerText, jsonForTerminal } from '../../../../src/core/base/http/server-text.ts';

const UNSAFE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const anyText = fc.string({ unit: 'binary', maxLength: 60 });

describe('server text', () => {
  it('never keeps a control, format or separator character (property)', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(cleanServerText(text)).not.toMatch(UNSAFE);
        expect(cleanServerMessage(text)).not.toMatch(UNSAFE);
      }),
    );
  });

  it('removes direction overrides and isolates, keeps the visible text in order', () => {
    expect(cleanServerText('abc\u202edef\u202c \u2066ghi\u2069')).toBe('abcdef ghi');
    expect(cleanServerMessage(' one\r\ntwo\u0007 ')).toBe('one two');
  });

  it('jsonForTerminal is the same JSON value with no such character in its text (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.dictionary(anyText, anyText), (value, strings) => {
        for (const v of [value, strings]) {
          const text = jsonForTerminal(v);
          expect(text).not.toMatch(UNSAFE);
          expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(v)));
        }
      }),
    );
  });
});
