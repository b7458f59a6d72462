import { describe, expect, it } from 'vitest';
import { approvalDialogText } from '../../src/core/app/ports.ts';
import { dispatch } from '../../src/core/ipc/dispatch.ts';
import { DEMO_WALLET_ADDRESSES } from '../../src/core/simulator/node/demo-chain.ts';
import { CATALOGUES, type CatalogueTree } from '../../src/shared/i18n/catalogue.ts';
import { messageText, translator } from '../../src/shared/i18n/i18n.ts';
import type { Language } from '../../src/shared/i18n/languages.ts';
import type { IpcResult } from '../../src/shared/ipc.ts';
import { ruleDraft } from '../core/app/auto-top-up/rule-drafts.ts';
import { openApp, screenshot, useBuiltDashboard } from '../support/e2e-app.ts';

/**
 * Issue 22 (errors carry keys, not sentences): what the core says reaches a
 * Russian or Chinese reader in their language, not in English. An error's
 * body in the dashboard (the service address refused by the core's check), an
 * auto top-up rule's decision and summary on its card, and main's approval of
 * a large order with its "Large order" note: none has an English sentence of
 * the catalogues the core speaks from (errors, decisions, notices, dialogs)
 * or of the dashboard's own words around them (renderer), nor two Latin
 * words in a row beyond names, units, addresses and URLs.
 */
type Foreign = Exclude<Language, 'en'>;
const CORE_NAMESPACES = ['errors', 'decisions', 'notices', 'dialogs', 'renderer'] as const;

function leaves(tree: CatalogueTree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));
}

/** Each English message's text between its placeholders (a word of 4+ letters in it), unless the language's own message has the same text. */
function englishFragments(language: Foreign): string[] {
  const fragments = new Set<string>();
  for (const namespace of CORE_NAMESPACES) {
    const theirs = new Map(leaves(CATALOGUES[language][namespace]));
    for (const [key, text] of leaves(CATALOGUES.en[namespace])) {
      const own = theirs.get(key) ?? theirs.get(key.replace(/_(one|other)$/, '_other')) ?? '';
      for (const part of text.split(/\{\{[^}]*\}\}/).map((p) => p.trim())) {
        if (/[A-Za-z]{4,}/.test(part) && !own.includes(part)) fragments.add(part);
      }
    }
  }
  return [...fragments];
}

/** Latin words that are not English sentences: the product, units, addresses, URLs and their parts, period names, what the person named. */
const ALLOWED =
  /Energy Tray|https?:\/\/\S*|\bT[1-9A-HJ-NP-Za-km-z]{33}\b|\b(TRX|USDT|SUN|TRON|API|URL|HTTP|IP|localhost)\b|\b\d+(h|day|days|minutes)\b|Keep Payroll|Payroll/g;

/** What is left in English in `text`: a catalogue fragment, or two Latin words in a row. */
function englishLeft(text: string, fragments: readonly string[]): string[] {
  const rest = text.replace(ALLOWED, ' ');
  const fragment = fragments.find((f) => rest.includes(f));
  if (fragment) return [`${text}  (catalogue: "${fragment}")`];
  return /[A-Za-z]{3,}[,.:;]?\s+[A-Za-z]{2,}/.test(rest) ? [text] : [];
}

const RULE = ruleDraft(DEMO_WALLET_ADDRESSES.payroll, { name: 'Keep Payroll' });

describe('the core’s words in Chinese and Russian (issue 22)', () => {
  const dashboard = useBuiltDashboard();

  for (const [language, locale] of [
    ['zh-CN', 'zh-CN'],
    ['ru', 'ru-RU'],
  ] as Array<[Foreign, string]>) {
    it(`${language}: an error's body, a rule's decision and the large-order approval note`, { timeout: 120_000 }, async () => {
      const t = translator(language, 'renderer');
      const fragments = englishFragments(language);
      const { app, ui, pageErrors } = await openApp(dashboard.browser(), dashboard.url(), {
        deps: { systemLocale: () => locale, walletCadence: { refreshMs: 1_000 } },
        viewport: { width: 1280, height: 900 },
      });
      const { page } = ui;

      // An error: the core refuses plain http to another computer before anything is sent, and says so in the reader's language.
      await page.getByLabel(t('connect.baseUrl'), { exact: true }).fill('http://api.example.com/v2');
      await page.getByLabel(t('connect.apiKey'), { exact: true }).fill('key-12345678');
      await page.getByLabel(t('connect.apiSecret'), { exact: true }).fill('secret-12345678');
      await page.getByRole('button', { name: t('connect.save') }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'https://' });
      await alert.waitFor({ timeout: 10_000 });
      const errorBody = (await alert.textContent()) ?? '';
      expect(errorBody).toContain(translator(language, 'errors')('url.plainHttp'));
      expect(englishLeft(errorBody, fragments)).toEqual([]);
      expect(app.approval.requests).toEqual([]);

      // A decision: the demo's Payroll wallet has the energy for a transfer, so its new rule skips, and its card says why.
      await page.getByRole('button', { name: t('welcome.demoTitle') }).click();
      await page.getByTestId('balance-trx').getByText(/TRX/).waitFor({ timeout: 10_000 });
      const call = (method: string, request: unknown): Promise<IpcResult<unknown>> => dispatch(app.table, method, request);
      expect(await call('app:addWallet', { wallet: { address: DEMO_WALLET_ADDRESSES.payroll, label: 'Payroll', plan: 'holder', exactRecipient: null, topUpTransfers: 2 } })).toMatchObject({ ok: true });
      expect(await call('app:saveRule', { draft: RULE })).toMatchObject({ ok: true, value: { saved: true } });
      await page.getByRole('tab', { name: t('tabs.wallets'), exact: true }).click();
      const card = page.getByRole('region', { name: t('ruleCard.label', { name: RULE.name }) });
      const decision = card.getByTestId('rule-last-decision');
      await decision.waitFor({ timeout: 20_000 });
      const said = [(await decision.textContent()) ?? '', (await card.getByTestId('rule-summary').textContent()) ?? ''];
      expect(said[0]).toMatch(language === 'ru' ? /энерги/ : /能量/);
      expect(said.flatMap((text) => englishLeft(text, fragments))).toEqual([]);
      await screenshot(ui, `core-words-${language}`);

      // Main's approval of a large order: 800,000 energy for an hour, about 40 TRX (over the 20 TRX that is large,
      // within the 100 TRX daily limit). Declined: nothing is bought.
      app.approval.denyNext();
      const large = await call('app:buyTimed', { type: 'energy', address: DEMO_WALLET_ADDRESSES.payroll, count: 800_000, period: '1h' });
      expect(large).toMatchObject({ ok: false, error: { code: 'not_approved' } });
      const request = app.approval.requests.at(-1);
      expect(request?.kind).toBe('buy');
      const dialog = approvalDialogText(request!, language);
      const note = request!.notes[0] ?? '';
      expect(note).toContain(language === 'ru' ? 'Крупный заказ' : '大额订单');
      const dialogLines = [dialog.title, dialog.message, ...dialog.detail.split('\n'), dialog.approve, dialog.cancel];
      expect(dialogLines.flatMap((line) => englishLeft(line, fragments))).toEqual([]);
      // The refusal itself, as the dashboard would word it.
      const refusal = large.ok ? null : large.error;
      expect(refusal?.key).toBe('errors:app.notApprovedSent');
      expect(englishLeft(messageText({ key: refusal!.key, values: refusal!.values }, language), fragments)).toEqual([]);

      expect(pageErrors).toEqual([]);
      await app.service.stop();
      await ui.context.close();
    });
  }

  it('the check finds English: a catalogue sentence, and words of the core left untranslated', () => {
    const fragments = englishFragments('ru');
    expect(englishLeft('Не куплено: the rule is off.', fragments)).not.toEqual([]);
    expect(englishLeft(translator('en', 'errors')('app.notApprovedSent'), fragments)).not.toEqual([]);
    expect(englishLeft(translator('ru', 'errors')('app.notApprovedSent'), fragments)).toEqual([]);
    expect(englishLeft('Базовый URL должен использовать https://; localhost, 127.0.0.1', fragments)).toEqual([]);
  });
});
