import leven from 'leven';
import { anyOf, t } from './i18n.ts';

/** Shown at most: more would be a list to read, not a suggestion. */
const MOST = 3;

/**
 * The names `typed` was probably meant to be: those it begins (at least
 * three letters: "buy" → buy-energy, buy-net), else the nearest by edit
 * distance within about a third of the name, at least two edits (a swap
 * of two letters counts two: "blaance" → balance). Nothing when none is near.
 */
export function nearestNames(typed: string, names: readonly string[]): string[] {
  const wanted = typed.toLowerCase();
  if (wanted === '') return [];
  if (wanted.length >= 3) {
    const begun = names.filter((name) => name.startsWith(wanted));
    if (begun.length > 0) return begun.slice(0, MOST);
  }
  const scored = names
    .map((name) => ({ name, distance: leven(wanted, name) }))
    .filter(({ name, distance }) => distance < wanted.length && distance <= Math.max(2, Math.floor(name.length / 3)));
  const best = Math.min(...scored.map((s) => s.distance));
  return scored.filter((s) => s.distance === best).map((s) => s.name).slice(0, MOST);
}

/** `message`, followed by "Did you mean balance?" when a name is near what was typed. */
export function withSuggestion(message: string, typed: string, names: readonly string[], shown = (name: string): string => name): string {
  const near = nearestNames(typed, names);
  if (near.length === 0) return message;
  return t('errors.suggested', { message, suggestion: t('errors.didYouMean', { names: anyOf(near.map(shown)) }) });
}
