/**
 * The dashboard's words and figures in the app's language. The language is
 * main's: the Settings choice, else the system's (SettingsView.resolvedLanguage);
 * English until the settings arrive. Components call useT() for words (the
 * renderer catalogue, src/shared/i18n/locales/<lang>/renderer.json) and
 * useFormat() for numbers, amounts and times (Intl, amounts exact integers of SUN).
 */
import { useEffect, useMemo } from 'react';
import { formatAge, type MoneyContext } from '../../shared/format.ts';
import type { Translate } from '../../shared/i18n/i18n-instance.ts';
import type { Message } from '../../shared/i18n/message.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import { formatAgeIn, formatAmount, formatCountIn, formatDateTimeIn } from '../../shared/i18n/locale-format.ts';
import { exactMoneyText, moneyPairText, moneyText } from '../../shared/money-text.ts';
import { ensureLanguage, rendererMessageText, rendererTranslator, useLoadedLanguages } from './catalogues.ts';
import { useAppStore } from './state/app-store.ts';

export type RendererT = Translate<'renderer'>;

/** The language main resolved, once its catalogue is loaded (English until then, and until the settings arrive). */
export function useLanguage(): Language {
  const wanted = useAppStore((s) => s.settings?.resolvedLanguage ?? SOURCE_LANGUAGE);
  const loaded = useLoadedLanguages((s) => s.loaded.has(wanted));
  useEffect(() => {
    if (!loaded) void ensureLanguage(wanted);
  }, [wanted, loaded]);
  return loaded ? wanted : SOURCE_LANGUAGE;
}

/** t('popover.openDashboard'), t('wallets.transfers', { count }) in the app's language. */
export function useT(): RendererT {
  // useLanguage re-renders the component when main's language changes or its catalogue arrives.
  return rendererTranslator(useLanguage());
}

export interface Formats {
  language: Language;
  /** "1,234.50 TRX" / "1 234,50 TRX": the one money rule (shared/money-text.ts), as Money shows it. */
  trx(sun: bigint | string): string;
  /** Every SUN: "1,234.891234 TRX", for a hover title or a detail line. */
  exact(units: bigint | string, unit?: string): string;
  /** Two amounts one sentence compares: by the rule, or both exact where the rule would make them read the same. */
  pair(a: bigint | string, b: bigint | string): [string, string];
  /** The figure alone, exact: "1,234.891234". */
  amount(units: bigint | string, minDecimals?: number): string;
  /** The one money rule for any unit ("2.17 TRX", "12.50 USDT"); the context only names what the figure is. */
  money(units: bigint | string, context?: MoneyContext, unit?: string): string;
  /** 65000 → "65,000" / "65 000". */
  count(n: number | bigint | string): string;
  /** "2 min ago" (English keeps its short words), "2 мин. назад", "2分钟前". */
  age(thenMs: number, nowMs: number): string;
  dateTime(ms: number): string;
}

export function formatsIn(language: Language): Formats {
  return {
    language,
    trx: (sun) => moneyText(sun, language),
    exact: (units, unit = 'TRX') => exactMoneyText(units, language, unit),
    pair: (a, b) => moneyPairText(a, b, language),
    amount: (units, minDecimals = 2) => formatAmount(units, language, minDecimals),
    money: (units, _context, unit = 'TRX') => moneyText(units, language, unit),
    count: (n) => formatCountIn(n, language),
    age: (then, now) => (language === SOURCE_LANGUAGE ? formatAge(then, now) : formatAgeIn(then, now, language)),
    // English keeps the system's own date format, as before the catalogues.
    dateTime: (ms) => (language === SOURCE_LANGUAGE ? new Date(ms).toLocaleString() : formatDateTimeIn(ms, language)),
  };
}

const FORMATS = new Map<Language, Formats>();

export function useFormat(): Formats {
  const language = useLanguage();
  let formats = FORMATS.get(language);
  if (formats === undefined) {
    formats = formatsIn(language);
    FORMATS.set(language, formats);
  }
  return formats;
}

/** What main's core said (an error, a decision, a rule's summary, a notice: a key and values) in words of `language`. */
export type Words = (message: Message) => string;

export const wordsIn = (language: Language): Words => (message) => rendererMessageText(message, language);

/** words(error), words(rule.summary): the core's messages in the app's language. */
export function useWords(): Words {
  const language = useLanguage();
  return useMemo(() => wordsIn(language), [language]);
}

/** English words and figures for code outside a component that has no language of its own (tests, defaults). */
export const ENGLISH_T: RendererT = rendererTranslator(SOURCE_LANGUAGE);
export const ENGLISH_FORMATS: Formats = formatsIn(SOURCE_LANGUAGE);
export const ENGLISH_WORDS: Words = wordsIn(SOURCE_LANGUAGE);

/** The language in effect outside React: main's, once its catalogue is loaded. */
function currentLanguage(): Language {
  const wanted = useAppStore.getState().settings?.resolvedLanguage ?? SOURCE_LANGUAGE;
  return useLoadedLanguages.getState().loaded.has(wanted) ? wanted : SOURCE_LANGUAGE;
}

/** The words of the language in effect, outside React (a toast made as an event arrives). */
export const currentT = (): RendererT => rendererTranslator(currentLanguage());
export const currentFormats = (): Formats => formatsIn(currentLanguage());
export const currentWords = (): Words => wordsIn(currentLanguage());

export { ensureLanguage };
