import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../../src/renderer/src/App.tsx';
import { translator } from '../../../src/shared/i18n/i18n.ts';
import { durationWords, errorMessageWords, errorTitle } from '../../../src/renderer/src/messages.ts';
import { useAppStore } from '../../../src/renderer/src/state/app-store.ts';
import { baseState, failed, installFakeBridge, ok, settings } from '../fake-bridge.ts';
import { msg } from '../../../src/shared/i18n/message.ts';
import { wordsIn } from '../../../src/renderer/src/i18n.ts';
import { ensureLanguage } from '../../../src/renderer/src/catalogues.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

describe('the rest of the dashboard in the app’s language', () => {
  it('words durations by each language’s plural rules and keeps English as it was', () => {
    expect([15, 60, 120, 300, 3600, 7200, 90].map((s) => durationWords(s))).toEqual(['15 seconds', '1 minute', '2 minutes', '5 minutes', '1 hour', '2 hours', '1 min 30 s']);
    const ru = translator('ru', 'renderer');
    expect([60, 120, 300, 1260].map((s) => durationWords(s, ru))).toEqual(['1 минута', '2 минуты', '5 минут', '21 минута']);
    expect(durationWords(600, translator('zh-CN', 'renderer'))).toBe('10 分钟');
  });

  it('says main’s request-check errors and error titles in the language', async () => {
    // The dashboard loads a language's catalogues (its own and the core's messages') when main resolves to it.
    await Promise.all([ensureLanguage('zh-CN'), ensureLanguage('ru')]);
    const { error } = failed('invalid_input', msg('errors:request.tooLong', { subject: msg('errors:request.field.address') }));
    expect(errorMessageWords(error)).toBe('The address is too long.');
    expect(errorTitle('invalid_input')).toBe('Check the input');
    const zh = translator('zh-CN', 'renderer');
    expect(errorMessageWords(error, wordsIn('zh-CN'))).toBe('地址过长。');
    expect(errorMessageWords(error, wordsIn('ru'))).toBe('Адрес: слишком длинное значение.');
    expect(errorTitle('network', zh)).toBe('无法连接服务');
  });

  it('shows the Buy tab in Russian when main resolved ru: form names, labels and the count hint with Russian grouping', async () => {
    installFakeBridge({ getState: async () => ok(baseState()), getSettings: async () => ok({ ...settings, resolvedLanguage: 'ru' }) });
    const user = userEvent.setup();
    render(<App />);
    await user.click(await screen.findByRole('tab', { name: 'Купить' }));
    const form = await screen.findByRole('form', { name: 'Аренда энергии или пропускной способности' });
    expect(within(form).getByLabelText('Адрес получателя')).toBeTruthy();
    expect(within(form).getByText(/^Минимум /).textContent?.replace(/\s/g, ' ')).toMatch(/^Минимум \d{1,3}( \d{3})*$/);
    expect(screen.getByRole('form', { name: 'Активация адреса' })).toBeTruthy();
    expect(screen.queryByText(/Rent energy|Receiving address|Activate an address/)).toBeNull();
  });
});
