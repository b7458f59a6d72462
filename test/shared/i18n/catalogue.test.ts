import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, NAMESPACES, type CatalogueTree } from '../../../src/shared/i18n/catalogue.ts';
import { SOURCE_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '../../../src/shared/i18n/languages.ts';

/**
 * Every language has exactly the keys English has, with the same
 * placeholders and the plural forms its own plural rules need; and every
 * English key is used by the sources (referenced literally: t('usage.title'),
 * or 'commands.balance.summary' in a command's definition).
 */

const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g;

function flatten(tree: CatalogueTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** key → its forms ({ '': text } for a plain message, { one, few, … } for a plural one). */
function grouped(tree: CatalogueTree): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [key, text] of flatten(tree)) {
    const form = PLURAL.exec(key)?.[1] ?? '';
    const base = form === '' ? key : key.slice(0, -form.length - 1);
    const forms = out.get(base) ?? new Map<string, string>();
    forms.set(form, text);
    out.set(base, forms);
  }
  return out;
}

const placeholders = (text: string): string[] => [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))].filter((p) => p !== 'count').sort();

/** What is wrong with `other` (in `language`) against the English `source`; empty when nothing. */
export function catalogueProblems(source: CatalogueTree, other: CatalogueTree, language: Language): string[] {
  const problems: string[] = [];
  const en = grouped(source);
  const them = grouped(other);
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
  for (const key of en.keys()) if (!them.has(key)) problems.push(`${language} lacks ${key}`);
  for (const [key, forms] of them) {
    const english = en.get(key);
    if (english === undefined) {
      problems.push(`${language} has ${key}, which English does not`);
      continue;
    }
    const plural = english.has('other');
    if (plural !== forms.has('other') || (plural && JSON.stringify([...forms.keys()].sort()) !== JSON.stringify(categories))) {
      problems.push(`${language} ${key}: plural forms ${[...forms.keys()].join(',') || 'none'}, its rules need ${plural ? categories.join(',') : 'none'}`);
    }
    const wanted = JSON.stringify(placeholders(english.get('other') ?? english.get('') ?? ''));
    for (const [form, text] of forms) {
      if (text.trim() === '') problems.push(`${language} ${key}${form && `_${form}`} is empty`);
      const got = JSON.stringify(placeholders(text));
      if (got !== wanted) problems.push(`${language} ${key}${form && `_${form}`}: placeholders ${got}, English has ${wanted}`);
    }
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const SOURCES = sourceFiles(join(import.meta.dirname, '../../../src')).map((file) => readFileSync(file, 'utf8')).join('\n');

describe('the catalogues', () => {
  it('the checks find a missing key, an extra key, other placeholders, wrong plural forms and an empty message', () => {
    const source = { a: 'A {{x}}', b: { c: 'C' }, n_one: 'one thing', n_other: '{{count}} things' };
    const broken = { a: 'А {{y}}', b: { d: 'Д' }, n_one: '', n_other: '{{count}} штук' };
    const problems = catalogueProblems(source, broken, 'ru');
    expect(problems).toEqual(
      expect.arrayContaining([
        'ru lacks b.c',
        'ru has b.d, which English does not',
        'ru a: placeholders ["y"], English has ["x"]',
        'ru n: plural forms one,other, its rules need few,many,one,other',
        'ru n_one is empty',
      ]),
    );
    expect(catalogueProblems(source, { a: '{{x}} А', b: { c: 'Ц' }, n_other: '{{count}} 件' }, 'zh-CN')).toEqual([]);
  });

  for (const namespace of NAMESPACES) {
    for (const language of SUPPORTED_LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE)) {
      it(`${language}/${namespace}.json has exactly English's keys, placeholders and its own plural forms`, () => {
        expect(catalogueProblems(CATALOGUES.en[namespace], CATALOGUES[language][namespace], language)).toEqual([]);
      });
    }

    it(`English ${namespace}.json has the plural forms of English and every key is used in src/`, () => {
      expect(catalogueProblems(CATALOGUES.en[namespace], CATALOGUES.en[namespace], 'en')).toEqual([]);
      const unused = [...grouped(CATALOGUES.en[namespace]).keys()].filter(
        (key) => !['\'', '"', '`'].some((q) => SOURCES.includes(`${q}${key}${q}`) || SOURCES.includes(`${q}${namespace}:${key}${q}`)),
      );
      expect(unused).toEqual([]);
    });
  }
});
