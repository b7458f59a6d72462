import { readFileSync } from 'node:fs';
import type { CatalogueTree } from '../../shared/i18n/catalogue.ts';
import { i18nOver, memoizedTranslator, type Translate } from '../../shared/i18n/i18n-instance.ts';
import { exactMoneyText, moneyPairText, moneyText } from '../../shared/money-text.ts';
import { cliLanguage } from '../i18n.ts';

/**
 * The words `energy-tray mcp` gives an AI assistant and asks the person (the
 * mcp catalogue: tool descriptions, refusals, the confirmation, the prompt),
 * in the command line's language (--lang, ENERGY_TRAY_LANG, the system's).
 * Read when the server starts, the one language only.
 */
let translate: Translate<'mcp'> | undefined;

export const m: Translate<'mcp'> = (key, values) => {
  if (translate === undefined) {
    const language = cliLanguage();
    const file = new URL(`../../shared/i18n/locales/${language}/mcp.json`, import.meta.url);
    const catalogue = JSON.parse(readFileSync(file, 'utf8')) as CatalogueTree;
    translate = memoizedTranslator(i18nOver(language, { [language]: { mcp: catalogue } }, ['mcp']), language, 'mcp');
  }
  return translate(key, values);
};

/** An amount in words by the one money rule (shared/money-text.ts); the exact SUN are in the structured content. */
export const money = (sun: bigint): string => moneyText(sun, cliLanguage());

/** Two amounts one sentence compares: exact where the rule would make them read the same. */
export const moneyPair = (a: bigint, b: bigint): [string, string] => moneyPairText(a, b, cliLanguage());

/** Every SUN ("3.2143 TRX"), where the rule's rounding would make a comparison read false. */
export const exactMoney = (sun: bigint): string => exactMoneyText(sun, cliLanguage());
