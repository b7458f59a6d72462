/** A remote server's message text as it may be shown to a person: one line, bounded. */

const MAX_SERVER_MESSAGE = 300;

export function cleanServerMessage(text: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return flat.length > MAX_SERVER_MESSAGE ? `${flat.slice(0, MAX_SERVER_MESSAGE)}…` : flat;
}

