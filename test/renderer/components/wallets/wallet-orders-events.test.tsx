import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { App } from '../../../../src/renderer/src/App.tsx';
import { useAppStore } from '../../../../src/renderer/src/state/app-store.ts';
import { installFakeBridge, ok, order, pageOf, wallet, WALLET_ADDRESS } from '../../fake-bridge.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

/**
 * The wallet cards and the orders follow the store's events side by side:
 * one order's change (app:order-updated) beside the wallet it is for
 * (app:wallets), and a switch of account (app:orders-reset), after which the
 * orders are asked again and the wallets are what main pushes.
 */
describe('wallet cards and orders under the order store events', () => {
  it('shows a top-up on its way on the wallet and in progress, both updated by single-order pushes, and starts over on a reset', async () => {
    const topUp = order({ localId: 't1', address: WALLET_ADDRESS, count: 116_170, state: 'running' });
    const incoming = [{ localId: 't1', kind: 'energy' as const, count: 116_170, state: 'running' as const }];
    let inProgress = [topUp];
    const bridge = installFakeBridge({
      listWallets: async () => ok({ wallets: [wallet({ incoming })], suggestions: [] }),
      queryOrders: async (q) => pageOf(inProgress)(q),
    });
    render(<App />);
    const card = await screen.findByRole('region', { name: 'Wallet Payroll' });
    expect(within(card).getByRole('list', { name: 'Energy on its way' }).textContent).toContain('116,170 energy (in progress)');
    const progress = screen.getByRole('region', { name: 'In progress' });
    expect(await within(progress).findByText(/116,170 energy/)).toBeTruthy();

    // The order succeeds: main pushes that one order, then the wallet with its new reading.
    inProgress = [];
    act(() => bridge.emit('app:order-updated', { ...topUp, state: 'succeeded' }));
    act(() => bridge.emit('app:wallets', { wallets: [wallet({ incoming: [], energy: { limit: '128570', used: '0', available: '128570' } })], suggestions: [] }));
    expect(within(screen.getByRole('region', { name: 'In progress' })).getByText('Nothing in progress.')).toBeTruthy();
    const updated = screen.getByRole('region', { name: 'Wallet Payroll' });
    expect(within(updated).queryByRole('list', { name: 'Energy on its way' })).toBeNull();
    expect(within(updated).getByTestId('wallet-energy').textContent).toBe('128,570');

    // Another account: the orders are asked again; the wallets are the ones main pushes for it.
    const asked = bridge.callsOf('queryOrders').length;
    inProgress = [order({ localId: 'other', state: 'submitting' })];
    act(() => bridge.emit('app:orders-reset', {}));
    act(() => bridge.emit('app:wallets', { wallets: [], suggestions: [] }));
    await expect.poll(() => bridge.callsOf('queryOrders').length).toBeGreaterThan(asked);
    expect(await within(screen.getByRole('region', { name: 'In progress' })).findByText(/65,000 energy/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Wallet Payroll' })).toBeNull();
  });
});
