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

interface ReviverContext {
  source?: string;
}

// The third reviver argument (JSON.parse source text access) is Node 22+; the
// lib typings do not declare it yet, hence the optional parameter.
function keepNumberSource(_key: string, value: unknown, context?: ReviverContext): unknown {
  if (typeof value !== 'number') return value;
  return new JsonNumber(value, context?.source ?? String(value));
}

/**
 * Sixteen significant digits in a row (a dot allowed between them). A double
 * carries any decimal of up to 15 significant digits exactly through its
 * shortest round-trip text (String(n)), so only a number with more digits can
 * lose some in a plain JSON.parse. Digit runs inside strings (hashes) merely
 * send a body down the slower exact path.
 */
const MAY_LOSE_DIGITS = /\d(?:\.?\d){15}/;

/**
 * Parses a response body. `raw` is exactly what JSON.parse gives (for
 * Reply.raw and --json output). `exact` is what the schemas read: when a
 * number could lose digits as a double, every number in it is a JsonNumber
 * carrying its source text (JSON.parse's reviver context, Node 22+);
 * otherwise it is `raw` itself, whose numbers' String() is their exact value,
 * and the one plain parse keeps the common call cheap. Throws SyntaxError on
 * invalid JSON.
 */
export function parseJsonBody(text: string): { raw: unknown; exact: unknown } {
  const raw: unknown = JSON.parse(text);
  if (!MAY_LOSE_DIGITS.test(text)) return { raw, exact: raw };
  const exact: unknown = JSON.parse(text, keepNumberSource);
  return { raw, exact };
}
