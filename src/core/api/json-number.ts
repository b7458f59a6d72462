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
 * Parses a response body twice over: `raw` is exactly what JSON.parse gives
 * (for Reply.raw and --json output), `exact` has every number as a JsonNumber
 * for the schemas. Throws SyntaxError on invalid JSON.
 */
export function parseJsonBody(text: string): { raw: unknown; exact: unknown } {
  const exact: unknown = JSON.parse(text, keepNumberSource);
  const raw: unknown = JSON.parse(text);
  return { raw, exact };
}
