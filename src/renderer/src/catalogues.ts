/**
 * The dashboard's catalogues: its own namespace (renderer) and those of the
 * messages main's core sends as a key and values (errors, decisions,
 * notices: shared/i18n/message.ts), English in
 * the bundle, every other language a chunk of its own loaded when main
 * resolves to it (one chunk per language, from the app's own files). The command line's,
 * the tray's and the dialogs' words never reach the page. Keeps the
 * renderer's JS small (npm run bench: renderer_js_gzip_kb).
 */
import { create } from 'zustand';
import type { i18n } from 'i18next';
import enDecisions from '../../shared/i18n/locales/en/decisions.json' with { type: 'json' };
import enErrors from '../../shared/i18n/locales/en/errors.json' with { type: 'json' };
import enNotices from '../../shared/i18n/locales/en/notices.json' with { type: 'json' };
import enRenderer from '../../shared/i18n/locales/en/renderer.json' with { type: 'json' };
import type { CatalogueTree } from '../../shared/i18n/catalogue.ts';
import { i18nOver, memoizedTranslator, type Translate } from '../../shared/i18n/i18n-instance.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import { MESSAGE_NAMESPACES, wordMessage, type LookUp, type Message, type MessageNamespace } from '../../shared/i18n/message.ts';

type PageNamespace = 'renderer' | MessageNamespace;
const PAGE_NAMESPACES: readonly PageNamespace[] = ['renderer', ...MESSAGE_NAMESPACES];
/** One language's catalogues for the page, each namespace a tree. */
export type PageCatalogues = Readonly<Record<PageNamespace, CatalogueTree>>;
type Chunk = () => Promise<{ CATALOGUES: PageCatalogues }>;

/** Each other language's catalogues as one chunk of its own (English is in the bundle): one file, compressed once. */
const LOADERS: Readonly<Record<Language, Chunk | null>> = {
  en: null,
  'zh-CN': () => import('./languages/zh-CN.ts'),
  ru: () => import('./languages/ru.ts'),
};

const ENGLISH: PageCatalogues = {
  renderer: enRenderer,
  errors: enErrors,
  decisions: enDecisions,
  notices: enNotices,
};

/** The page's one i18next instance: English at once, the others added as they load. */
export const rendererI18n: i18n = i18nOver(SOURCE_LANGUAGE, { [SOURCE_LANGUAGE]: ENGLISH }, PAGE_NAMESPACES);

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
      .then(({ CATALOGUES }) => {
        for (const namespace of PAGE_NAMESPACES) rendererI18n.addResourceBundle(language, namespace, CATALOGUES[namespace], true, true);
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

const lookUps = new Map<Language, LookUp>();

/** A message of main's core (an error, a decision, a notice) in `language` if its catalogues are loaded, else English. */
export function rendererMessageText(message: Message, language: Language): string {
  const usable = useLoadedLanguages.getState().loaded.has(language) ? language : SOURCE_LANGUAGE;
  let lookUp = lookUps.get(usable);
  if (lookUp === undefined) {
    type Fixed = (key: string, values: Readonly<Record<string, string | number>>) => string;
    const fixed = new Map(MESSAGE_NAMESPACES.map((ns) => [ns, memoizedTranslator(rendererI18n, usable, ns) as Fixed] as const));
    lookUp = (namespace, key, values) => fixed.get(namespace)!(key, values);
    lookUps.set(usable, lookUp);
  }
  return wordMessage(message, usable, lookUp);
}
