import { describe, expect, it } from 'vitest';
import { ensureLanguage, rendererMessageText, rendererTranslator, useLoadedLanguages } from '../../src/renderer/src/catalogues.ts';
import { msg } from '../../src/shared/i18n/message.ts';

describe('the dashboard’s catalogues, loaded when used', () => {
  it('speaks English until a language’s catalogue is loaded, then that language; each is loaded once', async () => {
    expect([...useLoadedLanguages.getState().loaded]).toEqual(['en']);
    expect(rendererTranslator('ru')('tabs.orders')).toBe('Orders');
    const refused = msg('errors:app.notApprovedSent');
    expect(rendererMessageText(refused, 'ru')).toBe('Not approved: nothing was sent.');
    const first = ensureLanguage('ru');
    expect(ensureLanguage('ru')).toBe(first);
    await first;
    expect(useLoadedLanguages.getState().loaded.has('ru')).toBe(true);
    expect(rendererTranslator('ru')('tabs.orders')).toBe('Заказы');
    // The core's messages (errors, decisions, notices) come with the language's own catalogue.
    expect(rendererMessageText(refused, 'ru')).toBe('Не одобрено: ничего не отправлено.');
    expect(rendererTranslator('zh-CN')('tabs.orders')).toBe('Orders');
    await ensureLanguage('zh-CN');
    expect(rendererTranslator('zh-CN')('tabs.orders')).toBe('订单');
    // Plurals by the language's own rules once loaded.
    expect(rendererTranslator('ru')('ordersPanel.matching', { count: 21, n: '21' })).toBe('Подходит 21 заказ.');
    await ensureLanguage('en');
    expect(rendererTranslator('en')('tabs.orders')).toBe('Orders');
  });
});
