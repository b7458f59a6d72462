import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RulesPanel } from '../../../../src/renderer/src/components/rules/RulesPanel.tsx';
import { useAppStore } from '../../../../src/renderer/src/state/app-store.ts';
import type { RuleView, RulesView } from '../../../../src/shared/views.ts';
import { installFakeBridge, ok, wallet, WALLET_ADDRESS } from '../../fake-bridge.ts';
import { msg } from '../../../../src/shared/i18n/message.ts';
import { ruleView } from './rule-fixture.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState({ ...initial, wallets: { wallets: [wallet()], suggestions: [] } }, true));
afterEach(cleanup);

const PERIODS = ['1h', '1day', '3day'];
const rule = ruleView;
const view = (rules: RuleView[], pausedAll = false): RulesView => ({ rules, pausedAll, periods: PERIODS });

describe('the auto top-up editor (RulesPanel)', () => {
  it("shows main's problems beside their fields and keeps the form; a saved rule shows its line", async () => {
    const bridge = installFakeBridge({
      listRules: async () => ok(view([])),
      saveRule: async ({ draft }) =>
        draft.dailyCapTrx === 'lots'
          ? ok({ saved: false, problems: [{ field: 'dailyCapTrx', text: msg('errors:ruleDraft.capFormat') }] })
          : ok({ saved: true, rules: view([rule({ name: draft.name })]) }),
    });
    const user = userEvent.setup();
    render(<RulesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    const form = screen.getByRole('form', { name: 'New auto top-up rule' });
    await user.type(within(form).getByLabelText('Name'), 'Keep Payroll ready');
    await user.clear(within(form).getByLabelText('Daily cap (TRX)'));
    await user.type(within(form).getByLabelText('Daily cap (TRX)'), 'lots');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/daily cap in TRX/);
    expect(bridge.calls.filter((c) => c.method === 'saveRule').at(-1)?.request).toMatchObject({ draft: { name: 'Keep Payroll ready', address: WALLET_ADDRESS, keepTransfers: 1, topUpTransfers: 2, maxOrdersPerDay: 4 } });

    await user.clear(within(form).getByLabelText('Daily cap (TRX)'));
    await user.type(within(form).getByLabelText('Daily cap (TRX)'), '20');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    const card = await screen.findByRole('region', { name: 'Auto top-up Keep Payroll ready' });
    expect(within(card).getByTestId('rule-summary').textContent).toBe('Auto top-up on · 1 today · 6.50 / 20.00 TRX');
    expect(screen.queryByRole('form', { name: 'New auto top-up rule' })).toBeNull();
    // The form that had focus is gone: focus is on the line that says it was saved.
    expect(document.activeElement).toBe(screen.getByTestId('result-line'));
    expect(document.activeElement?.textContent).toBe('Saved the rule “Keep Payroll ready”.');
  });

  it('deletes only after confirming, turns a rule off, pauses all, and offers "I have looked" for a stopped rule', async () => {
    const bridge = installFakeBridge({
      listRules: async () =>
        ok(
          view([
            rule({
              state: 'stopped',
              unknownOrderLocalId: '7f3c2a9e-0d4b-4f1e-9a55-3c1d2b0e8f77',
              unknownOrderSerial: 'EN17320000000077',
              summary: msg('decisions:summary.stopped', { today: 1, spent: { sun: '6500000', figure: true }, cap: { sun: '20000000' } }),
            }),
          ]),
        ),
      acknowledgeRule: async () => ok(view([rule()])),
      setRuleEnabled: async ({ enabled }) => ok(view([rule({ state: enabled ? 'on' : 'off', draft: { ...rule().draft, enabled } })])),
      setAutoTopUpsPaused: async ({ paused }) => ok(view([rule({ state: 'paused' })], paused)),
    });
    const user = userEvent.setup();
    render(<RulesPanel />);
    const card = await screen.findByRole('region', { name: 'Auto top-up Keep Payroll ready' });
    // The order by its number, never its internal id.
    expect(within(card).getByRole('status').textContent).toContain('Order EN17320000000077 has an unknown outcome');
    expect(card.textContent).not.toContain('7f3c2a9e');
    await user.click(within(card).getByRole('button', { name: 'I have looked: let it buy again' }));
    expect(bridge.calls.some((c) => c.method === 'acknowledgeRule')).toBe(true);
    expect(within(card).getByTestId('rule-summary').textContent).toMatch(/^Auto top-up on/);

    await user.click(within(card).getByRole('button', { name: 'Delete…' }));
    expect(bridge.calls.some((c) => c.method === 'deleteRule')).toBe(false);
    await user.click(within(card).getByRole('button', { name: 'Keep it' }));
    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    expect(bridge.calls.find((c) => c.method === 'setRuleEnabled')?.request).toEqual({ id: 'r1', enabled: false });

    await user.click(screen.getByRole('button', { name: 'Pause all auto top-ups' }));
    expect(await screen.findByText('All auto top-ups are paused.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resume auto top-ups' })).toBeTruthy();
    // What main pushes (state/events.ts writes it into the store) replaces the list.
    act(() => useAppStore.setState({ rules: view([], false) }));
    expect(screen.queryByRole('region', { name: 'Auto top-up Keep Payroll ready' })).toBeNull();
  });
  it('refuses a name with a text-direction mark in its own words before asking main, and sends the price ceiling as typed', async () => {
    const bridge = installFakeBridge({
      listRules: async () => ok(view([])),
      saveRule: async ({ draft }) =>
        draft.maxSunPerEnergy === '0'
          ? ok({ saved: false, problems: [{ field: 'maxSunPerEnergy', text: msg('errors:ruleDraft.ceiling', { most: 100_000 }) }] })
          : ok({ saved: true, rules: view([rule({ name: draft.name })]) }),
    });
    const user = userEvent.setup();
    render(<RulesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    const form = screen.getByRole('form', { name: 'New auto top-up rule' });
    await user.click(within(form).getByLabelText('Name'));
    await user.paste('Payroll\u202E ready');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      "A name can't hold control characters or text-direction marks (U+202E): Energy Tray shows names in its own dialogs. Type it again without them.",
    );
    expect(bridge.calls.some((c) => c.method === 'saveRule')).toBe(false);

    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Keep Payroll ready');
    expect(within(form).getByText(/Empty: up to the burn price/)).toBeTruthy();
    await user.type(within(form).getByLabelText('Most per energy (SUN, optional)'), '0');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/whole number of SUN per energy/);
    await user.clear(within(form).getByLabelText('Most per energy (SUN, optional)'));
    await user.type(within(form).getByLabelText('Most per energy (SUN, optional)'), '90');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    await screen.findByRole('region', { name: 'Auto top-up Keep Payroll ready' });
    expect(bridge.calls.filter((c) => c.method === 'saveRule').at(-1)?.request).toMatchObject({ draft: { name: 'Keep Payroll ready', maxSunPerEnergy: '90' } });
  });
});
