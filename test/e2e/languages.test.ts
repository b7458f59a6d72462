import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, screenshot, useBuiltDashboard } from '../support/e2e-app.ts';
import { CATALOGUES, type CatalogueTree } from '../../src/shared/i18n/catalogue.ts';
import type { Language } from '../../src/shared/i18n/languages.ts';
import { translator } from '../../src/shared/i18n/i18n.ts';

/**
 * The done-when check of issue 17: the popover and the Overview of the demo in
 * zh-CN and ru (the system's locale, as Electron's app.getLocale() reports it),
 * screenshots of each, and no English left on them apart from product names,
 * addresses, units and what the person named themselves (presets, wallets).
 */
type Foreign = Exclude<Language, 'en'>;

function leaves(tree: CatalogueTree): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : leaves(v)));
}

/** The English catalogue's words: each message's text between its {{placeholders}}, where it has a word of 4+ letters. */
const ENGLISH_FRAGMENTS = [
  ...new Set(
    leaves(CATALOGUES.en.renderer)
      .flatMap((text) => text.split(/\{\{[^}]*\}\}/))
      .map((part) => part.trim())
      .filter((part) => /[A-Za-z]{4,}/.test(part)),
  ),
];

/** Allowed Latin words: the product's name, addresses (also shortened, "TPEo…wtj"), units, the demo's own names, period names, a preset's "TRX" cap. */
const ALLOWED = /Energy Tray|\bT[1-9A-HJ-NP-Za-km-z]{3,5}…[1-9A-HJ-NP-Za-km-z]{3,5}\b|\bT[1-9A-HJ-NP-Za-km-z]{3,33}\b|\b(TRX|USDT|SUN|TRON|API|IP)\b|\b\d+(h|day|days|minutes)\b|…|v\d+\.\d+\.\d+/g;

/** Every text node not hidden, and the accessible names and hints (aria-label, title, placeholder): run in the page. */
const VISIBLE_TEXTS = `(() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent || '').trim();
    const parent = node.parentElement;
    if (text === '' || !parent) continue;
    const style = getComputedStyle(parent);
    // Screen-reader-only text counts: it is read out in the page's language too.
    if (style.display !== 'none' && style.visibility !== 'hidden' && !parent.closest('[aria-hidden="true"]')) out.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label],[title],[placeholder]')) {
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = el.getAttribute(name);
      if (value) out.push(value);
    }
  }
  return out;
})()`;

const visibleTexts = async (page: Page): Promise<string[]> => (await page.evaluate(VISIBLE_TEXTS)) as string[];

/** What is left in English: a catalogue fragment, or two Latin words in a row that are not allowed names. */
function englishLeft(texts: readonly string[], userNames: readonly string[]): string[] {
  return texts.flatMap((raw) => {
    let text = raw;
    for (const name of userNames) text = text.split(name).join(' ');
    text = text.replace(ALLOWED, ' ');
    const fragment = ENGLISH_FRAGMENTS.find((f) => text.includes(f));
    if (fragment) return [`${raw}  (catalogue: "${fragment}")`];
    return /[A-Za-z]{3,}[,.:]?\s+[A-Za-z]{2,}/.test(text) || /\b[A-Za-z]{3,}\b/.test(text) ? [raw] : [];
  });
}

describe('the dashboard in Chinese and Russian (issue 17)', () => {
  const dashboard = useBuiltDashboard();

  for (const [language, locale, demoBadge] of [
    ['zh-CN', 'zh-CN', '演示 — 非真实资金'],
    ['ru', 'ru-RU', 'Демо — без реальных средств'],
  ] as Array<[Foreign, string, string]>) {
    it(`${language}: the Overview and the popover speak ${language}, with screenshots`, { timeout: 120_000 }, async () => {
      const { app, ui, pageErrors } = await openApp(dashboard.browser(), dashboard.url(), { deps: { systemLocale: () => locale }, viewport: { width: 1280, height: 800 } });
      const { page } = ui;
      // The Welcome screen speaks the system's language too.
      await page.getByRole('button', { name: translator(language, 'renderer')('welcome.demoTitle') }).click();
      await page.getByText(demoBadge).waitFor({ timeout: 10_000 });
      await page.getByTestId('balance-trx').getByText(/TRX/).waitFor({ timeout: 10_000 });
      await page.getByTestId('preset-quote').first().getByText(/TRX/).waitFor({ timeout: 10_000 });
      const names = (await app.service.services.presets.list()).map((p) => p.name);
      const wallets = (await app.service.services.wallets.list()).wallets.map((w) => w.label);
      expect(englishLeft(await visibleTexts(page), [...names, ...wallets])).toEqual([]);
      await screenshot(ui, `overview-${language}`);

      const pop = await openApp(dashboard.browser(), `${dashboard.url()}#popover`, { app, viewport: { width: 380, height: 600 } });
      await pop.ui.page.getByTestId('balance-trx').getByText(/TRX/).waitFor({ timeout: 10_000 });
      await pop.ui.page.getByTestId('preset-quote').first().getByText(/TRX/).waitFor({ timeout: 10_000 });
      expect(englishLeft(await visibleTexts(pop.ui.page), [...names, ...wallets])).toEqual([]);
      await screenshot(pop.ui, `popover-${language}`);
      expect([...pageErrors, ...pop.pageErrors]).toEqual([]);
      await pop.ui.context.close();
      await app.service.stop();
      await ui.context.close();
    });
  }
});
