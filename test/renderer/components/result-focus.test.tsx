import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IpcResult, OrderView } from '../../../src/shared/ipc.ts';
import { BuyPanel } from '../../../src/renderer/src/components/BuyPanel.tsx';
import { useAppStore } from '../../../src/renderer/src/state/app-store.ts';
import { baseState, failed, installFakeBridge, ok, order, VALID_ADDRESS } from '../fake-bridge.ts';
import { msg } from '../../../src/shared/i18n/message.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState({ ...initial, state: baseState() }, true));
afterEach(cleanup);

const quote = { quoteTimed: async (r: { count: number }) => ok({ amountSun: String(r.count * 50), feeSun: '0', unitPriceSun: '50', remark: '' }) };

async function confirmBuy(answer: Promise<IpcResult<OrderView>>) {
  installFakeBridge({ ...quote, buyTimed: () => answer } as never);
  const user = userEvent.setup();
  render(<BuyPanel />);
  const form = screen.getByRole('form', { name: 'Rent energy or bandwidth' });
  await user.type(within(form).getByLabelText('Receiving address'), VALID_ADDRESS);
  const buy = within(form).getByRole('button', { name: 'Buy' }) as HTMLButtonElement;
  await waitFor(() => expect(buy.disabled).toBe(false));
  await user.click(buy);
  await user.click(within(form).getByRole('button', { name: /^Buy for/ }));
  return form;
}

describe('after an action, focus lands on its result line', () => {
  it('Buy: focus is on the result line while main asks and the service answers, and stays there for the placed order', async () => {
    let answer!: (r: IpcResult<OrderView>) => void;
    const form = await confirmBuy(new Promise((resolve) => (answer = resolve)));
    const line = within(form).getByTestId('result-line');
    expect(document.activeElement).toBe(line);
    expect(line.textContent).toContain('Waiting for your approval');
    await act(async () => answer(ok(order({ orderSn: 'EN1732200000000042' }))));
    expect(line.textContent).toContain('Order placed (EN1732200000000042).');
    expect(document.activeElement).toBe(line);
  });

  it('Buy refused (not approved): focus is on the line that says so', async () => {
    const form = await confirmBuy(Promise.resolve(failed('not_approved', msg('errors:app.notApprovedSent'))));
    const line = within(form).getByTestId('result-line');
    await waitFor(() => expect(within(line).getByRole('alert').textContent).toContain('Not approved'));
    expect(document.activeElement).toBe(line);
    expect(document.activeElement).not.toBe(document.body);
  });
});
