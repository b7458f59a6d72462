import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WalletsPanel } from '../../../../src/renderer/src/components/wallets/WalletsPanel.tsx';
import { useAppStore } from '../../../../src/renderer/src/state/app-store.ts';
import { failed, installFakeBridge, ok, order, topUpQuote, VALID_ADDRESS, wallet, WALLET_ADDRESS } from '../../fake-bridge.ts';
import { msg, sunPair } from '../../../../src/shared/i18n/message.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

const card = (label: string) => screen.getByRole('region', { name: `Wallet ${label}` });

describe('the Wallets tab', () => {
  it('shows what the node said: energy, transfers covered, bandwidth, TRX, when, and energy on its way', () => {
    installFakeBridge();
    useAppStore.setState({
      wallets: {
        wallets: [wallet({ incoming: [{ localId: 'o9', kind: 'energy', count: 116_170, state: 'running' }] })],
        suggestions: [],
      },
    });
    render(<WalletsPanel />);
    const payroll = card('Payroll');
    expect(within(payroll).getByTestId('wallet-energy').textContent).toBe('12,400');
    expect(within(payroll).getByTestId('wallet-covered').textContent).toBe('0 transfers as planned · 0 transfers to USDT holders, 0 to new addresses');
    expect(within(payroll).getByText('250.00 TRX')).toBeTruthy();
    expect(within(payroll).getByTestId('wallet-read').textContent).toMatch(/^Read just now · 64,285 energy a transfer \(to USDT holders\)/);
    expect(within(payroll).getByText(/Not enough energy for one transfer/)).toBeTruthy();
    expect(within(payroll).getByRole('list', { name: 'Energy on its way' }).textContent).toContain('116,170 energy (in progress)');
  });

  it('says when an address is not activated and offers no top-up', () => {
    installFakeBridge();
    useAppStore.setState({ wallets: { wallets: [wallet({ activated: false, energy: null, covered: null, low: false })], suggestions: [] } });
    render(<WalletsPanel />);
    expect(within(card('Payroll')).getByText(/Not activated on the TRON network/)).toBeTruthy();
    expect(within(card('Payroll')).queryByRole('button', { name: 'Top up' })).toBeNull();
  });

  it('adds a wallet: address, label, plan and top-up size go to main; a warning from main is shown', async () => {
    const bridge = installFakeBridge({
      addWallet: async ({ wallet: w }) => ok({ wallets: { wallets: [wallet({ ...w, id: 'new', activated: false })], suggestions: [] }, warning: msg('errors:app.walletNotActivated') }),
    });
    const user = userEvent.setup();
    render(<WalletsPanel />);
    await user.click(screen.getByRole('button', { name: 'Watch a wallet' }));
    const form = screen.getByRole('form', { name: 'Watch a wallet' });
    await user.type(within(form).getByLabelText('Sending address'), ` ${VALID_ADDRESS} `);
    await user.type(within(form).getByLabelText('Label'), 'Shop');
    await user.click(within(form).getByLabelText(/usually new to USDT/));
    const size = within(form).getByLabelText('Tray top-up covers (transfers)');
    await user.clear(size);
    await user.type(size, '3');
    const submit = within(form).getByRole('button', { name: 'Watch this wallet' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    expect(await within(form).findByText(/not activated on the TRON network yet/)).toBeTruthy();
    expect(bridge.callsOf('addWallet')).toEqual([{ wallet: { address: VALID_ADDRESS, label: 'Shop', plan: 'new', exactRecipient: null, topUpTransfers: 3 } }]);
    expect(useAppStore.getState().wallets.wallets.map((w) => w.id)).toEqual(['new']);
  });

  it('offers the demo wallets in the demo, prefilled', async () => {
    const bridge = installFakeBridge();
    useAppStore.setState({ wallets: { wallets: [], suggestions: [{ label: 'Payroll', address: WALLET_ADDRESS }] } });
    const user = userEvent.setup();
    render(<WalletsPanel />);
    await user.click(screen.getByRole('button', { name: /Watch the demo wallet Payroll/ }));
    const form = screen.getByRole('form', { name: 'Watch a wallet' });
    expect((within(form).getByLabelText('Label') as HTMLInputElement).value).toBe('Payroll');
    await user.click(within(form).getByRole('button', { name: 'Watch this wallet' }));
    await waitFor(() => expect(bridge.callsOf('addWallet')).toHaveLength(1));
    expect(bridge.callsOf('addWallet')[0]).toMatchObject({ wallet: { address: WALLET_ADDRESS, label: 'Payroll', plan: 'holder' } });
  });

  it('edits the plan to an exact recipient and removes a wallet', async () => {
    const bridge = installFakeBridge();
    useAppStore.setState({ wallets: { wallets: [wallet()], suggestions: [] } });
    const user = userEvent.setup();
    render(<WalletsPanel />);
    await user.click(screen.getByRole('button', { name: 'Edit Payroll' }));
    const form = screen.getByRole('form', { name: 'Edit Payroll' });
    await user.click(within(form).getByLabelText(/Exact estimate/));
    await user.type(within(form).getByLabelText('Recipient to estimate for'), VALID_ADDRESS);
    const save = within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    await waitFor(() => expect(bridge.callsOf('updateWallet')).toEqual([{ id: 'w1', wallet: { label: 'Payroll', plan: 'exact', exactRecipient: VALID_ADDRESS, topUpTransfers: 2 } }]));
    await user.click(screen.getByRole('button', { name: 'Remove Payroll' }));
    expect(bridge.callsOf('removeWallet')).toEqual([{ id: 'w1' }]);
  });
});

describe('top up what is missing', () => {
  it('quotes both options side by side, marks the cheaper and buys it at the price shown', async () => {
    const bridge = installFakeBridge({ buyTopUp: async () => ok(order({ localId: 'o7', count: 116_170 })) });
    useAppStore.setState({ wallets: { wallets: [wallet()], suggestions: [] } });
    const user = userEvent.setup();
    render(<WalletsPanel />);
    await user.click(within(card('Payroll')).getByRole('button', { name: 'Top up' }));
    const panel = screen.getByRole('region', { name: 'Top up Payroll' });
    expect(await within(panel).findByText(/Missing/)).toBeTruthy();
    expect(panel.textContent).toContain('Missing 116,170 energy (the wallet has 12,400; 64,285 a transfer).');
    expect(panel.textContent).toContain('Burning TRX instead would cost 11.62 TRX.');
    const options = within(panel).getAllByTestId('top-up-option');
    expect(options.map((o) => [o.getAttribute('aria-label'), o.dataset['cheaper']])).toEqual([
      ['Rent for 1 hour', 'true'],
      ['Fast recover (one-time top-up)', 'false'],
    ]);
    expect(options[0]?.textContent).toContain('cheaper');
    await user.click(within(panel).getByRole('button', { name: 'Buy: rent for 1 hour for 5.81 TRX' }));
    // The dashboard's own look first, as for every purchase; nothing is asked of main yet.
    const confirm = within(panel).getByRole('dialog', { name: 'Check before you buy' });
    expect(within(confirm).getByTestId('confirm-count').textContent).toBe('116,170 energy');
    expect(within(confirm).getByTestId('confirm-cost').textContent).toBe('≈ 5.81 TRX');
    expect(bridge.callsOf('buyTopUp')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Top up for 5.81 TRX' }));
    expect(await within(panel).findByText(/Order placed/)).toBeTruthy();
    expect(bridge.callsOf('quoteTopUp')).toEqual([{ walletId: 'w1', transfers: 2 }]);
    expect(bridge.callsOf('buyTopUp')).toEqual([{ walletId: 'w1', transfers: 2, option: 'timed', maxSun: '5808500' }]);
  });

  it('says on an option when renting is not cheaper than burning, and still buys it at the price shown', async () => {
    const spiked = topUpQuote({
      timed: { amountSun: '17425500', feeSun: '0', unitPriceSun: '150', remark: null, burnSun: '11617000' },
      fastRecover: { amountSun: '11617000', feeSun: '0', unitPriceSun: '100', remark: null, burnSun: '11617000' },
      cheaper: 'fast_recover',
    });
    const bridge = installFakeBridge({ quoteTopUp: async () => ok(spiked), buyTopUp: async () => ok(order({ localId: 'o8', count: 116_170 })) });
    useAppStore.setState({ wallets: { wallets: [wallet()], suggestions: [] } });
    const user = userEvent.setup();
    render(<WalletsPanel />);
    await user.click(within(card('Payroll')).getByRole('button', { name: 'Top up' }));
    const panel = screen.getByRole('region', { name: 'Top up Payroll' });
    const options = await within(panel).findAllByTestId('top-up-option');
    // At the burn cost and above it: both said, with the burn figure.
    for (const option of options) expect(within(option).getByRole('alert').textContent).toBe('Not cheaper than burning TRX for this energy (11.62 TRX).');
    await user.click(within(panel).getByRole('button', { name: 'Buy: rent for 1 hour for 17.43 TRX' }));
    // The confirmation says it too, and starts on Cancel.
    const confirm = within(panel).getByRole('dialog', { name: 'Check before you buy' });
    expect(within(confirm).getByTestId('not-cheaper')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.click(within(confirm).getByRole('button', { name: 'Top up for 17.43 TRX' }));
    expect(await within(panel).findByText(/Order placed/)).toBeTruthy();
    expect(bridge.callsOf('buyTopUp')).toEqual([{ walletId: 'w1', transfers: 2, option: 'timed', maxSun: '17425500' }]);
  });

  it('refuses a label with a control character in its own words, sending nothing', async () => {
    const bridge = installFakeBridge();
    const user = userEvent.setup();
    render(<WalletsPanel />);
    await user.click(screen.getByRole('button', { name: 'Watch a wallet' }));
    const form = screen.getByRole('form', { name: 'Watch a wallet' });
    await user.type(within(form).getByLabelText('Sending address'), VALID_ADDRESS);
    await user.click(within(form).getByLabelText('Label'));
    await user.paste('Pay\u202Eroll');
    expect(within(form).getByText(/A name can't hold control characters or text-direction marks \(U\+202E\)/)).toBeTruthy();
    expect((within(form).getByRole('button', { name: 'Watch this wallet' }) as HTMLButtonElement).disabled).toBe(true);
    expect(bridge.callsOf('addWallet')).toEqual([]);
  });

  it('re-quotes for another number of transfers and says when nothing is missing', async () => {
    const bridge = installFakeBridge({
      quoteTopUp: async ({ walletId, transfers }) =>
        ok(topUpQuote({ walletId, transfers, missingEnergy: '0', orderEnergy: '0', burnSun: '0', timed: null, fastRecover: null, cheaper: null })),
    });
    useAppStore.setState({ wallets: { wallets: [wallet()], suggestions: [] } });
    const user = userEvent.setup();
    render(<WalletsPanel />);
    await user.click(within(card('Payroll')).getByRole('button', { name: 'Top up' }));
    const panel = screen.getByRole('region', { name: 'Top up Payroll' });
    const count = within(panel).getByLabelText('Cover this many transfers');
    await user.clear(count);
    await user.type(count, '0');
    expect(await within(panel).findByText('Enter 1 to 100 transfers.')).toBeTruthy();
    await user.clear(count);
    await user.type(count, '1');
    expect(await within(panel).findByText(/Already covered/)).toBeTruthy();
    expect(within(panel).queryAllByTestId('top-up-option')).toEqual([]);
    expect(bridge.callsOf('quoteTopUp').at(-1)).toEqual({ walletId: 'w1', transfers: 1 });
    expect(bridge.callsOf('quoteTopUp').some((r) => (r as { transfers: number }).transfers === 0)).toBe(false);
  });

  it('shows a refusal from main (the price rose) in words', async () => {
    const [now, shown] = sunPair(6_000_000n, 5_808_500n);
    installFakeBridge({ buyTopUp: async () => failed('rejected', msg('errors:app.topUpDearer', { now, shown })) });
    useAppStore.setState({ wallets: { wallets: [wallet()], suggestions: [] } });
    const user = userEvent.setup();
    render(<WalletsPanel />);
    await user.click(within(card('Payroll')).getByRole('button', { name: 'Top up' }));
    const panel = screen.getByRole('region', { name: 'Top up Payroll' });
    await user.click(await within(panel).findByRole('button', { name: /^Buy: rent for 1 hour/ }));
    await user.click(within(panel).getByRole('button', { name: 'Top up for 5.81 TRX' }));
    expect((await within(panel).findByRole('alert')).textContent).toContain('The top-up now costs 6.00 TRX, more than the 5.81 TRX you were shown');
  });

  it('while energy bought for the wallet is arriving there is no Buy and no quote; the reading after it brings a fresh one', async () => {
    const bridge = installFakeBridge({ quoteTopUp: async ({ walletId, transfers }) => ok(topUpQuote({ walletId, transfers, basisAt: 2_000 })) });
    const arriving = { localId: 'o7', orderSn: 'EN20261125A', finishedAt: 1_000, waiting: true };
    useAppStore.setState({ wallets: { wallets: [wallet({ arrival: arriving })], suggestions: [] } });
    const user = userEvent.setup();
    render(<WalletsPanel />);
    await user.click(within(card('Payroll')).getByRole('button', { name: 'Top up' }));
    const panel = screen.getByRole('region', { name: 'Top up Payroll' });
    expect(within(panel).getByTestId('energy-arriving').textContent).toBe(
      'Energy from order EN20261125A is arriving: the offer is read and quoted again once the wallet shows it.',
    );
    expect(within(panel).queryAllByRole('button', { name: /^Buy/ })).toEqual([]);
    expect(bridge.callsOf('quoteTopUp')).toEqual([]);
    act(() => useAppStore.setState({ wallets: { wallets: [wallet({ arrival: { ...arriving, waiting: false } })], suggestions: [] } }));
    const buy = await within(panel).findByRole('button', { name: 'Buy: rent for 1 hour for 5.81 TRX' });
    expect(bridge.callsOf('quoteTopUp')).toHaveLength(1);
    // Within the arrival grace a manual top-up asks first, and starts on Cancel.
    await user.click(buy);
    const confirm = within(panel).getByRole('dialog', { name: 'Check before you buy' });
    expect(within(confirm).getByTestId('arrival-note').textContent).toBe('Energy from order EN20261125A may not show yet; buy again anyway?');
    expect(within(confirm).getByRole('button', { name: 'Buy again anyway for 5.81 TRX' })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Cancel');
  });

  it('a quote made from a reading older than the last finished order for the address is never a live Buy', async () => {
    installFakeBridge({ quoteTopUp: async ({ walletId, transfers }) => ok(topUpQuote({ walletId, transfers, basisAt: 500 })) });
    useAppStore.setState({ wallets: { wallets: [wallet({ arrival: { localId: 'o7', orderSn: null, finishedAt: 1_000, waiting: false } })], suggestions: [] } });
    const user = userEvent.setup();
    render(<WalletsPanel />);
    await user.click(within(card('Payroll')).getByRole('button', { name: 'Top up' }));
    const panel = screen.getByRole('region', { name: 'Top up Payroll' });
    const buy = await within(panel).findByRole('button', { name: 'Buy: rent for 1 hour for 5.81 TRX' });
    expect((buy as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('estimate a transfer', () => {
  it('estimates from a watched wallet to a recipient and shows what is missing and the burn cost', async () => {
    const bridge = installFakeBridge();
    useAppStore.setState({ wallets: { wallets: [wallet()], suggestions: [] } });
    const user = userEvent.setup();
    render(<WalletsPanel />);
    const form = screen.getByRole('form', { name: 'Estimate a USDT transfer' });
    await user.type(within(form).getByLabelText('To'), VALID_ADDRESS);
    await user.type(within(form).getByLabelText('Amount (USDT, optional)'), '250');
    const submit = within(form).getByRole('button', { name: 'Estimate' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    const result = await within(form).findByTestId('estimate');
    expect(result.textContent).toContain('130,285');
    expect(result.textContent).toContain('holds no USDT');
    expect(result.textContent).toContain('117,885 energy');
    expect(result.textContent).toContain('11.79 TRX would be burned');
    expect(bridge.callsOf('estimateTransfer')).toEqual([{ from: WALLET_ADDRESS, to: VALID_ADDRESS, amountUsdt: '250' }]);
  });

  it("shows the dynamic-energy penalty beside the base energy it is added to, as the demo's chain reports it", async () => {
    const penalised = { energy: '64285', energyPenalty: '49622', recipientHoldsUsdt: true, missingEnergy: '51885', energyBurnSun: '5188500' };
    installFakeBridge({
      estimateTransfer: async ({ from, to }) => ({
        ok: true,
        value: {
          from, to, amountMicros: '1', bandwidth: '345', activated: true, availableEnergy: '12400', availableBandwidth: '600',
          trxSun: '250000000', bandwidthBurnSun: '0', energyFeeSun: '100', ...penalised,
        },
      }),
    });
    useAppStore.setState({ wallets: { wallets: [wallet()], suggestions: [] } });
    const user = userEvent.setup();
    render(<WalletsPanel />);
    const form = screen.getByRole('form', { name: 'Estimate a USDT transfer' });
    await user.type(within(form).getByLabelText('To'), VALID_ADDRESS);
    const submit = within(form).getByRole('button', { name: 'Estimate' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    const result = await within(form).findByTestId('estimate');
    expect(result.textContent).toContain('64,285 (14,663 base + 49,622 penalty)');
  });
});
