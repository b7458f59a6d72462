import { describe, expect, it } from 'vitest';
import glossary from '../../../src/shared/i18n/glossary.json' with { type: 'json' };
import { CATALOGUES, NAMESPACES, type CatalogueTree } from '../../../src/shared/i18n/catalogue.ts';
import { SUPPORTED_LANGUAGES } from '../../../src/shared/i18n/languages.ts';

type Term = Record<string, string>;
const TERMS = glossary.terms as Record<string, Term>;

function flatten(tree: CatalogueTree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`)));
}

/**
 * The spec's terms, checked where a message uses them: an English message
 * with the word has the glossary's translation in the same message of the
 * other language (Russian by its stem, since it declines).
 */
const CHECKED: Record<string, { en: RegExp; 'zh-CN': RegExp; ru: RegExp }> = {
  energy: { en: /\benergy\b/i, 'zh-CN': /能量/, ru: /энерги/i },
  bandwidth: { en: /\bbandwidth\b/i, 'zh-CN': /带宽/, ru: /пропускн\S* способност/i },
  'smart delegation': { en: /\bsmart delegation\b/i, 'zh-CN': /智能代理/, ru: /умн\S* делегировани/i },
  'one-time top-up': { en: /\bone-time\b/i, 'zh-CN': /一次性/, ru: /разов/i },
  reclaim: { en: /\breclaim\b/i, 'zh-CN': /回收/, ru: /возврат/i },
  keychain: { en: /\bkeychain\b/i, 'zh-CN': /钥匙串/, ru: /связк\S* ключей/i },
  'daily limit': { en: /\bdaily spending limit\b/i, 'zh-CN': /每日消费上限/, ru: /дневн\S* лимит/i },
  'fast mode (jisu)': { en: /\bjisu\b/, 'zh-CN': /极速模式/, ru: /jisu/ },
  'fastest mode (guangsu)': { en: /\bguangsu\b/, 'zh-CN': /光速模式/, ru: /guangsu/ },
};

describe('the glossary', () => {
  it('gives every term in every language', () => {
    for (const [name, term] of Object.entries(TERMS)) {
      for (const language of SUPPORTED_LANGUAGES) expect(term[language], `${name} in ${language}`).toMatch(/\S/);
    }
  });

  it('the checked terms match the glossary’s own words', () => {
    for (const [name, patterns] of Object.entries(CHECKED)) {
      const term = TERMS[name];
      expect(term, name).toBeDefined();
      for (const language of SUPPORTED_LANGUAGES) expect(term?.[language], `${name} ${language}`).toMatch(patterns[language]);
    }
  });

  for (const namespace of NAMESPACES) {
    it(`${namespace}: the catalogues use the glossary’s word wherever English uses the term`, () => {
      const misses: string[] = [];
      const translated = { 'zh-CN': new Map(flatten(CATALOGUES['zh-CN'][namespace])), ru: new Map(flatten(CATALOGUES.ru[namespace])) };
      for (const [key, source] of flatten(CATALOGUES.en[namespace])) {
        // Not words: the product's name, {{placeholders}} and "json_field" names.
        const english = source.replace(/Energy Tray/g, '').replace(/\{\{[^}]*\}\}/g, '').replace(/"[a-z_]+"/g, '');
        for (const [name, patterns] of Object.entries(CHECKED)) {
          if (!patterns.en.test(english)) continue;
          for (const language of ['zh-CN', 'ru'] as const) {
            const base = key.replace(/_(one|other)$/, '');
            const forms = [...translated[language]].filter(([k]) => k === base || k.startsWith(`${base}_`)).map(([, v]) => v);
            if (forms.length > 0 && !forms.every((text) => patterns[language].test(text))) misses.push(`${language} ${key}: ${name}`);
          }
        }
      }
      expect(misses).toEqual([]);
    });
  }
});
