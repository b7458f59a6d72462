import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../src/renderer/src/App.tsx';
import { loadDashboard } from '../../src/renderer/src/state/actions.ts';
import { useAppStore } from '../../src/renderer/src/state/app-store.ts';
import { subscribeToMain } from '../../src/renderer/src/state/events.ts';
import { baseState, failed, installFakeBridge, ok, order } from './fake-bridge.ts';
import { msg } from '../../src/shared/i18n/message.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

describe('App shell', () => {
  it('shows the name, the version from main and the balances', async () => {
    installFakeBridge();
    render(<App />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Energy Tray');
    expect((await screen.findByLabelText('version')).textContent).toBe('v9.9.9');
    expect((await screen.findByTestId('balance-trx')).textContent).toBe('1,234.57 TRX');
    expect(screen.getByTestId('balance-usdt').textContent).toBe('56.78 USDT');
  });

  it('shows a load error from main as an alert', async () => {
    installFakeBridge({ getInfo: async () => failed('internal', msg('errors:unexpected')) });
    render(<App />);
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong inside Energy Tray.');
  });

  it('shows the demo badge in demo mode', async () => {
    installFakeBridge();
    render(<App />);
    expect((await screen.findByText('Demo — no real funds')).getAttribute('role')).toBe('status');
  });

  it('adds an order pushed by main and opens it when a notification is clicked', async () => {
    const bridge = installFakeBridge();
    render(<App />);
    await screen.findByTestId('balance-trx');
    act(() => bridge.emit('app:order-updated', order({ localId: 'pushed', state: 'running' })));
    expect(await screen.findByText('In progress', { selector: '.chip' })).toBeTruthy();
    act(() => bridge.emit('app:open-order', { localId: 'pushed' }));
    expect(await screen.findByRole('button', { name: 'Back to orders' })).toBeTruthy();
    expect(bridge.callsOf('getOrderDetail')).toEqual([{ localId: 'pushed' }]);
  });

  it('updates the balance card from a pushed balance', async () => {
    const bridge = installFakeBridge();
    render(<App />);
    await screen.findByTestId('balance-trx');
    act(() => bridge.emit('app:balance', { trxSun: '5000000', usdtMicros: '0', updatedAt: Date.now(), stale: true, low: true }));
    expect(screen.getByTestId('balance-trx').textContent).toBe('5.00 TRX');
    expect(screen.getByTestId('balance-updated').textContent).toContain('stale');
    expect(screen.getByText(/below your low-balance threshold/)).toBeTruthy();
  });

  it('moves between sections with the tabs', async () => {
    installFakeBridge();
    const user = userEvent.setup();
    render(<App />);
    await screen.findByTestId('balance-trx');
    await user.click(screen.getByRole('tab', { name: 'Prices' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('High frequency')).toBeTruthy();
    expect(within(table).getByText('2.80 TRX')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Prices' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('welcome screen', () => {
  it('offers connect and demo, and the demo switches to the dashboard', async () => {
    const bridge = installFakeBridge({ getState: async () => ok(baseState({ mode: 'welcome', balance: null })) });
    const user = userEvent.setup();
    render(<App />);
    await user.click(await screen.findByRole('button', { name: 'Try the demo' }));
    expect(bridge.callsOf('startDemo')).toHaveLength(1);
    expect(await screen.findByText('Demo — no real funds')).toBeTruthy();
  });

  it('explains the console steps and shows an authentication failure without saving', async () => {
    const bridge = installFakeBridge({
      getState: async () => ok(baseState({ mode: 'welcome', balance: null })),
      connectAccount: async () =>
        failed('authentication', msg('errors:api.serverSaid', { lead: msg('errors:api.authentication', { action: msg('errors:api.action.user_info'), status: '' }), said: 'invalid signature' })),
    });
    const user = userEvent.setup();
    render(<App />);
    expect(await screen.findByText(/allowlist/)).toBeTruthy();
    await user.type(screen.getByLabelText('Service address (base URL)'), 'https://api.example/v2');
    await user.type(screen.getByLabelText('API key'), 'key-1234');
    await user.type(screen.getByLabelText('API secret'), 'wrong-secret');
    await user.click(screen.getByRole('button', { name: 'Verify and save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Authentication failed');
    expect(alert.textContent).toContain('invalid signature');
    expect(bridge.callsOf('connectAccount')).toEqual([{ baseUrl: 'https://api.example/v2', apiKey: 'key-1234', apiSecret: 'wrong-secret' }]);
    expect((screen.getByLabelText('API secret') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Demo — no real funds')).toBeNull();
  });

  it('warns when the keychain is unavailable', async () => {
    installFakeBridge({
      getState: async () =>
        ok(baseState({ mode: 'welcome', balance: null, keychain: { available: false, message: msg('errors:keychain.unavailableLinux') } })),
    });
    render(<App />);
    expect(await screen.findByText(/No Secret Service found/)).toBeTruthy();
  });
});

describe('first load racing pushed events', () => {
  it('keeps an order update pushed while the first load was still on its way', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const bridge = installFakeBridge({
      queryOrders: async ({ offset }) => {
        await gate;
        return ok({ orders: [order({ localId: 'x', state: 'running', updatedAt: 1 }), order({ localId: 'y', state: 'running', updatedAt: 1 })], total: 2, offset });
      },
    });
    const off = subscribeToMain();
    const loading = loadDashboard();
    bridge.emit('app:order-updated', order({ localId: 'x', state: 'succeeded', updatedAt: 2 }));
    release();
    await loading;
    off();
    // x finished meanwhile: it is no longer in progress, whatever the slower answer said.
    expect(useAppStore.getState().activeOrders.map((o) => [o.localId, o.state])).toEqual([['y', 'running']]);
  });
});
