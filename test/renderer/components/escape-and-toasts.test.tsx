import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../../src/renderer/src/App.tsx';
import { useAppStore } from '../../../src/renderer/src/state/app-store.ts';
import { baseState, installFakeBridge, ok, order } from '../fake-bridge.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

describe('Escape closes the innermost editor or detail', () => {
  it('closes the preset editor and gives focus back to Add preset', async () => {
    installFakeBridge();
    const user = userEvent.setup();
    render(<App />);
    await user.click(await screen.findByRole('button', { name: 'Add preset' }));
    expect(screen.getByRole('form', { name: 'New preset' })).toBeTruthy();
    // Untouched, the new form does not scold.
    expect(screen.queryByText('Give the preset a name.')).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'New preset' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add preset' })));
  });

  it("closes an order's detail and returns to the list", async () => {
    const bridge = installFakeBridge({ queryOrders: async () => ok({ orders: [order({ state: 'succeeded', finishedAt: Date.now() })], total: 1, offset: 0 }) });
    const user = userEvent.setup();
    render(<App />);
    await screen.findByTestId('balance-trx');
    await user.click(screen.getByRole('tab', { name: 'Orders' }));
    await user.click(await within(await screen.findByTestId('order-row')).findByRole('button', { name: /65,000 energy/ }));
    expect(await screen.findByRole('button', { name: 'Back to orders' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Back to orders' })).toBeNull();
    expect(await screen.findByTestId('order-row')).toBeTruthy();
    expect(bridge.callsOf('getOrderDetail')).toHaveLength(1);
  });
});

describe('in-app toasts on order outcomes', () => {
  it('shows one when an order seen under way finishes, with OS notifications off', async () => {
    const bridge = installFakeBridge({ getState: async () => ok(baseState()), getSettings: async () => ok({ ...(await import('../fake-bridge.ts')).settings, notificationsEnabled: false }) });
    render(<App />);
    await screen.findByTestId('balance-trx');
    act(() => bridge.emit('app:order-updated', order({ localId: 't1', state: 'running' })));
    expect(screen.queryByTestId('toast')).toBeNull();
    act(() => bridge.emit('app:order-updated', order({ localId: 't1', state: 'succeeded', finishedAt: Date.now(), updatedAt: Date.now() })));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('65,000 energy → TJRa…RTv8: succeeded (3.25 TRX).');
    // The Overview's recent strip has it too.
    expect(within(screen.getByTestId('recent-outcomes')).getByText(/65,000 energy/)).toBeTruthy();
    expect(useAppStore.getState().settings?.notificationsEnabled).toBe(false);
  });

  it('says nothing for an order it never saw under way (history loading)', async () => {
    const bridge = installFakeBridge();
    render(<App />);
    await screen.findByTestId('balance-trx');
    act(() => bridge.emit('app:order-updated', order({ localId: 'old', state: 'failed' })));
    // Events are handled in order: once a later order's toast is up, one for 'old' would be up too.
    act(() => bridge.emit('app:order-updated', order({ localId: 'seen', count: 70_000, state: 'running' })));
    act(() => bridge.emit('app:order-updated', order({ localId: 'seen', count: 70_000, state: 'succeeded', finishedAt: Date.now(), updatedAt: Date.now() })));
    await screen.findByTestId('toast');
    expect(screen.getAllByTestId('toast').map((t) => t.textContent)).toEqual([expect.stringContaining('70,000 energy')]);
  });
});
