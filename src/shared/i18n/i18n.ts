import type { i18n } from 'i18next';
import { CATALOGUES, NAMESPACES, type Namespace } from './catalogue.ts';
import { i18nOver, memoizedTranslator, type Translate } from './i18n-instance.ts';
import type { Language } from './languages.ts';
import { wordMessage, type LookUp, type Message } from './message.ts';

export type { MessageValues, MissingKey, Translate } from './i18n-instance.ts';
export { MISSING_KEY_MARK, onMissingKey } from './i18n-instance.ts';

/** An i18next instance in `language` with every catalogue loaded, ready when this returns. */
export function createI18n(language: Language): i18n {
  return i18nOver(language, CATALOGUES, NAMESPACES);
}

const instances = new Map<Language, i18n>();
const translators = new Map<string, Translate<Namespace>>();

/**
 * One namespace's messages in `language`: translate('usage.title', { … }).
 * One i18next instance per language, made on first use and kept (the tray
 * model is rebuilt on every order update).
 */
export function translator<NS extends Namespace>(language: Language, namespace: NS): Translate<NS> {
  const id = `${language}:${namespace}`;
  const known = translators.get(id);
  if (known !== undefined) return known as Translate<NS>;
  let instance = instances.get(language);
  if (instance === undefined) {
    instance = createI18n(language);
    instances.set(language, instance);
  }
  const translate = memoizedTranslator(instance, language, namespace);
  translators.set(id, translate as Translate<Namespace>);
  return translate;
}

/** A message of the core (an error, a decision, a notice: shared/i18n/message.ts) in `language`, from the app's catalogues. */
export function messageText(message: Message, language: Language): string {
  // The key was typed where the message was made: here any key of the namespace is looked up.
  const lookUp: LookUp = (namespace, key, values) =>
    (translator(language, namespace) as (k: string, v: typeof values) => string)(key, values);
  return wordMessage(message, language, lookUp);
}
