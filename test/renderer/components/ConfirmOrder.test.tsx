import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BuyPanel } from '../../../src/renderer/src/components/BuyPanel.tsx';
import { useAppStore } from '../../../src/renderer/src/state/app-store.ts';
import { baseState, installFakeBridge, ok, order, VALID_ADDRESS } from '../fake-bridge.ts';

const initial = useAppStore.getState();
// 500 TRX, as in the review; quotes at the simulator's 50 SUN per energy.
beforeEach(() => useAppStore.setState({ ...initial, state: baseState({ balance: { trxSun: '500000000', usdtMicros: '0', updatedAt: Date.now(), stale: false, low: false } }) }, true));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const perEnergy = { quoteTimed: async (r: { count: number }) => ok({ amountSun: String(r.count * 50), feeSun: '0', unitPriceSun: '50', remark: '' }) };

async function fillTimed(user: ReturnType<typeof userEvent.setup>, count: string) {
  const form = screen.getByRole('form', { name: 'Rent energy or bandwidth' });
  const field = within(form).getByLabelText('Energy');
  await user.clear(field);
  await user.type(field, count);
  await user.type(within(form).getByLabelText('Receiving address'), VALID_ADDRESS);
  const buy = within(form).getByRole('button', { name: 'Buy' }) as HTMLButtonElement;
  await waitFor(() => expect(buy.disabled).toBe(false));
  return { form, buy, field: field as HTMLInputElement };
}

describe('the confirmation before money moves', () => {
  it('a typo of 6500000 for 65000 shows the large-order warning in words, with the count grouped and the address in full', async () => {
    const bridge = installFakeBridge(perEnergy as never);
    const user = userEvent.setup();
    render(<BuyPanel />);
    const { form, buy, field } = await fillTimed(user, '6500000');
    expect(field.value).toBe('6,500,000');
    await user.click(buy);
    const dialog = within(form).getByRole('dialog', { name: 'Check before you buy' });
    expect(within(dialog).getByTestId('large-order').textContent).toBe('Large order: 325.00 TRX is 65 % of your balance (500.00 TRX). Check the amount before you buy.');
    expect(within(dialog).getByTestId('confirm-count').textContent).toBe('6,500,000 energy');
    expect(within(dialog).getByTestId('address-full').getAttribute('aria-label')).toBe(VALID_ADDRESS);
    // A large order starts on Cancel, so Enter does not buy it.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bridge.callsOf('buyTimed')).toEqual([]);
  });

  it('an ordinary order has no warning; "65k" means 65,000', async () => {
    installFakeBridge(perEnergy as never);
    const user = userEvent.setup();
    render(<BuyPanel />);
    const { form, buy } = await fillTimed(user, '65k');
    expect(within(form).getByText(/= 65,000/)).toBeTruthy();
    await user.click(buy);
    const dialog = within(form).getByRole('dialog', { name: 'Check before you buy' });
    expect(within(dialog).queryByTestId('large-order')).toBeNull();
    expect(within(dialog).getByTestId('confirm-count').textContent).toBe('65,000 energy');
  });

  it('Cancel (and Escape) sends nothing and puts focus back on Buy', async () => {
    // Fake timers that also follow real time (so waitFor polls): the quiet period after Escape is jumped, not slept.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bridge = installFakeBridge(perEnergy as never);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<BuyPanel />);
    const { form, buy } = await fillTimed(user, '6500000');
    await user.click(buy);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(form).queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(buy));
    await user.click(buy);
    await user.keyboard('{Escape}');
    expect(within(form).queryByRole('dialog')).toBeNull();
    // Whatever a timer could still send (a debounce, a deferred submit) has had a virtual second to do it.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(bridge.callsOf('buyTimed')).toEqual([]);
  });

  it('after an order is placed the form starts over: default count, no address, Buy disabled with a reason', async () => {
    const bridge = installFakeBridge({ ...perEnergy, buyTimed: async () => ok(order({ localId: 'placed', count: 70_000 })) } as never);
    const user = userEvent.setup();
    render(<BuyPanel />);
    const { form, buy, field } = await fillTimed(user, '70000');
    await user.click(buy);
    await user.click(within(form).getByRole('button', { name: 'Buy for 3.50 TRX' }));
    expect(await within(form).findByText(/Order placed/)).toBeTruthy();
    expect(bridge.callsOf('buyTimed')).toEqual([{ type: 'energy', address: VALID_ADDRESS, count: 70_000, period: '1h' }]);
    expect(field.value).toBe('65,000');
    expect((within(form).getByLabelText('Receiving address') as HTMLInputElement).value).toBe('');
    expect(buy.disabled).toBe(true);
    expect(within(form).getByText('Enter the receiving address.')).toBeTruthy();
  });
});

describe('renting that is not cheaper than burning', () => {
  // A price spike: 150 SUN per energy, while burning costs 100 (the chain's energy fee).
  const spiked = { quoteTimed: async (r: { count: number }) => ok({ amountSun: String(r.count * 150), feeSun: '0', unitPriceSun: '150', remark: '', burnSun: String(r.count * 100) }) };

  it('is said in the confirmation with both figures, starts on Cancel, and can still be bought', async () => {
    const bridge = installFakeBridge({ ...spiked, buyTimed: async () => ok(order({ localId: 'placed' })) } as never);
    const user = userEvent.setup();
    render(<BuyPanel />);
    const { form, buy } = await fillTimed(user, '65000');
    await user.click(buy);
    const dialog = within(form).getByRole('dialog', { name: 'Check before you buy' });
    expect(within(dialog).getByTestId('not-cheaper').textContent).toBe(
      'Not cheaper than burning: renting this energy costs 9.75 TRX; burning TRX for it would cost 6.50 TRX. You can still buy it.',
    );
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Buy for 9.75 TRX' }));
    expect(await within(form).findByText(/Order placed/)).toBeTruthy();
    expect(bridge.callsOf('buyTimed')).toEqual([{ type: 'energy', address: VALID_ADDRESS, count: 65_000, period: '1h' }]);
  });

  it('says nothing below the burn cost, nor without a burn figure (bandwidth, an unreadable fee)', async () => {
    installFakeBridge({ quoteTimed: async (r: { count: number }) => ok({ amountSun: String(r.count * 50), feeSun: '0', unitPriceSun: '50', remark: '', burnSun: String(r.count * 100) }) } as never);
    const user = userEvent.setup();
    render(<BuyPanel />);
    const { form, buy } = await fillTimed(user, '65000');
    await user.click(buy);
    expect(within(within(form).getByRole('dialog')).queryByTestId('not-cheaper')).toBeNull();
    cleanup();
    installFakeBridge({ quoteTimed: async (r: { count: number }) => ok({ amountSun: String(r.count * 150), feeSun: '0', unitPriceSun: '150', remark: '', burnSun: null }) } as never);
    render(<BuyPanel />);
    const again = await fillTimed(user, '65000');
    await user.click(again.buy);
    expect(within(within(again.form).getByRole('dialog')).queryByTestId('not-cheaper')).toBeNull();
  });
});
