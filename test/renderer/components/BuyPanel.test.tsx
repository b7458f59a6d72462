import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BuyPanel } from '../../../src/renderer/src/components/BuyPanel.tsx';
import { useAppStore } from '../../../src/renderer/src/state/app-store.ts';
import { failed, installFakeBridge, order, VALID_ADDRESS } from '../fake-bridge.ts';
import { msg } from '../../../src/shared/i18n/message.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Types a valid address into the form and waits until its submit button is enabled. */
async function enterAddressAndWait(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, label: string, button: string) {
  await user.type(within(form).getByLabelText(label), VALID_ADDRESS);
  const submit = within(form).getByRole('button', { name: button }) as HTMLButtonElement;
  await waitFor(() => expect(submit.disabled).toBe(false));
  return submit;
}

/** The dashboard's look before money moves: confirm it (main's approval follows, outside the renderer). */
async function confirmOrder(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  const dialog = await within(form).findByRole('dialog', { name: 'Check before you buy' });
  await user.click(within(dialog).getByRole('button', { name: /for .* TRX$/ }));
}

function timedForm() {
  return screen.getByRole('form', { name: 'Rent energy or bandwidth' });
}

describe('timed buy form', () => {
  it('shows the minimum, refuses a count below it and sends no quote for it', async () => {
    // Fake timers that also follow real time (so findBy polls); the quote's debounce is jumped, not slept through.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bridge = installFakeBridge();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<BuyPanel />);
    const form = timedForm();
    expect(within(form).getByText('Minimum 30,000')).toBeTruthy();
    const count = within(form).getByLabelText('Energy');
    await user.clear(count);
    await user.type(count, '29999');
    expect(await within(form).findByText('At least 30,000.')).toBeTruthy();
    expect((within(form).getByRole('button', { name: 'Buy' }) as HTMLButtonElement).disabled).toBe(true);
    // A full second of virtual time: well past the 350 ms quote debounce.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(bridge.callsOf('quoteTimed').some((r) => (r as { count: number }).count === 29999)).toBe(false);
  });

  it('validates the address as you type', async () => {
    installFakeBridge();
    const user = userEvent.setup();
    render(<BuyPanel />);
    const form = timedForm();
    await user.type(within(form).getByLabelText('Receiving address'), 'TNotAnAddress');
    expect(await within(form).findByText(/Not a valid TRON address/)).toBeTruthy();
  });

  it('quotes the order (debounced) and buys it once', async () => {
    const bridge = installFakeBridge();
    const user = userEvent.setup();
    render(<BuyPanel />);
    const form = timedForm();
    await user.type(within(form).getByLabelText('Receiving address'), VALID_ADDRESS);
    expect(await within(form).findByTestId('quote')).toBeTruthy();
    expect(within(form).getByTestId('quote').textContent).toContain('3.25 TRX');
    const buy = within(form).getByRole('button', { name: 'Buy' }) as HTMLButtonElement;
    await waitFor(() => expect(buy.disabled).toBe(false));
    await user.click(buy);
    expect(bridge.callsOf('buyTimed')).toEqual([]);
    await confirmOrder(user, form);
    expect(await within(form).findByText(/Order placed/)).toBeTruthy();
    expect(bridge.callsOf('buyTimed')).toEqual([{ type: 'energy', address: VALID_ADDRESS, count: 65000, period: '1h' }]);
    expect(bridge.callsOf('quoteTimed').length).toBeLessThanOrEqual(2);
  });

  it('shows an insufficient-balance error in words', async () => {
    installFakeBridge({
      buyTimed: async () =>
        failed('insufficient_balance', msg('errors:api.serverSaid', { lead: msg('errors:api.forbidden', { action: msg('errors:api.action.buy_energy'), status: '' }), said: 'balance not enough' })),
    });
    const user = userEvent.setup();
    render(<BuyPanel />);
    const form = timedForm();
    const buy = await enterAddressAndWait(user, form, 'Receiving address', 'Buy');
    await user.click(buy);
    await confirmOrder(user, form);
    expect((await within(form).findByRole('alert')).textContent).toContain('Not enough balance');
  });

  it('offers bandwidth periods and the bandwidth minimum', async () => {
    installFakeBridge();
    const user = userEvent.setup();
    render(<BuyPanel />);
    const form = timedForm();
    await user.selectOptions(within(form).getByLabelText('Resource'), 'net');
    expect(within(form).getByText('Minimum 100')).toBeTruthy();
    const periods = within(within(form).getByLabelText('Period')).getAllByRole<HTMLOptionElement>('option');
    // The service's period names are sent; the person reads them in words.
    expect(periods.map((o) => o.value)).toEqual(['1day', '3day']);
    expect(periods.map((o) => o.textContent)).toEqual(['1 day', '3 days']);
  });
});

describe('fast recover and activation', () => {
  it('tops up with a quote', async () => {
    const bridge = installFakeBridge();
    const user = userEvent.setup();
    render(<BuyPanel />);
    const form = screen.getByRole('form', { name: 'One-time top-up (fast recover)' });
    const button = await enterAddressAndWait(user, form, 'Receiving address', 'Top up');
    expect((await within(form).findByTestId('quote')).textContent).toContain('3.90 TRX');
    await user.click(button);
    await confirmOrder(user, form);
    expect(bridge.callsOf('buyFastRecover')).toEqual([{ resourceType: 'energy', address: VALID_ADDRESS, count: 65000 }]);
  });

  it('activates an address', async () => {
    const bridge = installFakeBridge();
    const user = userEvent.setup();
    render(<BuyPanel />);
    const form = screen.getByRole('form', { name: 'Activate an address' });
    const button = await enterAddressAndWait(user, form, 'Address to activate', 'Activate');
    await user.click(button);
    expect(bridge.callsOf('activateAddress')).toEqual([{ address: VALID_ADDRESS }]);
    expect(await within(form).findByText(/Order placed/)).toBeTruthy();
  });
});

describe('unknown outcomes', () => {
  it('locks Buy for the same values after an unknown outcome, until a value changes', async () => {
    const bridge = installFakeBridge({
      buyTimed: async () =>
        failed('outcome_unknown', msg('errors:api.outcomeUnknown', { lead: msg('errors:api.network', { action: msg('errors:api.action.buy_energy'), what: msg('errors:api.networkKind.timeout') }) })),
    });
    const user = userEvent.setup();
    render(<BuyPanel />);
    const form = timedForm();
    const buy = await enterAddressAndWait(user, form, 'Receiving address', 'Buy');
    await user.click(buy);
    await confirmOrder(user, form);
    expect((await within(form).findByRole('alert')).textContent).toContain('Outcome unknown');
    expect(within(form).getByText(/last order's outcome is unknown/)).toBeTruthy();
    expect(buy.disabled).toBe(true);
    await user.click(buy);
    expect(bridge.callsOf('buyTimed')).toHaveLength(1);
    const count = within(form).getByLabelText('Energy');
    await user.clear(count);
    await user.type(count, '70000');
    await waitFor(() => expect(buy.disabled).toBe(false));
  });
});

describe('a buy for an address whose energy order just succeeded', () => {
  it('asks "may not show yet; buy again anyway?" and starts on Cancel, within the arrival grace only', async () => {
    installFakeBridge();
    const finished = order({ localId: 'o1', orderSn: 'EN20261125B', address: VALID_ADDRESS, state: 'succeeded', finishedAt: Date.now() - 10_000 });
    useAppStore.setState({ recentOrders: [finished] });
    const user = userEvent.setup();
    render(<BuyPanel />);
    const form = timedForm();
    const submit = await enterAddressAndWait(user, form, 'Receiving address', 'Buy');
    await user.click(submit);
    const dialog = await within(form).findByRole('dialog', { name: 'Check before you buy' });
    expect(within(dialog).getByTestId('arrival-note').textContent).toBe('Energy from order EN20261125B may not show yet; buy again anyway?');
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Older than the grace: no question.
    useAppStore.setState({ recentOrders: [{ ...finished, finishedAt: Date.now() - 5 * 60_000 }] });
    await user.click(submit);
    const again = await within(form).findByRole('dialog', { name: 'Check before you buy' });
    expect(within(again).queryByTestId('arrival-note')).toBeNull();
  });
});
