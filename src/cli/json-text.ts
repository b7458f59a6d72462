/**
 * JSON text for --json output, with bigint values written as plain JSON
 * integers (energy and bandwidth read from the chain are int64: exact, never
 * rounded through a float). JSON.rawJSON does that on every Node the CLI
 * supports (22.22.2 and newer).
 */
const rawJSON = (JSON as unknown as { rawJSON?: (text: string) => unknown }).rawJSON;

export function jsonText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'bigint') return v;
    if (rawJSON) return rawJSON(v.toString());
    if (v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(v);
    throw new RangeError('this Node cannot write an integer beyond 2^53 exactly; use Node 22.22.2 or newer');
  });
}
