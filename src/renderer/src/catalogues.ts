/**
 * The dashboard's catalogues: only its own namespace (renderer), English in
 * the bundle, every other language a chunk of its own loaded when main
 * resolves to it (a few KB, from the app's own files). The command line's,
 * the tray's and the dialogs' words never reach the page. Keeps the
 * renderer's JS small (npm run bench: renderer_js_gzip_kb).
 */
import { create } from 'zustand';
import type { i18n } from 'i18next';
import enRenderer from '../../shared/i18n/locales/en/renderer.json' with { type: 'json' };
import type { CatalogueTree } from '../../shared/i18n/catalogue.ts';
import { i18nOver, memoizedTranslator, type Translate } from '../../shared/i18n/i18n-instance.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';

/** Each language's catalogue as a chunk of its own (English is in the bundle). */
const LOADERS: Readonly<Record<Language, (() => Promise<{ default: CatalogueTree }>) | null>> = {
  en: null,
  'zh-CN': () => import('../../shared/i18n/locales/zh-CN/renderer.json'),
  ru: () => import('../../shared/i18n/locales/ru/renderer.json'),
};

/** The page's one i18next instance: English at once, the others added as they load. */
export const rendererI18n: i18n = i18nOver(SOURCE_LANGUAGE, { [SOURCE_LANGUAGE]: { renderer: enRenderer } }, ['renderer']);

/** Languages whose catalogue is in the instance (a component re-renders when one arrives). */
export const useLoadedLanguages = create<{ loaded: ReadonlySet<Language> }>()(() => ({ loaded: new Set<Language>([SOURCE_LANGUAGE]) }));

const loading = new Map<Language, Promise<void>>();

/** Loads `language`'s catalogue once; resolves when it is in use. A failed load leaves English (and is tried again next time). */
export function ensureLanguage(language: Language): Promise<void> {
  const load = LOADERS[language];
  if (load === null || useLoadedLanguages.getState().loaded.has(language)) return Promise.resolve();
  let pending = loading.get(language);
  if (pending === undefined) {
    pending = load()
      .then((module) => {
        rendererI18n.addResourceBundle(language, 'renderer', module.default, true, true);
        useLoadedLanguages.setState((s) => ({ loaded: new Set([...s.loaded, language]) }));
      })
      .catch(() => undefined)
      .finally(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

const translators = new Map<Language, Translate<'renderer'>>();

/** The renderer's messages in `language` if its catalogue is loaded, else English. */
export function rendererTranslator(language: Language): Translate<'renderer'> {
  const usable = useLoadedLanguages.getState().loaded.has(language) ? language : SOURCE_LANGUAGE;
  let translate = translators.get(usable);
  if (translate === undefined) {
    translate = memoizedTranslator(rendererI18n, usable, 'renderer');
    translators.set(usable, translate);
  }
  return translate;
}
