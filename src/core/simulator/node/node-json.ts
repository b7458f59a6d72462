/**
 * Replies written as java-tron's JsonFormat writes protobuf messages: int64s
 * as exact JSON integers (bigint here), and fields holding their zero value
 * (0, false, '', an empty list) left out.
 */

type Field = bigint | number | string | boolean | object | undefined;

/** The fields of a message, those at their zero value dropped, in the order given (the proto's field order). */
export function message(fields: Record<string, Field>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === 0n || value === 0 || value === '' || value === false) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

/** JSON with bigints written as exact integers (JSON.stringify refuses bigint). */
export function nodeJson(value: unknown): string {
  const marked = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `\u0000int:${v}` : v));
  return marked.replace(/"\\u0000int:(-?\d+)"/g, '$1');
}

/** A bytes field that java-tron prints as UTF-8 text when `visible` and as hex otherwise (protocol.Return.message). */
export const printText = (text: string, visible: boolean): string => (visible ? text : Buffer.from(text, 'utf8').toString('hex'));
