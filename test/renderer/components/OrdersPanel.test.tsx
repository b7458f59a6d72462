import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrdersPanel } from '../../../src/renderer/src/components/OrdersPanel.tsx';
import { useAppStore } from '../../../src/renderer/src/state/app-store.ts';
import { subscribeToMain } from '../../../src/renderer/src/state/events.ts';
import { baseState, installFakeBridge, ok, order } from '../fake-bridge.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

const orders = [
  order({ localId: 'a', state: 'succeeded', reclaimable: true, txIds: ['ab'.repeat(32)], createdAt: 3 }),
  order({ localId: 'b', state: 'failed', createdAt: 2, error: 'The service reported: failed' }),
  order({ localId: 'c', state: 'outcome_unknown', chargedSun: null, createdAt: 1 }),
];

describe('orders panel', () => {
  it('shows an empty state', () => {
    installFakeBridge();
    render(<OrdersPanel />);
    expect(screen.getByText(/No orders yet/)).toBeTruthy();
  });

  it('lists orders with status chips and filters them', async () => {
    installFakeBridge();
    useAppStore.setState({ orders });
    const user = userEvent.setup();
    render(<OrdersPanel />);
    expect(screen.getAllByTestId('order-row')).toHaveLength(3);
    expect(screen.getByText('Outcome unknown — check the service console')).toBeTruthy();
    expect(screen.getByText('≈ 3.25 TRX')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Failed' }));
    expect(screen.getAllByTestId('order-row')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Needs a look' }));
    expect(within(screen.getByTestId('order-row')).getByText(/Outcome unknown/)).toBeTruthy();
  });

  it('reclaims a finished timed order', async () => {
    const bridge = installFakeBridge();
    useAppStore.setState({ orders });
    const user = userEvent.setup();
    render(<OrdersPanel />);
    await user.click(screen.getByRole('button', { name: /^Reclaim/ }));
    expect(bridge.callsOf('reclaim')).toEqual([{ localId: 'a' }]);
  });

  it('shows the detail with sub-orders and opens tx links through main', async () => {
    const tx = 'cd'.repeat(32);
    const bridge = installFakeBridge({
      getOrderDetail: async () =>
        ok({ order: orders[0]!, subOrders: [{ fromAddress: 'TFromAddressxxxxxxxxxxxxxxxxxxxxxx', txId: tx, count: 65000 }], serverStatus: 'success' }),
    });
    useAppStore.setState({ orders });
    const user = userEvent.setup();
    render(<OrdersPanel />);
    await user.click(screen.getAllByRole('button', { name: /65,000 energy/ })[0]!);
    const table = await screen.findByRole('table', { name: 'Delegations' });
    expect(within(table).getByText('65,000')).toBeTruthy();
    await user.click(within(table).getByRole('link'));
    expect(bridge.callsOf('openExternal')).toEqual([{ url: `https://tronscan.org/#/transaction/${tx}` }]);
  });
});

describe('orders panel and the store', () => {
  it('re-renders for an order update but not for a balance update (it selects only the orders)', () => {
    const bridge = installFakeBridge();
    useAppStore.setState({ orders, state: baseState() });
    const off = subscribeToMain();
    let renders = 0;
    render(
      <Profiler id="orders" onRender={() => void renders++}>
        <OrdersPanel />
      </Profiler>,
    );
    const afterMount = renders;
    act(() => bridge.emit('app:balance', { ...baseState().balance!, trxSun: '1' }));
    expect(useAppStore.getState().state?.balance?.trxSun).toBe('1');
    expect(renders).toBe(afterMount);
    act(() => bridge.emit('app:order-updated', { ...orders[0]!, state: 'failed', updatedAt: 9 }));
    expect(renders).toBeGreaterThan(afterMount);
    off();
  });
});
