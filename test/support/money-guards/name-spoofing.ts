/**
 * How a user-chosen name could speak for the app in text main shows, told
 * from the text alone (no knowledge of how it was made): the name's
 * characters that break a line or turn text outside a first-strong isolate,
 * a refused character inside one, the name not inside quote marks, or a
 * piece of the name after a line break starting a line of its own or
 * standing outside the isolate. Null when the name is shown safely.
 */

/** Characters a name may not bring into main's text: C0, DEL, C1, line/paragraph separators, direction marks, embeddings, overrides, isolates. */
// eslint-disable-next-line no-control-regex -- the point is to find them
const REFUSED = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
// eslint-disable-next-line no-control-regex -- line and page breaks are what is looked for
const BREAKS = /[\n\r\u000b\u000c\u0085\u2028\u2029]/u;
const ISOLATE = /\u2068([^\u2068\u2069]*)\u2069/gu;
const OPENING = new Set(['“', '«', '"', '‘', "'"]);
const CLOSING = new Set(['”', '»', '"', '’', "'"]);

/** The pieces of a name after each line break (the parts that could start a forged line), trimmed, of at least 3 characters. */
export function trailingPieces(name: string): string[] {
  return name
    .split(BREAKS)
    .slice(1)
    .map((p) => p.replace(new RegExp(REFUSED.source, 'gu'), '').trim())
    .filter((p) => p.length >= 3);
}

/** What is wrong with how `name` appears in `text` (a dialog's message and detail, a notification's title and body), or null. */
export function spoofIn(text: string, name: string, { quoted = true }: { quoted?: boolean } = {}): string | null {
  const isolates = [...text.matchAll(ISOLATE)];
  if (isolates.length === 0) return 'the name is not isolated (no U+2068 … U+2069)';
  for (const found of isolates) {
    if (REFUSED.test(found[1] ?? '')) return 'a control or direction character inside the isolate';
    const before = text[found.index - 1] ?? '';
    const after = text[found.index + found[0].length] ?? '';
    if (quoted && !(OPENING.has(before) && CLOSING.has(after))) return `the isolated name is not inside quote marks (${JSON.stringify(before)}…${JSON.stringify(after)})`;
  }
  const outside = text.replace(ISOLATE, '');
  // Outside the isolates only the app's own line breaks may remain.
  const stray = [...outside].find((c) => c !== '\n' && REFUSED.test(c));
  if (stray !== undefined) return `U+${stray.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} outside the isolate`;
  for (const piece of trailingPieces(name)) {
    if (outside.includes(piece)) return `"${piece}" stands outside the isolate`;
    const lines = text.split('\n').map((l) => l.replace(/^[\s•\u2068]+/u, ''));
    if (lines.some((l) => l.startsWith(piece))) return `"${piece}" starts a line of its own`;
  }
  return null;
}
