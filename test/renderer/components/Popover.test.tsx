import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Popover } from '../../../src/renderer/src/components/Popover.tsx';
import { ensureLanguage } from '../../../src/renderer/src/catalogues.ts';
import { useAppStore } from '../../../src/renderer/src/state/app-store.ts';
import type { WalletView } from '../../../src/shared/ipc.ts';
import { baseState, installFakeBridge, ok, order, settings, wallet } from '../fake-bridge.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

/** Payroll is low with a quoted top-up; Shop covers its next 3 transfers. */
const payroll = wallet({ offer: { transfers: 2, option: 'timed', orderEnergy: '116170', costSun: '5856812', burnSun: '11617000', basisAt: 2_000 } });
const shop = wallet({
  id: 'w2',
  label: 'Shop',
  address: 'TWkKMjfW9fE8dYYg9tdqD9ba7vGdDd7G6C',
  topUpTransfers: 3,
  energy: { limit: '200000', used: '0', available: '200000' },
  covered: { planned: '3', toHolders: '3', toNewAddresses: '1' },
  low: false,
});

function show(wallets: WalletView[], overrides: Parameters<typeof installFakeBridge>[0] = {}) {
  const bridge = installFakeBridge(overrides);
  useAppStore.setState({ state: baseState({ mode: 'demo' }), settings, wallets: { wallets, suggestions: [] } });
  render(<Popover />);
  return bridge;
}

const rows = () => screen.getAllByTestId('popover-wallet');

describe('the popover', () => {
  it('shows one dense row per wallet: status, label, transfers in words, the gauge and "Top up N · ≈ X TRX"', () => {
    show([payroll, shop]);
    const [low, ready] = rows();
    expect(low?.dataset['status']).toBe('low');
    expect(within(low!).getByTestId('popover-transfers').textContent).toBe('0 transfers');
    expect(within(ready!).getByTestId('popover-transfers').textContent).toBe('3 transfers');
    const gauge = within(low!).getByRole('meter', { name: 'Energy of Payroll' });
    expect(gauge.getAttribute('aria-valuetext')).toBe('12,400 of the 128,570 energy 2 transfers need');
    expect(within(ready!).getByRole('meter').dataset['level']).toBe('ok');
    const topUp = within(low!).getByRole('button', { name: 'Top up 2 · ≈ 5.86 TRX for Payroll' });
    expect(topUp.textContent).toBe('Top up 2 · ≈ 5.86 TRX');
    expect(topUp.title).toBe('5.856812 TRX');
    expect(within(ready!).getByTestId('popover-state').textContent).toBe('Covered');
    expect(screen.getByTestId('balance-trx').textContent).toBe('1,234.57 TRX');
    expect(screen.getByRole('button', { name: 'Open dashboard' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  it('speaks Russian plurals from the catalogue, never a raw key', async () => {
    installFakeBridge();
    // As loadDashboard does before it writes main's settings: the Russian catalogue is a chunk of its own.
    await ensureLanguage('ru');
    const wallets = [payroll, wallet({ ...shop, covered: { planned: '2', toHolders: '2', toNewAddresses: '1' } })];
    useAppStore.setState({ state: baseState({ mode: 'demo' }), settings: { ...settings, resolvedLanguage: 'ru' }, wallets: { wallets, suggestions: [] } });
    render(<Popover />);
    expect(rows().map((r) => within(r).getByTestId('popover-transfers').textContent)).toEqual(['0 переводов', '2 перевода']);
    expect(document.body.textContent).not.toMatch(/popover\.|wallets\.transfers/);
  });

  it('Top up opens the same confirmation as the dashboard, then asks main with the price shown', async () => {
    const bridge = show([payroll, shop], { buyTopUp: async () => ok(order({ localId: 'o9', count: 116_170 })) });
    const user = userEvent.setup();
    await user.click(within(rows()[0]!).getByRole('button', { name: /for Payroll$/ }));
    const confirm = screen.getByRole('dialog', { name: 'Check before you buy' });
    expect(within(confirm).getByTestId('confirm-count').textContent).toBe('116,170 energy');
    expect(within(confirm).getByTestId('confirm-cost').textContent).toBe('≈ 5.86 TRX');
    expect(confirm.textContent).toContain(payroll.address.slice(0, 4));
    await user.click(within(confirm).getByRole('button', { name: 'Top up for 5.86 TRX' }));
    expect(await screen.findByText(/Order placed/)).toBeTruthy();
    expect(bridge.callsOf('buyTopUp')).toEqual([{ walletId: 'w1', transfers: 2, option: 'timed', maxSun: '5856812' }]);
  });

  it('says "Energy arriving" and offers no Top up while a finished order’s energy is on its way', () => {
    show([wallet({ offer: null, arrival: { localId: 'o7', orderSn: 'EN1', finishedAt: 1_000, waiting: true } })]);
    expect(rows()[0]?.dataset['status']).toBe('arriving');
    expect(within(rows()[0]!).getByTestId('popover-state').textContent).toBe('Energy arriving');
    expect(within(rows()[0]!).queryByRole('button', { name: /^Top up/ })).toBeNull();
  });

  it('arrow keys move between rows, Enter acts, Escape closes the confirmation first and then hides the popover', async () => {
    const bridge = show([payroll, shop]);
    const user = userEvent.setup();
    within(rows()[0]!).getByRole('button', { name: /for Payroll$/ }).focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(rows()[1]!).getByRole('button', { name: 'Details of Shop' }));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Top up 2 · ≈ 5.86 TRX');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Check before you buy' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bridge.callsOf('hidePopover')).toEqual([]);
    await user.keyboard('{Escape}');
    expect(bridge.callsOf('hidePopover')).toEqual([{}]);
  });

  it('Pause asks main (which asks the person) and the footer then offers Resume', async () => {
    const bridge = show([payroll]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(bridge.callsOf('setPollingPaused')).toEqual([{ paused: true }]);
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(screen.getByText(/Polling paused/)).toBeTruthy();
  });
});
