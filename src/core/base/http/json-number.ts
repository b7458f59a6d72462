import { msg, type Message } from '../../../shared/i18n/message.ts';
import { scanJsonText } from './json-text-scan.ts';

/**
 * A JSON number together with the text it was written as. Money arrives as
 * JSON numbers in TRX (e.g. 12.345678); converting the source text rather
 * than the parsed double keeps every digit the server wrote.
 */
export class JsonNumber {
  readonly value: number;
  readonly source: string;
  constructor(value: number, source: string) {
    this.value = value;
    this.source = source;
  }
}

/** A body with one key twice in an object: which reading is meant cannot be known. */
export class DuplicateKeyError extends SyntaxError {
  override readonly name = 'DuplicateKeyError';
  readonly key: string;
  constructor(key: string) {
    super(`duplicate-key ${JSON.stringify(key.slice(0, 40))}`);
    this.key = key;
  }
}

/** The key twice in words (a malformed reply's reason). */
export const duplicateKeyProblem = (err: DuplicateKeyError): Message =>
  msg('errors:reply.duplicateKey', { key: JSON.stringify(err.key.slice(0, 40)) });

interface ReviverContext {
  source?: string;
}

// JSON.rawJSON and the reviver's source text (Node 22+) are not in the lib typings yet.
const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

function keepNumberSource(_key: string, value: unknown, context?: ReviverContext): unknown {
  if (typeof value !== 'number') return value;
  return new JsonNumber(value, context?.source ?? String(value));
}

/** A number whose shortest double text is not what the server wrote becomes a raw JSON text of its digits. */
function keepWrittenDigits(_key: string, value: unknown, context?: ReviverContext): unknown {
  if (typeof value !== 'number' || context?.source === undefined || context.source === String(value)) return value;
  return rawJson(context.source);
}

/*
 * Exact digits: a double carries any decimal of up to 15 significant digits
 * exactly through its shortest round-trip text (String(n)), so only a number
 * with sixteen digits in a row (a dot allowed between them) can lose some in
 * a plain JSON.parse. json-text-scan.ts's longDigitRun finds such a run (as
 * /\d(?:\.?\d){15}/ would); runs inside strings (hashes) merely send a body
 * down the slower exact path.
 */

/**
 * Numbers that JSON.stringify would print differently although no digit is
 * lost: a trailing zero in the fraction (1.50), an exponent (1e3), -0, many
 * leading zeros in the fraction (0.0000001 prints as 1e-7). Matches inside
 * strings only cost the slower path.
 */
const NOT_AS_WRITTEN = /[:,[]\s*-?\d+(?:\.\d*0(?!\d)|(?:\.\d+)?[eE])|[:,[]\s*-0(?![.\deE])|0\.0{5}/;

/**
 * Parses a response body. Throws SyntaxError on invalid JSON and
 * DuplicateKeyError when an object has a key twice.
 * `raw` is the JSON value with every number as the server wrote it: a
 * number JSON.stringify would print otherwise is a JSON.rawJSON of its text,
 * so the CLI's --json prints the server's digits (Reply.raw). `exact` is what
 * the schemas read: when a number could lose digits as a double, every number
 * in it is a JsonNumber carrying its source text; otherwise plain numbers,
 * whose String() is their exact value. The common body (no long digit run,
 * every number as written) takes one plain parse and one scan: the revivers
 * would give back the same values.
 */
export function parseJsonBody(text: string): { raw: unknown; exact: unknown } {
  const plain: unknown = JSON.parse(text);
  const facts = scanJsonText(text);
  if (facts.duplicateKey !== null) throw new DuplicateKeyError(facts.duplicateKey);
  const mayLose = facts.longDigitRun;
  if (!mayLose && facts.numbersAsWritten) return { raw: plain, exact: plain };
  const raw: unknown = mayLose || NOT_AS_WRITTEN.test(text) ? JSON.parse(text, keepWrittenDigits) : plain;
  const exact: unknown = mayLose ? JSON.parse(text, keepNumberSource) : plain;
  return { raw, exact };
}
