import { msg, type Message, type MessageKey } from './i18n/message.ts';

/**
 * Names a person chooses (a rule's name, a watched wallet's label, a
 * preset's name, a profile's name) are shown inside text that main draws:
 * approval dialogs, notifications, the tray. Such a name must never speak
 * for the app: it may not break a line (so it cannot forge a headline or a
 * fact of its own) nor turn the text around it (a direction override makes
 * "…0.01 TRX" read as something else).
 *
 * Two guards, one definition of what is refused:
 * - at input (the IPC schemas, the core's checks shared with the CLI, the
 *   dashboard's forms), a name holding such a character is refused with a
 *   clear error (`nameProblem`);
 * - at render, a name that got in before (stored by an older version) is
 *   shown on one line and isolated (`shownName`): every refused character
 *   becomes U+FFFD, and the name sits inside a first-strong isolate
 *   (U+2068 … U+2069), so its direction cannot leak into the sentence.
 *   The catalogue's own quote marks go around it.
 */

/**
 * C0 controls (line feed, carriage return, tab, escape…), DEL, C1 controls
 * (NEL U+0085 among them), the line and paragraph separators, and the
 * direction marks, embeddings, overrides and isolates: U+061C, U+200E/U+200F,
 * U+202A–U+202E, U+2066–U+2069. Zero-width joiners stay allowed: emoji and
 * several scripts need them, and they neither break a line nor turn text.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const REFUSED = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
// eslint-disable-next-line no-control-regex -- the same set, every occurrence
const REFUSED_ALL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** First-strong isolate and pop directional isolate. */
const FSI = '\u2068';
const PDI = '\u2069';
/** What a refused character of a stored name is shown as: visible, so nothing is hidden. */
const REPLACEMENT = '\ufffd';

/** The longest name of each kind, in UTF-16 code units (what the schemas count). */
export const NAME_MAX = {
  rule: 40,
  walletLabel: 40,
  preset: 80,
  profile: 64,
  /** What an AI assistant says it buys for ("supplier payment"), and the MCP client's name (issue 27). */
  assistantReason: 120,
  assistantClient: 64,
} as const;

export type NameKind = keyof typeof NAME_MAX;

/** Why a name cannot be used; the character found is given as "U+202E". */
export type NameProblem = { kind: 'empty' } | { kind: 'too_long'; max: number } | { kind: 'character'; codePoint: string };

/** "U+000A" */
export function codePointText(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The first refused character of a name, or null. */
export function refusedCharacter(name: string): string | null {
  const found = REFUSED.exec(name);
  return found ? found[0] : null;
}

/** What is wrong with a name as typed (trimmed first); null when it can be saved. */
export function nameProblem(name: string, kind: NameKind): NameProblem | null {
  const refused = refusedCharacter(name);
  if (refused !== null) return { kind: 'character', codePoint: codePointText(refused) };
  const trimmed = name.trim();
  if (trimmed === '') return { kind: 'empty' };
  return trimmed.length > NAME_MAX[kind] ? { kind: 'too_long', max: NAME_MAX[kind] } : null;
}

/** The names whose problems the core words (an assistant's reason and client are checked by the MCP server, in its catalogue). */
export type WordedNameKind = Exclude<NameKind, 'assistantReason' | 'assistantClient'>;

const PROBLEM_KEYS: Readonly<Record<WordedNameKind, Readonly<Record<NameProblem['kind'], MessageKey>>>> = {
  rule: { empty: 'errors:name.rule.empty', too_long: 'errors:name.rule.tooLong', character: 'errors:name.rule.character' },
  walletLabel: {
    empty: 'errors:name.walletLabel.empty',
    too_long: 'errors:name.walletLabel.tooLong',
    character: 'errors:name.walletLabel.character',
  },
  preset: { empty: 'errors:name.preset.empty', too_long: 'errors:name.preset.tooLong', character: 'errors:name.preset.character' },
  profile: { empty: 'errors:name.profile.empty', too_long: 'errors:name.profile.tooLong', character: 'errors:name.profile.character' },
};

/** The words of a problem with a name of `kind` (the core's errors, the IPC schemas; the dashboard's forms word their own). */
export function nameProblemText(problem: NameProblem, kind: WordedNameKind): Message {
  const key = PROBLEM_KEYS[kind][problem.kind];
  if (problem.kind === 'too_long') return msg(key, { max: problem.max });
  return problem.kind === 'character' ? msg(key, { codePoint: problem.codePoint }) : msg(key);
}

/** A stored name on one line, with nothing that turns text: each refused character shown as U+FFFD. */
export function oneLineName(name: string): string {
  return name.replace(REFUSED_ALL, REPLACEMENT);
}

/** A name as main shows it, to go inside the catalogue's quote marks: one line, isolated. */
export function shownName(name: string): string {
  return `${FSI}${oneLineName(name)}${PDI}`;
}

/** A name inside an English sentence the core writes itself (its errors): “…” around the isolated name. */
export function quotedName(name: string): string {
  return `“${shownName(name)}”`;
}
