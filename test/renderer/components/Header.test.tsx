import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../../src/renderer/src/App.tsx';
import { tabKeyTarget } from '../../../src/renderer/src/hooks/use-tab-keys.ts';
import { pausedWords } from '../../../src/renderer/src/messages.ts';
import { ENGLISH_T } from '../../../src/renderer/src/i18n.ts';
import { useAppStore } from '../../../src/renderer/src/state/app-store.ts';
import { baseState, installFakeBridge, ok, settings } from '../fake-bridge.ts';
import { msg } from '../../../src/shared/i18n/message.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

const selected = (): string | null => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent ?? null;

async function dashboard() {
  installFakeBridge();
  render(<App />);
  await screen.findByTestId('balance-trx');
  return userEvent.setup();
}

describe('the sections are a tab list', () => {
  it('is one tab stop: only the selected tab is in the tab order, and the view is its tab panel', async () => {
    await dashboard();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Overview', 'Wallets', 'Buy', 'Orders', 'Prices', 'Settings']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1, -1, -1]);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    expect(tabs.every((tab) => tab.getAttribute('aria-controls') === panel.id)).toBe(true);
  });

  it('moves with the arrow keys (wrapping), Home and End, opening each tab and keeping focus on it', async () => {
    const user = await dashboard();
    screen.getByRole('tab', { name: 'Overview' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(selected()).toBe('Wallets');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Wallets' }));
    expect(screen.getByRole('tab', { name: 'Wallets' }).tabIndex).toBe(0);
    await user.keyboard('{End}');
    expect(selected()).toBe('Settings');
    await user.keyboard('{ArrowRight}');
    expect(selected()).toBe('Overview');
    await user.keyboard('{ArrowLeft}');
    expect(selected()).toBe('Settings');
    await user.keyboard('{Home}');
    expect(selected()).toBe('Overview');
    // A frame later focus is still on the tab, not moved to the view's heading.
    await act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Overview' }));
  });

  it('opens tab N with Ctrl+N or ⌘+N from anywhere, focus going to the view heading', async () => {
    await dashboard();
    fireEvent.keyDown(document.body, { key: '4', ctrlKey: true });
    expect(selected()).toBe('Orders');
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H2'));
    fireEvent.keyDown(document.body, { key: '2', metaKey: true });
    expect(selected()).toBe('Wallets');
    // Not with Alt or Shift (those are other shortcuts), nor a digit past the tabs.
    fireEvent.keyDown(document.body, { key: '1', ctrlKey: true, shiftKey: true });
    fireEvent.keyDown(document.body, { key: '1', ctrlKey: true, altKey: true });
    fireEvent.keyDown(document.body, { key: '7', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: '1' });
    expect(selected()).toBe('Wallets');
  });

  it('has no tab list and no shortcuts on the welcome screen', async () => {
    installFakeBridge({ getState: async () => ok(baseState({ mode: 'welcome', balance: null })) });
    render(<App />);
    await screen.findByRole('button', { name: 'Try the demo' });
    fireEvent.keyDown(document.body, { key: '3', ctrlKey: true });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(useAppStore.getState().tab).toBe('overview');
  });

  it('computes the target of each key', () => {
    expect(tabKeyTarget('ArrowRight', 5, 6)).toBe(0);
    expect(tabKeyTarget('ArrowDown', 1, 6)).toBe(2);
    expect(tabKeyTarget('ArrowUp', 0, 6)).toBe(5);
    expect(tabKeyTarget('End', 2, 6)).toBe(5);
    expect(tabKeyTarget('Enter', 2, 6)).toBeNull();
  });
});

describe('the paused badge', () => {
  it('words the reasons and leaves a refused key to the banner', () => {
    expect(pausedWords({ paused: false, reason: null }, ENGLISH_T)).toBeNull();
    expect(pausedWords({ paused: true, reason: null }, ENGLISH_T)).toBe('Paused');
    const auth = msg('notices:pausedBy.auth');
    const asleep = msg('notices:pausedBy.suspend');
    expect(pausedWords({ paused: true, reason: auth }, ENGLISH_T)).toBeNull();
    expect(pausedWords({ paused: true, reason: msg('notices:pausedBy.and', { first: auth, next: asleep }) }, ENGLISH_T)).toBe(
      'Paused: the computer is asleep',
    );
    const both = msg('notices:pausedBy.and', { first: asleep, next: msg('notices:pausedBy.user') });
    expect(pausedWords({ paused: true, reason: both }, ENGLISH_T)).toBe('Paused: the computer is asleep, paused from the tray');
  });
});

describe('the page’s language', () => {
  it('follows the app’s, so screen readers pronounce it and Russian hyphenates by its own rules', async () => {
    installFakeBridge({ getSettings: async () => ok({ ...settings, resolvedLanguage: 'ru' }) });
    render(<App />);
    await screen.findByRole('tab', { name: 'Обзор' });
    expect(document.documentElement.lang).toBe('ru');
  });
});
