import { Fragment, type ReactNode } from 'react';
import type { KeyOf } from '../../../shared/i18n/catalogue.ts';
import type { MessageValues } from '../../../shared/i18n/i18n.ts';
import { useT } from '../i18n.ts';

/** Stands for a value while the sentence is cut at its tags, so a value never becomes markup. */
const slot = (name: string): string => `\uE000${name}\uE000`;
const SLOT = /\uE000([^\uE000]*)\uE000/g;
const STRONG = /<strong>(.*?)<\/strong>/gs;

/** `text` with each slot replaced by its value (a plain string: React escapes it). */
function fill(text: string, values: MessageValues): string {
  return text.replace(SLOT, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * Splits a translated sentence into plain text and <strong> parts; values
 * come in after the cut, so a name or figure with "<strong>" in it stays text.
 */
export function richParts(template: string, values: MessageValues): readonly { text: string; strong: boolean }[] {
  const parts: { text: string; strong: boolean }[] = [];
  let at = 0;
  for (const match of template.matchAll(STRONG)) {
    if (match.index > at) parts.push({ text: fill(template.slice(at, match.index), values), strong: false });
    parts.push({ text: fill(match[1] ?? '', values), strong: true });
    at = match.index + match[0].length;
  }
  if (at < template.length) parts.push({ text: fill(template.slice(at), values), strong: false });
  return parts;
}

/**
 * A message with emphasis inside ("Saved <strong>3.25 TRX</strong> this
 * month"): the catalogue keeps the whole sentence, so each language puts the
 * emphasis where its word order needs it. `count` still picks the plural form.
 */
export function RichText({ k, values }: { k: KeyOf<'renderer'>; values: MessageValues }) {
  const t = useT();
  const slots = Object.fromEntries(Object.keys(values).map((name) => [name, name === 'count' ? values[name]! : slot(name)]));
  const parts = richParts(t(k, slots), values);
  const nodes: ReactNode[] = parts.map((part, index) =>
    part.strong ? <strong key={index}>{part.text}</strong> : <Fragment key={index}>{part.text}</Fragment>,
  );
  return <>{nodes}</>;
}
