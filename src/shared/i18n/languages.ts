/**
 * The languages Energy Tray speaks and how a locale tag (an OS locale, LANG,
 * --lang, the Settings choice) maps onto one of them. English is the source
 * language and the fallback.
 */
export const SUPPORTED_LANGUAGES = ['en', 'zh-CN', 'ru'] as const;

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const SOURCE_LANGUAGE: Language = 'en';

/**
 * An explicit choice (--lang, ENERGY_TRAY_LANG, the Settings value): one of
 * the supported tags, any case, `_` for `-` allowed ("zh_cn"). Anything else
 * is null, so that the caller can refuse it with the list of languages.
 */
export function parseLanguage(value: string): Language | null {
  const wanted = value.trim().replace(/_/g, '-').toLowerCase();
  return SUPPORTED_LANGUAGES.find((lang) => lang.toLowerCase() === wanted) ?? null;
}

/**
 * A locale the system reports ("ru_RU.UTF-8", "zh-Hans-CN", "en-GB", "C"):
 * the supported language of its primary subtag, or null. Any Chinese locale
 * maps to Simplified Chinese, the only Chinese catalogue: nearer to a reader
 * of Traditional Chinese than English is.
 */
export function matchSystemLocale(locale: string | undefined): Language | null {
  if (locale === undefined) return null;
  const tag = locale.trim().split(/[.@:]/)[0]?.replace(/_/g, '-').toLowerCase() ?? '';
  const primary = tag.split('-')[0];
  if (primary === 'zh') return 'zh-CN';
  if (primary === 'ru') return 'ru';
  if (primary === 'en') return 'en';
  return null;
}

/** The first candidate the system reports that names a supported language, else English. */
export function firstSystemLanguage(candidates: ReadonlyArray<string | undefined>): Language {
  for (const candidate of candidates) {
    if (candidate === undefined || candidate === '') continue;
    return matchSystemLocale(candidate) ?? SOURCE_LANGUAGE;
  }
  return SOURCE_LANGUAGE;
}

/** The app's language: the Settings choice, else the OS's (Electron's app.getLocale()), else English. */
export function appLanguage(setting: Language | null, systemLocale: string | undefined): Language {
  return setting ?? matchSystemLocale(systemLocale) ?? SOURCE_LANGUAGE;
}
