import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrdersPanel } from '../../../src/renderer/src/components/OrdersPanel.tsx';
import { useAppStore } from '../../../src/renderer/src/state/app-store.ts';
import { subscribeToMain } from '../../../src/renderer/src/state/events.ts';
import { baseState, installFakeBridge, ok, order, pageOf } from '../fake-bridge.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

const HOUR = 3_600_000;
const NOW = Date.now();
const orders = [
  order({ localId: 'a', state: 'succeeded', reclaimable: true, txIds: ['ab'.repeat(32)], createdAt: NOW - HOUR, finishedAt: NOW - HOUR + 5_000, period: '1day', orderSn: 'EN100' }),
  order({ localId: 'b', state: 'failed', createdAt: NOW - 2 * HOUR, error: 'The service reported: failed', orderSn: 'EN200' }),
  order({ localId: 'c', state: 'outcome_unknown', chargedSun: null, createdAt: NOW - 3 * HOUR, orderSn: 'EN300' }),
];

describe('orders panel', () => {
  it('shows an empty state', async () => {
    installFakeBridge();
    render(<OrdersPanel />);
    expect(await screen.findByText(/No orders yet/)).toBeTruthy();
  });

  it('asks main for the page of orders before the chart, so the list is not kept waiting for it', async () => {
    const bridge = installFakeBridge({ queryOrders: pageOf(orders) });
    render(<OrdersPanel />);
    await screen.findAllByTestId('order-row');
    await expect.poll(() => bridge.callsOf('spendChart').length).toBe(1);
    const asked = bridge.calls.map((c) => c.method).filter((m) => m === 'queryOrders' || m === 'spendChart');
    expect(asked.slice(0, 2)).toEqual(['queryOrders', 'spendChart']);
  });

  it('lists orders with status chips and filters them', async () => {
    installFakeBridge({ queryOrders: pageOf(orders) });
    const user = userEvent.setup();
    render(<OrdersPanel />);
    expect(await screen.findAllByTestId('order-row')).toHaveLength(3);
    expect(screen.getByText('Outcome unknown — check the service console')).toBeTruthy();
    expect(screen.getByText('≈ 3.25 TRX (charge unknown)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Failed' }));
    await expect.poll(() => screen.getAllByTestId('order-row').length).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Needs a look' }));
    await expect.poll(() => within(screen.getByTestId('order-row')).queryByText(/Outcome unknown/)).toBeTruthy();
  });

  it('reclaims a finished timed order', async () => {
    const bridge = installFakeBridge({ queryOrders: pageOf(orders) });
    const user = userEvent.setup();
    render(<OrdersPanel />);
    await user.click(await screen.findByRole('button', { name: /^Reclaim/ }));
    expect(bridge.callsOf('reclaim')).toEqual([{ localId: 'a' }]);
    // Focus on the line that says what happened, not on <body> (the button is gone).
    expect(screen.queryByRole('button', { name: /^Reclaim/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('result-line'));
    expect(document.activeElement?.textContent).toContain('Reclaim asked');
  });

  it('offers Reclaim only while the delegation lasts', async () => {
    const ended = order({ localId: 'old', state: 'succeeded', reclaimable: true, period: '1h', createdAt: NOW - 26 * HOUR, finishedAt: NOW - 25 * HOUR, orderSn: 'EN900' });
    const lasting = order({ localId: 'new', state: 'succeeded', reclaimable: true, period: '1h', createdAt: NOW - 20 * 60_000, finishedAt: NOW - 19 * 60_000, orderSn: 'EN901' });
    installFakeBridge({ queryOrders: pageOf([ended, lasting]) });
    render(<OrdersPanel />);
    await screen.findAllByTestId('order-row');
    expect(screen.getAllByRole('button', { name: /^Reclaim/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Reclaim resources of EN901']);
  });

  it('shows the detail with sub-orders and opens tx links through main', async () => {
    const tx = 'cd'.repeat(32);
    const bridge = installFakeBridge({
      queryOrders: pageOf(orders),
      getOrderDetail: async () =>
        ok({ order: orders[0]!, subOrders: [{ fromAddress: 'TFromAddressxxxxxxxxxxxxxxxxxxxxxx', txId: tx, count: 65000 }], serverStatus: 'success' }),
    });
    const user = userEvent.setup();
    render(<OrdersPanel />);
    await user.click((await screen.findAllByRole('button', { name: /65,000 energy/ }))[0]!);
    const table = await screen.findByRole('table', { name: 'Delegations' });
    expect(within(table).getByText('65,000')).toBeTruthy();
    await user.click(within(table).getByRole('link'));
    expect(bridge.callsOf('openExternal')).toEqual([{ url: `https://tronscan.org/#/transaction/${tx}` }]);
  });

  it('asks main for a page at a time, filtered, and searches once typing pauses', async () => {
    const many = Array.from({ length: 120 }, (_, i) => order({ localId: `o${i}`, createdAt: NOW - i * 60_000, orderSn: `EN${1000 + i}`, state: 'succeeded' }));
    const bridge = installFakeBridge({ queryOrders: pageOf(many) });
    const user = userEvent.setup();
    render(<OrdersPanel />);
    expect(await screen.findAllByTestId('order-row')).toHaveLength(50);
    expect(screen.getByText('1–50 of 120')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('51–100 of 120')).toBeTruthy();
    expect(bridge.callsOf('queryOrders').at(-1)).toEqual({ offset: 50, limit: 50 });
    expect(screen.queryByTestId('result-count')).toBeNull();
    await user.type(screen.getByLabelText('Search'), 'EN1105');
    expect(await screen.findByText('1–1 of 1')).toBeTruthy();
    // A search says how many it found, above the list, as a status a screen reader hears.
    expect(screen.getByTestId('result-count').textContent).toBe('1 order matches.');
    expect(screen.getByTestId('result-count').getAttribute('role')).toBe('status');
    const searches = bridge.callsOf('queryOrders').filter((q) => (q as { text?: string }).text !== undefined);
    expect(searches).toEqual([{ text: 'EN1105', offset: 0, limit: 50 }]);
    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'EN111');
    expect(await screen.findByText('10 orders match.')).toBeTruthy();
  });

  it('groups orders by day and shows relative times with the absolute time on hover', async () => {
    const yesterday = new Date(NOW);
    yesterday.setDate(yesterday.getDate() - 1);
    installFakeBridge({ queryOrders: pageOf([order({ localId: 'now', createdAt: NOW - 5 * 60_000 }), order({ localId: 'y', createdAt: yesterday.getTime() })]) });
    render(<OrdersPanel />);
    const headers = await screen.findAllByRole('rowheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Today', 'Yesterday']);
    const time = screen.getAllByText(/min ago|h ago|just now/)[0]!.closest('time')!;
    expect(time.textContent).toContain('5 min ago');
    expect(time.getAttribute('title')).toBe(new Date(NOW - 5 * 60_000).toLocaleString());
  });

  it('exports what the filter shows through main, and says where it went', async () => {
    const bridge = installFakeBridge({ queryOrders: pageOf(orders), exportOrders: async () => ok({ saved: true, fileName: 'orders.csv', rows: 1 }) });
    const user = userEvent.setup();
    render(<OrdersPanel />);
    await user.click(screen.getByRole('button', { name: 'Failed' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV…' }));
    expect(await screen.findByText('Saved 1 order to orders.csv.')).toBeTruthy();
    expect(bridge.callsOf('exportOrders')).toEqual([{ filter: { states: ['failed'] } }]);
  });

  it('shows spend totals per period when opened', async () => {
    const bridge = installFakeBridge({
      queryOrders: pageOf(orders),
      orderTotals: async () => ok([{ period: '2025-01-31', orders: 3, spentSun: '6500001', uncertainSun: '0' }]),
    });
    const user = userEvent.setup();
    render(<OrdersPanel />);
    // Above the list, not under 50 rows.
    const totals = screen.getByText('Spend totals');
    expect(totals.compareDocumentPosition((await screen.findAllByTestId('order-row'))[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(totals);
    // Two decimals, the exact amount on hover.
    const spent = await screen.findByText('6.50 TRX');
    expect(spent.getAttribute('title')).toBe('6.500001 TRX');
    await user.click(screen.getByRole('button', { name: 'Per month' }));
    await expect.poll(() => bridge.callsOf('orderTotals').at(-1)).toEqual({ filter: {}, period: 'month' });
  });
});

describe('orders panel and the store', () => {
  it('re-renders for an order update but not for a balance update (it selects only the orders)', async () => {
    const bridge = installFakeBridge({ queryOrders: pageOf(orders) });
    useAppStore.setState({ state: baseState() });
    const off = subscribeToMain();
    let renders = 0;
    render(
      <Profiler id="orders" onRender={() => void renders++}>
        <OrdersPanel />
      </Profiler>,
    );
    await screen.findAllByTestId('order-row');
    const afterMount = renders;
    act(() => bridge.emit('app:balance', { ...baseState().balance!, trxSun: '1' }));
    expect(useAppStore.getState().state?.balance?.trxSun).toBe('1');
    expect(renders).toBe(afterMount);
    act(() => bridge.emit('app:order-updated', { ...orders[0]!, state: 'failed', updatedAt: 9 }));
    expect(renders).toBeGreaterThan(afterMount);
    off();
  });

  it('replaces a pushed order in place and asks again for a new one', async () => {
    const bridge = installFakeBridge({ queryOrders: pageOf(orders) });
    const off = subscribeToMain();
    render(<OrdersPanel />);
    await screen.findAllByTestId('order-row');
    const asked = bridge.callsOf('queryOrders').length;
    act(() => bridge.emit('app:order-updated', { ...orders[2]!, state: 'outcome_unknown', error: 'pushed note', updatedAt: NOW }));
    expect(bridge.callsOf('queryOrders')).toHaveLength(asked);
    act(() => bridge.emit('app:order-updated', order({ localId: 'new', createdAt: NOW })));
    await expect.poll(() => bridge.callsOf('queryOrders').length).toBe(asked + 1);
    off();
  });
});
