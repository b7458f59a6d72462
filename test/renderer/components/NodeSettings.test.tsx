import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NodeSettings } from '../../../src/renderer/src/components/NodeSettings.tsx';
import { useAppStore } from '../../../src/renderer/src/state/app-store.ts';
import { ensureLanguage } from '../../../src/renderer/src/catalogues.ts';
import { failed, installFakeBridge, nodeSettings, ok, settings } from '../fake-bridge.ts';
import { msg } from '../../../src/shared/i18n/message.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

describe('Settings → TRON node', () => {
  it('changes the node URL and goes back to the default', async () => {
    const bridge = installFakeBridge();
    const user = userEvent.setup();
    render(<NodeSettings />);
    const url = (await screen.findByLabelText('Node URL')) as HTMLInputElement;
    expect(url.value).toBe('https://api.trongrid.io');
    await user.clear(url);
    await user.type(url, 'https://node.example.com/');
    await user.click(screen.getByRole('button', { name: 'Save URL' }));
    await screen.findByRole('button', { name: 'Use https://api.trongrid.io' });
    await user.click(screen.getByRole('button', { name: 'Use https://api.trongrid.io' }));
    expect(bridge.callsOf('setNodeUrl')).toEqual([{ nodeUrl: 'https://node.example.com/' }, { nodeUrl: null }]);
  });

  it('saves the provider key into a password field that is emptied, never shows it, and removes it', async () => {
    const bridge = installFakeBridge();
    const user = userEvent.setup();
    render(<NodeSettings />);
    const key = (await screen.findByLabelText(/Provider API key/)) as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(screen.getByText(/No provider key saved/)).toBeTruthy();
    await user.type(key, 'provider-key-123456');
    await user.click(screen.getByRole('button', { name: 'Save key' }));
    expect(await screen.findByText('A provider key is saved in the keychain for this node.')).toBeTruthy();
    await waitFor(() => expect(key.value).toBe(''));
    expect(document.body.textContent).not.toContain('provider-key-123456');
    await user.click(screen.getByRole('button', { name: 'Remove key' }));
    expect(bridge.callsOf('setNodeKey')).toEqual([{ apiKey: 'provider-key-123456' }]);
    expect(bridge.callsOf('clearNodeKey')).toEqual([{}]);
  });

  it('says when the saved key belongs to another node, and shows a refused URL in words', async () => {
    installFakeBridge({
      getNodeSettings: async () => ok({ ...nodeSettings, keySaved: true, keyForThisNode: false }),
      setNodeUrl: async () => failed('invalid_input', msg('errors:chain.invalidInput', { reason: msg('errors:nodeUrl.plainHttp') })),
    });
    const user = userEvent.setup();
    render(<NodeSettings />);
    expect(await screen.findByText(/saved for another node URL; it is not sent to this one/)).toBeTruthy();
    const url = screen.getByLabelText('Node URL');
    await user.clear(url);
    await user.type(url, 'http://node.example.com');
    await user.click(screen.getByRole('button', { name: 'Save URL' }));
    expect((await screen.findByRole('alert')).textContent).toContain('must use https://');
  });

  it('saves a daily request budget, lands on the result line, and goes back to the default', async () => {
    const bridge = installFakeBridge();
    const user = userEvent.setup();
    render(<NodeSettings />);
    const field = (await screen.findByLabelText('Daily request budget')) as HTMLInputElement;
    expect(field.value).toBe('');
    expect(field.placeholder).toBe('50,000');
    expect(screen.getByText('Default: 100,000 with a provider key, 50,000 without.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use the default' })).toBeNull();
    await user.type(field, '250,000');
    await user.click(screen.getByRole('button', { name: 'Save budget' }));
    const saved = await screen.findByText('Saved: 250,000 requests a day.');
    await waitFor(() => expect(document.activeElement).toBe(saved));
    expect(field.value).toBe('250,000');
    await user.click(screen.getByRole('button', { name: 'Use the default' }));
    const back = await screen.findByText('The default is in use: 50,000 requests a day.');
    await waitFor(() => expect(document.activeElement).toBe(back));
    expect(field.value).toBe('');
    expect(bridge.callsOf('setNodeDailyBudget')).toEqual([{ budget: 250_000 }, { budget: null }]);
  });

  it('says text that is no whole number under the field without asking main, and shows main’s refusal with the bounds', async () => {
    const bridge = installFakeBridge({
      setNodeDailyBudget: async () => failed('invalid_input', msg('errors:app.nodeBudgetRange', { min: 2_000, max: 100_000_000 })),
    });
    const user = userEvent.setup();
    render(<NodeSettings />);
    const field = await screen.findByLabelText('Daily request budget');
    await user.type(field, '2500.5');
    await user.click(screen.getByRole('button', { name: 'Save budget' }));
    expect(screen.getByText('Enter a whole number from 2,000 to 100,000,000.').className).toBe('field-error');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(bridge.callsOf('setNodeDailyBudget')).toEqual([]);
    await user.clear(field);
    await user.type(field, '1999');
    await user.click(screen.getByRole('button', { name: 'Save budget' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The daily request budget must be a whole number from 2,000 to 100,000,000; nothing was saved.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/Enter a whole number/)).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(bridge.callsOf('setNodeDailyBudget')).toEqual([{ budget: 1999 }]);
  });

  it('speaks Russian, with the language’s digit groups', async () => {
    const bridge = installFakeBridge();
    await ensureLanguage('ru');
    act(() => useAppStore.setState({ settings: { ...settings, resolvedLanguage: 'ru' } }));
    const user = userEvent.setup();
    render(<NodeSettings />);
    const field = await screen.findByLabelText('Дневной лимит запросов');
    expect(screen.getByText(/^По умолчанию: 100\s000 с ключом провайдера, 50\s000 без него\.$/)).toBeTruthy();
    await user.type(field, '300 000');
    await user.click(screen.getByRole('button', { name: 'Сохранить лимит' }));
    expect(await screen.findByText(/^Сохранено: лимит 300\s000 в день\.$/)).toBeTruthy();
    expect(bridge.callsOf('setNodeDailyBudget')).toEqual([{ budget: 300_000 }]);
    expect(document.body.textContent).not.toMatch(/node\.budget/);
  });
});
