import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../../../src/renderer/src/App.tsx';
import { useAppStore } from '../../../../src/renderer/src/state/app-store.ts';
import { installFakeBridge, ok, savings, settings, wallet } from '../../fake-bridge.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

describe('wallets and savings on the Overview', () => {
  it('loads the watched wallets and this month\'s savings, and follows what main pushes', async () => {
    const bridge = installFakeBridge({ listWallets: async () => ok({ wallets: [wallet()], suggestions: [] }) });
    render(<App />);
    const card = await screen.findByRole('region', { name: 'Wallet Payroll' });
    expect(within(card).getByTestId('wallet-energy').textContent).toBe('12,400');
    expect(within(card).queryByRole('button', { name: 'Edit Payroll' })).toBeNull(); // editing is on the Wallets tab
    expect(screen.getByTestId('savings').textContent).toMatch(/^Saved 3\.25 TRX this month: 1 energy order in \w+ cost 3\.25 TRX; burning TRX for the same energy would have cost 6\.50 TRX\.$/);

    act(() => bridge.emit('app:wallets', { wallets: [wallet({ energy: { limit: '268570', used: '140000', available: '128570' }, covered: { planned: '2', toHolders: '2', toNewAddresses: '0' }, low: false })], suggestions: [] }));
    expect(within(screen.getByRole('region', { name: 'Wallet Payroll' })).getByTestId('wallet-energy').textContent).toBe('128,570');
    act(() => bridge.emit('app:savings', { ...savings, savedSun: '-1', spentSun: '6500001', orders: 2, uncounted: 1 }));
    expect(screen.getByTestId('savings').textContent).toMatch(/^Renting cost <\u00a00\.01 TRX more than burning this month: 2 energy orders in \S+ cost 6\.500001 TRX; burning TRX for the same energy would have cost 6\.50 TRX/);
    expect(screen.getByText(/1 order is not counted/)).toBeTruthy();
  });

  it('speaks the language main resolved: a wallet and the savings in Russian, with Russian plural forms and numbers', async () => {
    installFakeBridge({
      listWallets: async () => ok({ wallets: [wallet({ covered: { planned: '2', toHolders: '2', toNewAddresses: '5' } })], suggestions: [] }),
      getSettings: async () => ok({ ...settings, resolvedLanguage: 'ru' }),
      getSavings: async () => ok({ ...savings, orders: 5 }),
    });
    render(<App />);
    const card = await screen.findByRole('region', { name: 'Кошелёк Payroll' });
    expect(within(card).getByTestId('wallet-energy').textContent?.replace(/\s/g, ' ')).toBe('12 400');
    expect(within(card).getByTestId('wallet-covered').textContent).toBe('2 перевода по плану · 2 перевода держателям USDT, 5 на новые адреса');
    expect(within(card).getByRole('button', { name: 'Пополнить' })).toBeTruthy();
    expect(screen.getByTestId('savings').textContent?.replace(/\s/g, ' ')).toMatch(/^Сэкономлено в этом месяце: 3,25 TRX: 5 заказов энергии за \S+ стоили 3,25 TRX;/);
    expect(screen.getByTestId('savings').querySelector('strong')?.textContent?.replace(/\s/g, ' ')).toBe('3,25 TRX');
  });

  it('points to the Wallets tab when no wallet is watched', async () => {
    installFakeBridge();
    const user = userEvent.setup();
    render(<App />);
    await user.click(await screen.findByRole('button', { name: 'Watch a wallet' }));
    expect(screen.getByRole('heading', { name: 'Watched wallets' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Wallets' }).getAttribute('aria-selected')).toBe('true');
  });
});
