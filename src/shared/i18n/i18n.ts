import { createInstance, type i18n } from 'i18next';
import { CATALOGUES, NAMESPACES, type KeyOf, type Namespace } from './catalogue.ts';
import { SOURCE_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from './languages.ts';

/** Values for a message's {{placeholders}}; `count` also picks the plural form (Intl.PluralRules of the language). */
export type MessageValues = Readonly<Record<string, string | number>>;

export type Translate<NS extends Namespace> = (key: KeyOf<NS>, values?: MessageValues) => string;

/**
 * An i18next instance in `language` with every catalogue loaded, ready when
 * this returns (the resources are bundled, so nothing is fetched: initAsync
 * false). English fills any gap, which the catalogue tests make impossible.
 */
export function createI18n(language: Language): i18n {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: SOURCE_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: false,
    resources: CATALOGUES,
    initAsync: false,
    // Plain text for terminals, native menus and notifications; React escapes on its own.
    interpolation: { escapeValue: false },
    returnNull: false,
    returnEmptyString: false,
  });
  return instance;
}

const instances = new Map<Language, i18n>();

/**
 * One namespace's messages in `language`: translate('usage.title', { … }).
 * One i18next instance per language, made on first use and kept (the tray
 * model is rebuilt on every order update).
 */
export function translator<NS extends Namespace>(language: Language, namespace: NS): Translate<NS> {
  let instance = instances.get(language);
  if (instance === undefined) {
    instance = createI18n(language);
    instances.set(language, instance);
  }
  // The keys are checked by KeyOf (the English catalogue's type); i18next's own typing of them is not used.
  const fixed: (key: string, options: MessageValues) => string = instance.getFixedT(language, namespace);
  return (key, values) => fixed(key, values ?? {});
}
