/**
 * The line of a key in a TOML text, for error messages only: the values come
 * from the parser (smol-toml), which reports where its own syntax errors are
 * but not where a value it read stands. Table headers ([a.b], [[a]] counted
 * per array) and `key =` lines are enough to point at the key a check
 * refused, or at its table when the key is missing.
 */

const unquote = (part: string): string => part.trim().replace(/^"(.*)"$|^'(.*)'$/, '$1$2');
const keyParts = (text: string): string[] => text.split('.').map(unquote);

export function lineOfKey(source: string, path: ReadonlyArray<string | number>): number | null {
  const want = path.map(String);
  let table: string[] = [];
  const arrays = new Map<string, number>();
  let best: { line: number; depth: number } | null = null;
  let inMultiline = false;
  const consider = (at: string[], line: number): void => {
    let depth = 0;
    while (depth < at.length && at[depth] === want[depth]) depth++;
    if (depth === at.length && (best === null || depth > best.depth)) best = { line, depth };
  };
  source.split(/\r?\n/).forEach((raw, index) => {
    const quotes = (raw.match(/"""|'''/g) ?? []).length;
    const wasInside = inMultiline;
    if (quotes % 2 === 1) inMultiline = !inMultiline;
    if (wasInside) return;
    const text = raw.trim();
    const array = /^\[\[\s*([^\]]+?)\s*\]\]/.exec(text);
    const header = /^\[\s*([^\]]+?)\s*\]/.exec(text);
    const key = /^([A-Za-z0-9_\-."' ]+?)\s*=/.exec(text);
    if (array?.[1] !== undefined) {
      const name = keyParts(array[1]);
      const n = arrays.get(name.join('.')) ?? 0;
      arrays.set(name.join('.'), n + 1);
      table = [...name, String(n)];
      consider(table, index + 1);
    } else if (header?.[1] !== undefined) {
      table = keyParts(header[1]);
      consider(table, index + 1);
    } else if (key?.[1] !== undefined) {
      consider([...table, ...keyParts(key[1])], index + 1);
    }
  });
  return (best as { line: number } | null)?.line ?? null;
}
