/**
 * Text from a remote server as it may be shown to a person (the dashboard, a
 * notification, a terminal): the one place it is cleaned. Control characters
 * (C0, DEL, C1) become spaces, so a message cannot move the cursor, clear a
 * terminal or forge a second line; format characters (Unicode Cf: the
 * direction overrides U+202A–U+202E and isolates U+2066–U+2069, zero-width
 * characters, invisible tags) and the line/paragraph separators are removed,
 * so a message cannot display as something else than what it says.
 */

const MAX_SERVER_MESSAGE = 300;
const CONTROL = /[\p{Cc}\u2028\u2029]+/gu;
const FORMAT = /\p{Cf}/gu;

/** Server text for a field shown as is (a status, a remark): cleaned, one line. */
export function cleanServerText(text: string): string {
  return text.replace(FORMAT, '').replace(CONTROL, ' ');
}

/** A server's message: cleaned, one trimmed line of at most 300 characters. */
export function cleanServerMessage(text: string): string {
  const flat = cleanServerText(text).trim();
  return flat.length > MAX_SERVER_MESSAGE ? `${flat.slice(0, MAX_SERVER_MESSAGE)}…` : flat;
}

const UNSAFE_IN_JSON_TEXT = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

const escapeUnits = (char: string): string =>
  Array.from({ length: char.length }, (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');

const rawJSON = (JSON as unknown as { rawJSON?: (text: string) => unknown }).rawJSON;

/** bigint values (int64 read from the chain) as plain JSON integers: exact, never rounded through a float. */
function exactIntegers(_key: string, value: unknown): unknown {
  if (typeof value !== 'bigint') return value;
  if (rawJSON) return rawJSON(value.toString());
  if (value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(value);
  // This Node cannot write an integer beyond 2^53 exactly: Node 22.22.2 or newer can (JSON.rawJSON). (A code, not
  // InvariantError: the CLI's start-up imports this file, and it loads none of the core's catalogues.)
  throw new RangeError(`no-json-raw ${value.toString()}`);
}

/**
 * JSON.stringify for a terminal (the CLI's --json): the same JSON value, with
 * every control or format character inside a string written as a \u escape
 * (JSON.stringify leaves DEL, C1 and the direction overrides raw). Such
 * characters can only occur inside strings of JSON.stringify's output.
 * bigint values are written as exact integers.
 */
export function jsonForTerminal(value: unknown): string {
  // JSON.stringify(undefined) is undefined; printed as before ("undefined").
  return String(JSON.stringify(value, exactIntegers)).replace(UNSAFE_IN_JSON_TEXT, escapeUnits);
}
