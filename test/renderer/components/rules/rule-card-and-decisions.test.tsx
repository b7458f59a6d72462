import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DecisionList } from '../../../../src/renderer/src/components/rules/DecisionList.tsx';
import { collapseDecisions } from '../../../../src/renderer/src/components/rules/decision-text.ts';
import { RulesPanel } from '../../../../src/renderer/src/components/rules/RulesPanel.tsx';
import { useAppStore } from '../../../../src/renderer/src/state/app-store.ts';
import type { DecisionView, RuleView } from '../../../../src/shared/views.ts';
import { installFakeBridge, ok, wallet, WALLET_ADDRESS } from '../../fake-bridge.ts';
import { ruleView } from './rule-fixture.ts';
import { msg } from '../../../../src/shared/i18n/message.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState({ ...initial, wallets: { wallets: [wallet()], suggestions: [] } }, true));
afterEach(cleanup);

const at = (h: number, m: number): number => {
  const d = new Date();
  d.setHours(h, m, 0, 0);
  return d.getTime();
};

const decision = (over: Partial<DecisionView> = {}): DecisionView => ({
  at: at(17, 2),
  ruleId: 'r1',
  ruleName: 'Payroll',
  address: WALLET_ADDRESS,
  kind: 'skip',
  reason: 'enough_energy',
  text: null,
  detail: '140,000 energy covers 2 transfers; the rule keeps 1.',
  orderLocalId: null,
  orderSerial: null,
  option: null,
  period: null,
  count: null,
  quotedSun: null,
  ...over,
});

const buy = decision({
  at: at(17, 48),
  kind: 'buy',
  reason: 'below_keep',
  detail: 'Ordered 65,000 energy for 1 hr, quoted 5.86 TRX: 12,400 energy covers 0 transfers; the rule keeps 1.',
  orderLocalId: '0b7e4c1a-6a52-4d0f-8f0e-2f1c9d3a5b60',
  orderSerial: 'EN17320000000042',
  option: 'timed',
  period: '1h',
  count: 128_570,
  quotedSun: '5860000',
});

const rule = (over: Partial<RuleView> = {}): RuleView =>
  ruleView({
    summary: msg('decisions:summary.on', { today: 1, spent: { sun: '5860000', figure: true }, cap: { sun: '20000000' } }),
    spentTodaySun: '5860000', lastDecision: decision({ at: at(17, 50) }), lastBuy: buy, ...over });

describe('the rule card says what the rule last did and why', () => {
  it('"Last bought 17:48, because …": what, the price and the order number, and the last check', async () => {
    installFakeBridge({ listRules: async () => ok({ rules: [rule()], pausedAll: false, periods: ['1h'] }) });
    render(<RulesPanel />);
    const card = await screen.findByRole('region', { name: 'Auto top-up Keep Payroll ready' });
    expect(within(card).getByTestId('rule-last-action').textContent).toBe(
      'Last bought 5:48 PM, because its energy covered fewer than the 1 transfer the rule keeps: 128,570 energy for 1 hr, ≈ 5.86 TRX (order EN17320000000042).',
    );
    expect(within(card).getByTestId('rule-last-decision').textContent).toBe('Last check 5:50 PM: Skipped — enough energy.');
    expect(card.textContent).not.toContain('0b7e4c1a');
  });

  it('a stopped rule names the order by its number, or says it has none, and links to it', async () => {
    installFakeBridge({
      listRules: async () =>
        ok({ rules: [rule({ state: 'stopped', unknownOrderLocalId: 'c0ffee00-0000-4000-8000-000000000001', unknownOrderSerial: null })], pausedAll: false, periods: ['1h'] }),
    });
    const user = userEvent.setup();
    render(<RulesPanel />);
    const status = within(await screen.findByRole('region', { name: 'Auto top-up Keep Payroll ready' })).getByRole('status');
    expect(status.textContent).toMatch(/^An order for this address has an unknown outcome \(the service never gave it a number\)/);
    expect(status.textContent).not.toContain('c0ffee00');
    await user.click(within(status).getByRole('button', { name: 'Show the order' }));
    expect(useAppStore.getState()).toMatchObject({ tab: 'orders', selectedOrderId: 'c0ffee00-0000-4000-8000-000000000001' });
  });

  it('says so when the rule has not bought yet', async () => {
    installFakeBridge({ listRules: async () => ok({ rules: [rule({ lastBuy: null })], pausedAll: false, periods: ['1h'] }) });
    render(<RulesPanel />);
    expect((await screen.findByTestId('rule-last-action')).textContent).toBe('Has not bought yet.');
  });
});

describe('repeated identical decisions are one line', () => {
  it('folds a run of the same skip into "Skipped ×N since …", never a purchase, and keeps other rules and reasons apart', () => {
    const runs = collapseDecisions([
      decision({ at: at(17, 50) }),
      ...Array.from({ length: 40 }, (_, i) => decision({ at: at(17, 49) - i * 1000 })),
      decision({ at: at(17, 2) }),
      buy,
      decision({ at: at(17, 47), kind: 'buy', reason: 'below_keep', orderLocalId: 'x', orderSerial: 'EN1' }),
      decision({ at: at(17, 1), reason: 'energy_arriving' }),
      decision({ at: at(17, 0), reason: 'energy_arriving', ruleId: 'r2' }),
    ]);
    expect(runs.map((r) => [r.decision.kind, r.decision.reason, r.count])).toEqual([
      ['skip', 'enough_energy', 42],
      ['buy', 'below_keep', 1],
      ['buy', 'below_keep', 1],
      ['skip', 'energy_arriving', 1],
      ['skip', 'energy_arriving', 1],
    ]);
    expect(runs[0]).toMatchObject({ since: at(17, 2), decision: { at: at(17, 50) } });
  });

  it('leaves out the passing "not read yet" of each start, so it does not split a run, but keeps it while it is the latest word', () => {
    const notRead = (minute: number) => decision({ at: at(18, minute), kind: 'paused', reason: 'no_reading' });
    const runs = collapseDecisions([notRead(30), decision({ at: at(18, 20) }), notRead(19), decision({ at: at(18, 10) }), notRead(9), decision({ at: at(17, 2) })]);
    expect(runs.map((r) => [r.decision.reason, r.count])).toEqual([
      ['no_reading', 1],
      ['enough_energy', 3],
    ]);
    expect(runs[1]).toMatchObject({ since: at(17, 2) });
  });

  it('shows the run as one line in the list, with the reason in words', async () => {
    const decisions = [decision({ at: at(17, 50) }), ...Array.from({ length: 41 }, (_, i) => decision({ at: at(17, 49) - i * 60_000 })), buy];
    decisions[decisions.length - 2] = decision({ at: at(17, 2) });
    installFakeBridge({ listDecisions: async () => ok(decisions) });
    render(<DecisionList query={{ limit: 50 }} title="Recent auto top-up decisions" />);
    const items = within(await screen.findByTestId('decisions')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '5:50 PM · Skipped ×42 since 5:02 PM (Payroll): enough energy',
      '5:48 PM · Bought (Payroll): 128,570 energy for 1 hr, ≈ 5.86 TRX · order EN17320000000042',
    ]);
  });
});

describe('the rule form previews the cost', () => {
  it('"≈ 5.86 TRX a buy, ≤ 17.58 TRX a day" for the wallet’s plan, at most the cap, and warns when one buy is over the cap', async () => {
    const bridge = installFakeBridge({
      listRules: async () => ok({ rules: [], pausedAll: false, periods: ['1h', '1day'] }),
      quoteTimed: async () => ok({ amountSun: '5860000', feeSun: '0', unitPriceSun: '45', remark: '' }),
      quoteFastRecover: async () => ok({ amountSun: '7000000', feeSun: '0', unitPriceSun: '54', remark: '' }),
    } as never);
    const user = userEvent.setup();
    render(<RulesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    const form = screen.getByRole('form', { name: 'New auto top-up rule' });
    await user.clear(within(form).getByLabelText('Orders a day at most'));
    await user.type(within(form).getByLabelText('Orders a day at most'), '3');
    expect((await within(form).findByText('≈ 5.86 TRX a buy, ≤ 17.58 TRX a day')).tagName).toBe('STRONG');
    // Two transfers of the wallet's plan (64,285 energy each) from empty.
    expect(bridge.callsOf('quoteTimed').at(-1)).toEqual({ type: 'energy', count: 128_570, period: '1h' });
    // A lower cap bounds the day.
    await user.clear(within(form).getByLabelText('Daily cap (TRX)'));
    await user.type(within(form).getByLabelText('Daily cap (TRX)'), '10');
    expect(await within(form).findByText('≈ 5.86 TRX a buy, ≤ 10.00 TRX a day')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Daily cap (TRX)'));
    await user.type(within(form).getByLabelText('Daily cap (TRX)'), '5');
    expect(await within(form).findByText(/One buy costs more than the daily cap/)).toBeTruthy();
    // "Whichever is cheaper" prices both and shows the cheaper.
    await user.click(within(form).getByLabelText('Whichever is cheaper at that moment'));
    await expect.poll(() => bridge.callsOf('quoteFastRecover').length).toBeGreaterThan(0);
  });
});
