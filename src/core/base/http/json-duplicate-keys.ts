/**
 * JSON.parse keeps the last of two equal keys, so `{"code":0,…,"code":1}`
 * would read as success. This finds such a key in text that is already
 * known to be valid JSON (parse it first): one pass over the characters,
 * one set of keys per open object, escapes decoded so that "code" and
 * "\u0063ode" count as the same key.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Index of the quote that closes the string opening at `start`. */
function endOfString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i;
  }
  return text.length;
}

/** The first key that appears twice in one object, or null. */
export function firstDuplicateKey(text: string): string | null {
  // One entry per open object (its keys so far) or array (null).
  const open: Array<Set<string> | null> = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = endOfString(text, i);
      const keys = open[open.length - 1];
      if (keys && expectKey) {
        const literal = text.slice(i, end + 1);
        const key = literal.includes('\\') ? (JSON.parse(literal) as string) : literal.slice(1, -1);
        if (keys.has(key)) return key;
        keys.add(key);
        expectKey = false;
      }
      i = end;
    } else if (c === '{') {
      open.push(new Set());
      expectKey = true;
    } else if (c === '[') {
      open.push(null);
      expectKey = false;
    } else if (c === '}' || c === ']') {
      open.pop();
      expectKey = false;
    } else if (c === ',') {
      expectKey = open[open.length - 1] instanceof Set;
    }
  }
  return null;
}
