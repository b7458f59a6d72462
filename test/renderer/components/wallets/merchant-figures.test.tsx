import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { WalletsPanel } from '../../../../src/renderer/src/components/wallets/WalletsPanel.tsx';
import { ensureLanguage } from '../../../../src/renderer/src/catalogues.ts';
import { useAppStore } from '../../../../src/renderer/src/state/app-store.ts';
import type { NodeBudgetView } from '../../../../src/shared/ipc.ts';
import { installFakeBridge, settings, wallet } from '../../fake-bridge.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

const MINUTE = 60_000;
const energyOf = (label: string) => within(screen.getByRole('region', { name: `Wallet ${label}` })).getByTestId('wallet-energy');
const SHORT: NodeBudgetView = {
  budget: 2_000,
  usedToday: 2_150,
  short: ['no_refresh', 'events_paced', 'follow_widened'],
  refreshMs: null,
  followEverySeconds: 60,
};

describe('watched wallets at merchant scale (issue 25)', () => {
  it('shows a predicted figure as such, with the age of the read it comes from; a fresh read as it is', () => {
    installFakeBridge();
    const energy = { limit: '200000', used: '72000', available: '128000' };
    const predicted = wallet({ id: 'w1', label: 'Deposit 1', energy, predicted: true, readAt: Date.now() - 14 * MINUTE });
    const fresh = wallet({ id: 'w2', label: 'Deposit 2', address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', energy, readAt: Date.now() });
    useAppStore.setState({ wallets: { wallets: [predicted, fresh], suggestions: [] } });
    render(<WalletsPanel />);
    expect(energyOf('Deposit 1').textContent).toBe('≈ 128,000, read 14 min ago');
    expect(energyOf('Deposit 1').getAttribute('title')).toMatch(/^Predicted from the last reading/);
    expect(energyOf('Deposit 2').textContent).toBe('128,000');
    expect(energyOf('Deposit 2').getAttribute('title')).toBeNull();
  });

  it('says when the node’s daily budget runs short and what the wallets do about it; nothing while it lasts', () => {
    installFakeBridge();
    useAppStore.setState({ wallets: { wallets: [wallet()], suggestions: [], budget: { ...SHORT, short: [] } } });
    const { rerender } = render(<WalletsPanel />);
    expect(screen.queryByTestId('node-budget-short')).toBeNull();
    useAppStore.setState({ wallets: { wallets: [wallet()], suggestions: [], budget: SHORT } });
    rerender(<WalletsPanel />);
    expect(screen.getByTestId('node-budget-short').textContent).toBe(
      "The TRON node's daily request budget is running short: 2,150 of 2,000 requests used today. " +
        'Wallets nothing happened to are not read again today; their energy is predicted. ' +
        'Wallets a block touched are read one after another, more slowly. ' +
        'The chain is looked at every 60 seconds instead of every block.',
    );
    const widened = { ...SHORT, short: ['refresh_widened' as const], refreshMs: 9 * 60 * MINUTE };
    useAppStore.setState({ wallets: { wallets: [wallet()], suggestions: [], budget: widened } });
    rerender(<WalletsPanel />);
    expect(screen.getByTestId('node-budget-short').textContent).toMatch(/read again every 9 hours\.$/);
    // Widened to less than an hour: said in minutes, rounded up, never "every 1 hour".
    useAppStore.setState({ wallets: { wallets: [wallet()], suggestions: [], budget: { ...widened, refreshMs: 20 * MINUTE + 5_000 } } });
    rerender(<WalletsPanel />);
    expect(screen.getByTestId('node-budget-short').textContent).toMatch(/read again every 21 minutes\.$/);
    useAppStore.setState({ wallets: { wallets: [wallet()], suggestions: [], budget: { ...widened, refreshMs: 4_000 } } });
    rerender(<WalletsPanel />);
    expect(screen.getByTestId('node-budget-short').textContent).toMatch(/read again every 1 minute\.$/);
  });

  it('in Russian, with the plural forms from the catalogue and the shared number format', async () => {
    installFakeBridge();
    await ensureLanguage('ru');
    const widened = { ...SHORT, short: ['refresh_widened' as const, 'follow_widened' as const], refreshMs: 2 * 60 * MINUTE, followEverySeconds: 21 };
    const minutes = { ...widened, refreshMs: 22 * MINUTE };
    const energy = { limit: '200000', used: '72000', available: '128000' };
    useAppStore.setState({
      settings: { ...settings, resolvedLanguage: 'ru' },
      wallets: { wallets: [wallet({ energy, predicted: true, readAt: Date.now() - 14 * MINUTE })], suggestions: [], budget: widened },
    });
    render(<WalletsPanel />);
    const notice = screen.getByTestId('node-budget-short').textContent ?? '';
    expect(notice).toContain('раз в 2 часа');
    expect(notice).toContain('раз в 21 секунду');
    expect(notice).not.toMatch(/nodeBudget\./);
    expect(screen.getByTestId('wallet-energy').textContent).toMatch(/^≈ 128\s000, прочитано /);
    act(() => useAppStore.setState({ wallets: { wallets: [wallet({ energy })], suggestions: [], budget: minutes } }));
    expect(screen.getByTestId('node-budget-short').textContent).toContain('раз в 22 минуты');
  });
});
