import { createInstance, type i18n, type Resource } from 'i18next';
import type { KeyOf, Namespace } from './catalogue.ts';
import { SOURCE_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from './languages.ts';
import { PERIOD_FORMAT, periodText } from './period-format.ts';

/**
 * An i18next instance over catalogues the caller already holds, with no
 * catalogue imported here: the app passes every catalogue (i18n.ts), the
 * command line only its own namespace in the one language it speaks, so that
 * it starts without reading the others (src/cli/i18n.ts).
 */

/** Values for a message's {{placeholders}}; `count` also picks the plural form (Intl.PluralRules of the language). */
export type MessageValues = Readonly<Record<string, string | number>>;

export type Translate<NS extends Namespace> = (key: KeyOf<NS>, values?: MessageValues) => string;

/** The start of what the default missing-key listener prints: tests look for it (the e2e pages' console). */
export const MISSING_KEY_MARK = 'i18n: missing catalogue key';

export interface MissingKey {
  language: string;
  namespace: string;
  key: string;
}

/** A key asked for that no catalogue has (also a plural asked with a count that is not a number): a bug, shown as the raw key. */
let missingKeyListener = (missing: MissingKey): void =>
  console.error(`${MISSING_KEY_MARK} ${missing.namespace}:${missing.key} (${missing.language})`);

/** Replaces the listener (tests fail on any report); returns a function that puts the previous one back. */
export function onMissingKey(listener: (missing: MissingKey) => void): () => void {
  const previous = missingKeyListener;
  missingKeyListener = listener;
  return () => {
    missingKeyListener = previous;
  };
}

/**
 * Ready when this returns (the resources are in memory, so nothing is
 * fetched: initAsync false). English fills any gap it was given, which the
 * catalogue tests make impossible.
 */
export function i18nOver(language: Language, resources: Resource, namespaces: readonly Namespace[]): i18n {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: SOURCE_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: [...namespaces],
    defaultNS: false,
    resources,
    initAsync: false,
    // Plain text for terminals, native menus and notifications; React escapes on its own.
    interpolation: { escapeValue: false },
    returnNull: false,
    returnEmptyString: false,
    // A key no catalogue has is reported (never saved anywhere): the node, renderer and e2e tests fail on it.
    saveMissing: true,
    saveMissingPlurals: false,
    missingKeyHandler: (languages, namespace, key) => missingKeyListener({ language: languages.join(','), namespace, key }),
  });
  // `{{period, period}}` in a catalogue: the service's period name in the reader's words.
  instance.services.formatter?.add(PERIOD_FORMAT, (value: unknown, lng: string | undefined) => periodText(String(value), lng ?? language));
  return instance;
}

/** Enough for every distinct message of a busy tray; cleared whole when full (no entry outlives its use by much). */
const MEMO_LIMIT = 4096;

/**
 * One namespace's messages of `instance` in `language`. The same message with
 * the same values is asked again and again (the tray model is rebuilt on
 * every order update): i18next's lookup, plural choice and interpolation run
 * once for it.
 */
export function memoizedTranslator<NS extends Namespace>(instance: i18n, language: Language, namespace: NS): Translate<NS> {
  // The keys are checked by KeyOf (the English catalogue's type); i18next's own typing of them is not used.
  const fixed: (key: string, options: MessageValues) => string = instance.getFixedT(language, namespace);
  const memo = new Map<string, string>();
  return (key, values) => {
    let memoKey: string = key;
    // The value's type is part of it: a count of 2 picks a plural form, a count of '2' does not.
    if (values !== undefined) for (const name in values) memoKey += `\u0000${name}\u0001${typeof values[name]}${values[name]}`;
    let text = memo.get(memoKey);
    if (text === undefined) {
      if (memo.size >= MEMO_LIMIT) memo.clear();
      text = fixed(key, values ?? {});
      memo.set(memoKey, text);
    }
    return text;
  };
}
