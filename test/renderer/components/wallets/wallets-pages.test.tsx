import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../../../src/renderer/src/App.tsx';
import { PopoverWallets } from '../../../../src/renderer/src/components/PopoverWallets.tsx';
import { WALLETS_PAGE, WalletsPanel } from '../../../../src/renderer/src/components/wallets/WalletsPanel.tsx';
import { useAppStore } from '../../../../src/renderer/src/state/app-store.ts';
import { msg } from '../../../../src/shared/i18n/message.ts';
import { installFakeBridge, ok, wallet } from '../../fake-bridge.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

/** A failed read, as the core words it. */
const NODE_SILENT = msg('errors:chain.networkKind.timeout');

/** 10,000 watched addresses, every 1,000th low on energy and one not read. */
const merchant = () =>
  Array.from({ length: 10_000 }, (_, n) =>
    wallet({ id: `w${n}`, label: `Deposit ${n}`, low: n % 1_000 === 999, error: n === 5_000 ? NODE_SILENT : null }),
  );

const cards = (): HTMLElement[] => screen.queryAllByRole('region', { name: /^Wallet Deposit/ });

describe('the Wallets tab at merchant scale (issue 25)', () => {
  it('shows 10,000 wallets a page of 50 at a time, those that need attention first', async () => {
    installFakeBridge();
    useAppStore.setState({ wallets: { wallets: merchant(), suggestions: [] } });
    const user = userEvent.setup();
    render(<WalletsPanel />);
    expect(cards()).toHaveLength(WALLETS_PAGE);
    expect(document.querySelectorAll('section, article, li').length).toBeLessThanOrEqual(200);
    // The estimate offers a few wallets as its sender (those that need attention first), not a button for each of 10,000.
    expect(document.querySelectorAll('button[aria-pressed]').length).toBe(5);
    expect(screen.getByTestId('wallets-page').textContent).toBe('Wallets 1–50 of 10,000, those that need attention first');
    // The ten low ones and the one not read come first, in the list's order.
    const firstLabels = cards().slice(0, 12).map((c) => c.getAttribute('aria-label'));
    expect(firstLabels).toEqual([
      'Wallet Deposit 999',
      'Wallet Deposit 1999',
      'Wallet Deposit 2999',
      'Wallet Deposit 3999',
      'Wallet Deposit 4999',
      'Wallet Deposit 5000',
      'Wallet Deposit 5999',
      'Wallet Deposit 6999',
      'Wallet Deposit 7999',
      'Wallet Deposit 8999',
      'Wallet Deposit 9999',
      'Wallet Deposit 0',
    ]);
    expect(screen.getByRole('button', { name: 'Previous wallets' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next wallets' }));
    expect(cards()).toHaveLength(WALLETS_PAGE);
    expect(cards()[0]!.getAttribute('aria-label')).toBe('Wallet Deposit 39');
    expect(screen.getByTestId('wallets-page').textContent).toBe('Wallets 51–100 of 10,000, those that need attention first');
  });

  it('stays on a page that still exists when the list shrinks, and shows no pager for one page', () => {
    installFakeBridge();
    useAppStore.setState({ wallets: { wallets: merchant().slice(0, 120), suggestions: [] } });
    render(<WalletsPanel />);
    expect(screen.getByTestId('wallets-page').textContent).toBe('Wallets 1–50 of 120, those that need attention first');
    act(() => useAppStore.setState({ wallets: { wallets: merchant().slice(0, 30), suggestions: [] } }));
    expect(cards()).toHaveLength(30);
    expect(screen.queryByTestId('wallets-page')).toBeNull();
  });

  it('shows the Overview and the popover the ones that need attention first, then a count of the rest', async () => {
    const covered = { planned: '3', toHolders: '3', toNewAddresses: '1' };
    const many = Array.from({ length: 1_000 }, (_, n) =>
      wallet({ id: `w${n}`, label: `Deposit ${n}`, low: n === 500 || n === 900, covered, error: null }),
    );
    installFakeBridge({ listWallets: async () => ok({ wallets: many, suggestions: [] }) });
    render(<App />);
    await screen.findByRole('region', { name: 'Wallet Deposit 500' });
    expect(cards().map((c) => c.getAttribute('aria-label'))).toEqual([
      'Wallet Deposit 500',
      'Wallet Deposit 900',
      'Wallet Deposit 0',
      'Wallet Deposit 1',
      'Wallet Deposit 2',
    ]);
    expect(screen.getByTestId('more-wallets').textContent).toBe('and 995 more wallets, all covered');
    cleanup();
    // Eight need attention: five are shown, so the count cannot say the rest are covered.
    const unread = many.map((w, n) => ([100, 200, 300, 600, 700, 800].includes(n) ? { ...w, covered: null, error: NODE_SILENT } : w));
    render(<PopoverWallets wallets={unread} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByTestId('more-wallets').textContent).toBe('and 995 more wallets');
  });
});
