import { describe, expect, it } from 'vitest';
import { DEMO_HOLDERS, DEMO_WALLET_ADDRESSES, DEMO_WALLETS } from '../../src/core/simulator/node/demo-chain.ts';
import { openApp, screenshot, useBuiltDashboard } from '../support/e2e-app.ts';

/** The demo's Payroll wallet pays two USDT transfers to holders, 4 s apart, then stops: its energy drains below one transfer. */
const DEMO_NODE = {
  wallets: DEMO_WALLETS,
  spending: {
    seed: 11,
    holders: DEMO_HOLDERS,
    plans: [{ from: DEMO_WALLET_ADDRESSES.payroll, everyMs: 4_000, amountMicros: 250_000_000n, newRecipientPercent: 0, limit: 2 }],
  },
};

describe('auto top-up end to end: headless Chromium, real handlers, the linked simulators', () => {
  const dashboard = useBuiltDashboard();

  it('a rule made in the dashboard (approved in main) buys once when the energy drains, notifies naming the rule, and the tray line counts it', async () => {
    const { app, ui, pageErrors } = await openApp(dashboard.browser(), dashboard.url(), { deps: { demoNode: DEMO_NODE, walletCadence: { idleMs: 1_000 } } });
    const { page } = ui;
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.getByText('Demo — no real funds').waitFor();
    await page.getByRole('tab', { name: 'Wallets' }).click();
    await page.getByRole('button', { name: /Watch the demo wallet Payroll/ }).click();
    await page.getByRole('form', { name: 'Watch a wallet' }).getByRole('button', { name: 'Watch this wallet' }).click();
    await page.getByRole('region', { name: 'Wallet Payroll' }).getByTestId('wallet-energy').waitFor();

    // The rule: keep 1 transfer, buy for 2, 1h rental, 20 TRX and 3 orders a day. Main asks; the scripted person approves.
    await page.getByRole('button', { name: 'Add a rule' }).click();
    const form = page.getByRole('form', { name: 'New auto top-up rule' });
    await form.getByLabel('Name').fill('Keep Payroll ready');
    await form.getByLabel('Daily cap (TRX)').fill('lots');
    await form.getByRole('button', { name: 'Save rule' }).click();
    await expect.poll(() => form.getByRole('alert').first().textContent()).toMatch(/daily cap in TRX/);
    expect(app.approval.kinds()).not.toContain('auto_top_up');
    await form.getByLabel('Daily cap (TRX)').fill('20');
    await form.getByLabel('Orders a day at most').fill('3');
    app.approval.approveNext();
    await form.getByRole('button', { name: 'Save rule' }).click();
    const card = page.getByRole('region', { name: 'Auto top-up Keep Payroll ready' });
    await card.waitFor();
    expect(app.approval.requests.at(-1)).toMatchObject({ kind: 'auto_top_up', address: DEMO_WALLET_ADDRESSES.payroll, amountSun: 20_000_000n });

    // Enough energy for now: nothing bought. Then the wallet pays, its energy drains, and the rule buys: once.
    expect(app.service.services.orders.query({ offset: 0, limit: 10 }).orders).toEqual([]);
    await expect.poll(() => app.service.services.orders.query({ offset: 0, limit: 10 }).orders.length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => app.notifications.map((n) => n.title).join('\n'), { timeout: 20_000 }).toMatch(/^Auto top-up “\u2068Keep Payroll ready\u2069”: Energy order succeeded/m);
    await expect.poll(() => card.getByTestId('rule-summary').textContent(), { timeout: 10_000 }).toMatch(/^Auto top-up on · 1 today · [\d.]+ \/ 20\.00 TRX$/);
    const trayLine = (): string | undefined => {
      const item = app.service.trayModel().menu.find((i) => i.type === 'item' && i.label.startsWith('Keep Payroll ready: '));
      return item && item.type === 'item' ? item.label : undefined;
    };
    expect(trayLine()).toMatch(/^Keep Payroll ready: Auto top-up on · 1 today · [\d.]+ \/ 20\.00 TRX$/);
    await screenshot(ui, 'auto-top-up-light');

    // Why did it buy? The order's detail names the decision.
    const [order] = app.service.services.orders.query({ offset: 0, limit: 10 }).orders;
    expect(order?.ruleId).toBeDefined();
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.getByRole('button', { name: 'Show auto top-up decisions' }).click();
    await expect.poll(() => page.getByTestId('decisions').first().textContent()).toMatch(/Bought \(Keep Payroll ready\): [\d,]+ energy for 1 hr, ≈ [\d.]+ TRX · order EN\d+/);

    // Readings keep arriving: still one order, one notification about it.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(app.service.services.orders.query({ offset: 0, limit: 10 }).orders).toHaveLength(1);
    expect(app.notifications.filter((n) => n.title.startsWith('Auto top-up'))).toHaveLength(1);
    expect(pageErrors).toEqual([]);
    await app.service.stop();
    await ui.context.close();
  }, 90_000);
});
