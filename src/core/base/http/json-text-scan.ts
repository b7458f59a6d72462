/**
 * One pass over a response body that is already known to be valid JSON
 * (parse it first), for what JSON.parse does not tell:
 * - a key twice in one object: JSON.parse keeps the last of two equal keys,
 *   so `{"code":0,…,"code":1}` would read as success. One set of keys per
 *   open object, escapes decoded, so "code" and "\u0063ode" are the same key.
 * - whether every number literal is written the way String() writes its
 *   value (1.50, 1e3, -0 and 0.0000001 are not);
 * - whether sixteen digits stand in a row anywhere, strings included, a dot
 *   allowed between two of them: exactly what /\d(?:\.?\d){15}/ finds.
 * Together they let json-number.ts answer the common body with one plain
 * JSON.parse. The pass steps from token to token: a string is found whole
 * with indexOf, and only one of 16 characters or more can hold such a run
 * (no run goes through a quote, and outside strings digits are numbers').
 */

export interface JsonTextFacts {
  /** The first key that appears twice in one object, or null. */
  duplicateKey: string | null;
  /** Every number literal's text is String() of its value. */
  numbersAsWritten: boolean;
  /** Sixteen digits in a row, a dot allowed between two of them. */
  longDigitRun: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const DOT = 0x2e;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const RUN = 16;

const isDigit = (c: number): boolean => c >= ZERO && c <= NINE;

/** Sixteen digits in a row within text[start, end), a dot allowed between two of them. */
function hasLongDigitRun(text: string, start: number, end: number): boolean {
  let run = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isDigit(c)) {
      if (++run >= RUN) return true;
    } else if (c !== DOT || i + 1 >= end || !isDigit(text.charCodeAt(i + 1))) {
      // A dot keeps the run only between two digits.
      run = 0;
    }
  }
  return false;
}

/** Index of the quote that closes the string opening at `start`, escapes skipped. */
function endOfEscapedString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i;
  }
  return text.length;
}

/** The facts above about `text`; stops at the first duplicate key. */
export function scanJsonText(text: string): JsonTextFacts {
  // One entry per open object (its keys so far) or array (null).
  const open: Array<Set<string> | null> = [];
  let expectKey = false;
  let numbersAsWritten = true;
  let longDigitRun = false;
  // The next backslash at or after the scan, -1 for none: a string before it has no escape.
  let nextBackslash = text.indexOf('\\');
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = text.indexOf('\\', i);
      let end = text.indexOf('"', i + 1);
      const escaped = nextBackslash !== -1 && nextBackslash < end;
      if (escaped) end = endOfEscapedString(text, i);
      if (!longDigitRun && end - i - 1 >= RUN) longDigitRun = hasLongDigitRun(text, i + 1, end);
      const keys = open[open.length - 1];
      if (keys && expectKey) {
        const key = escaped ? (JSON.parse(text.slice(i, end + 1)) as string) : text.slice(i + 1, end);
        if (keys.has(key)) return { duplicateKey: key, numbersAsWritten, longDigitRun };
        keys.add(key);
        expectKey = false;
      }
      i = end;
    } else if (c === MINUS || isDigit(c)) {
      // A number literal runs to the next comma, bracket, brace or space.
      let end = i + 1;
      while (end < text.length && isNumberPart(text.charCodeAt(end))) end++;
      if (!longDigitRun && end - i >= RUN) longDigitRun = hasLongDigitRun(text, i, end);
      if (numbersAsWritten) {
        const literal = text.slice(i, end);
        numbersAsWritten = String(Number(literal)) === literal;
      }
      i = end - 1;
    } else if (c === OPEN_OBJECT) {
      open.push(new Set());
      expectKey = true;
    } else if (c === OPEN_ARRAY) {
      open.push(null);
      expectKey = false;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      open.pop();
      expectKey = false;
    } else if (c === COMMA) {
      expectKey = open[open.length - 1] instanceof Set;
    }
  }
  return { duplicateKey: null, numbersAsWritten, longDigitRun };
}

/** Digits, dot, sign and exponent: what a number literal is made of. */
function isNumberPart(c: number): boolean {
  return isDigit(c) || c === DOT || c === MINUS || c === 0x2b || c === 0x65 || c === 0x45;
}
