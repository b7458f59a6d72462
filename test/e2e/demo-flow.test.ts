import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, screenshot, useBuiltDashboard } from '../support/e2e-app.ts';
import { seriousViolations } from '../support/axe.ts';
import { DEMO_ADDRESS } from '../../src/core/app/app-service.ts';
import { FakeApproval } from '../support/fake-approval.ts';
import { listOrders } from '../support/fake-desktop.ts';
import type { RequestEvent } from '../../src/core/api/client.ts';

/** Main's approval dialog, scripted: it says no unless a step approves the next question. */
const denyingApproval = (): FakeApproval => new FakeApproval(false);

describe('demo mode end to end: headless Chromium, real handlers, in-process simulator', () => {
  const dashboard = useBuiltDashboard();

  it('connects the demo, runs a preset, sees it finish and the balance drop, reclaims it, edits a preset and changes settings', async () => {
    const { app, ui, pageErrors } = await openApp(dashboard.browser(), dashboard.url(), { deps: { approval: denyingApproval() } });
    const { page } = ui;
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.getByText('Demo — no real funds').waitFor();
    await expect.poll(() => page.getByTestId('balance-trx').textContent(), { timeout: 10_000 }).toBe('500.00 TRX');

    // Run the first default preset: 65,000 energy for 1 hr costs 3.25 TRX in the simulator.
    const first = page.getByTestId('preset-row').first();
    expect(await first.textContent()).toContain('65,000 energy (1 hr)');
    // Run from the dashboard: main asks first, with the cost and the address in full.
    app.approval.approveNext();
    await first.getByRole('button', { name: 'Run' }).click();
    await page.getByRole('status').filter({ hasText: 'Order placed' }).waitFor();
    expect(app.approval.requests[0]).toMatchObject({ kind: 'run_preset', address: DEMO_ADDRESS, costSun: 3_250_000n });
    expect(app.approval.lastText()).toContain('[Buy for 3.25 TRX] [Cancel]');

    await expect.poll(() => app.notifications.length, { timeout: 20_000 }).toBe(1);
    expect(app.notifications[0]?.title).toMatch(/Energy order/);
    expect(app.notifications[0]?.body).toContain('TPEo…wtj');
    await expect.poll(() => page.getByTestId('balance-trx').textContent(), { timeout: 10_000 }).toBe('496.75 TRX');

    // The order list shows it succeeded; reclaim it.
    await page.getByRole('tab', { name: 'Orders' }).click();
    const row = page.getByTestId('order-row').first();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('Succeeded');
    await screenshot(ui, 'orders-light');
    app.approval.approveNext();
    await row.getByRole('button', { name: /^Reclaim resources of/ }).click();
    await expect.poll(() => page.getByTestId('order-row').count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('order-row').first().textContent(), { timeout: 10_000 }).toContain('Reclaim');
    await expect.poll(() => page.getByRole('button', { name: /^Reclaim resources of/ }).count(), { timeout: 5_000 }).toBe(0);
    expect(app.approval.kinds()).toEqual(['run_preset', 'reclaim']);

    // Order detail shows the delegations with tx links to the explorer, opened through main.
    await page.getByRole('button', { name: /65,000 energy/ }).first().click();
    const delegations = page.getByRole('table', { name: 'Delegations' });
    await delegations.waitFor();
    await delegations.getByRole('link').first().click();
    await expect.poll(() => app.opened.length).toBe(1);
    expect(app.opened[0]).toMatch(/^https:\/\/tronscan\.org\/#\/transaction\/[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'Back to orders' }).click();

    // Edit a preset's name: it changes no money, so main asks nothing.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Edit USDT transfer (existing holder)' }).click();
    const editor = page.getByRole('form', { name: 'Edit USDT transfer (existing holder)' });
    await editor.getByLabel('Name').fill('Morning top-up');
    await editor.getByRole('button', { name: 'Save preset' }).click();
    await page.getByText('Morning top-up').waitFor();
    expect(app.service.services.presets.list().map((p) => p.name)).toContain('Morning top-up');
    // Demo presets live only as long as the demo: none of them may reach the settings of a real account.
    const saved = JSON.parse(readFileSync(join(app.userDataDir, 'settings.json'), 'utf8')) as { presets: unknown[] };
    expect(saved.presets).toEqual([]);

    expect(app.approval.requests).toHaveLength(2);
    // Settings: notifications off (main asks first), persisted.
    await page.getByRole('tab', { name: 'Settings' }).click();
    app.approval.approveNext();
    await page.getByLabel(/Notifications when orders finish/).uncheck();
    await expect
      .poll(() => (JSON.parse(readFileSync(join(app.userDataDir, 'settings.json'), 'utf8')) as { notificationsEnabled: boolean }).notificationsEnabled)
      .toBe(false);
    expect(app.approval.requests.at(-1)?.title).toBe('Turn off notifications for orders?');

    expect(pageErrors).toEqual([]);
    await app.service.stop();
    await ui.context.close();
  });

  it('a denied approval sends nothing: no order, no paid request, the form says so', async () => {
    const requests: RequestEvent[] = [];
    const { app, ui, pageErrors } = await openApp(dashboard.browser(), dashboard.url(), { deps: { approval: denyingApproval(), onApiRequest: (e) => requests.push(e) } });
    const { page } = ui;
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await expect.poll(() => page.getByTestId('balance-trx').textContent(), { timeout: 10_000 }).toBe('500.00 TRX');
    await page.getByRole('tab', { name: 'Buy' }).click();
    const form = page.getByRole('form', { name: 'Rent energy or bandwidth' });
    await form.getByLabel('Receiving address').fill(DEMO_ADDRESS);
    await form.getByTestId('quote').waitFor();
    await form.getByRole('button', { name: 'Buy' }).click();
    // The dashboard's own look first (nothing sent yet), then main's approval, which says no here.
    await form.getByRole('dialog', { name: 'Check before you buy' }).getByRole('button', { name: 'Buy for 3.25 TRX' }).click();
    const alert = form.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Not approved — nothing was sent or changed.');
    expect(app.approval.requests).toHaveLength(1);
    expect(app.approval.lastText()).toMatch(/^Buy 65,000 energy for 1 hr\?\n/);
    expect(app.approval.lastText()).toContain(`Address: ${DEMO_ADDRESS}`);
    const paid = requests.filter((r) => ['buy_energy', 'buy_net', 'buy_fast_recover', 'active_account', 'reclaim_energy'].includes(r.endpoint));
    expect(paid).toEqual([]);
    expect(listOrders(app.service)).toEqual([]);
    await page.getByRole('tab', { name: 'Orders' }).click();
    expect(await page.getByTestId('order-row').count()).toBe(0);
    expect((await app.service.services.balance.refresh()).trxSun).toBe('500000000');
    expect(pageErrors).toEqual([]);
    await app.service.stop();
    await ui.context.close();
  });

  it('takes screenshots of the main views in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      // README.md and docs/usage.md show the dashboard at 1280 px.
      const { app, ui } = await openApp(dashboard.browser(), dashboard.url(), { colorScheme, viewport: { width: 1280, height: 800 } });
      const { page } = ui;
      await page.getByRole('button', { name: 'Try the demo' }).click();
      await expect.poll(() => page.getByTestId('balance-trx').textContent(), { timeout: 10_000 }).toBe('500.00 TRX');
      await screenshot(ui, `overview-${colorScheme}`);
      await page.getByRole('tab', { name: 'Wallets' }).click();
      await page.getByRole('button', { name: /Watch the demo wallet Payroll/ }).click();
      await page.getByRole('button', { name: 'Watch this wallet' }).click();
      await page.getByTestId('wallet-energy').waitFor();
      await screenshot(ui, `wallets-${colorScheme}`);
      await page.getByRole('tab', { name: 'Buy' }).click();
      await page.getByTestId('quote').first().waitFor();
      await screenshot(ui, `buy-${colorScheme}`);
      await page.getByRole('tab', { name: 'Prices' }).click();
      await page.getByRole('table').waitFor();
      await screenshot(ui, `prices-${colorScheme}`);
      await page.getByRole('tab', { name: 'Settings' }).click();
      await page.getByRole('heading', { name: 'Preferences' }).waitFor();
      await screenshot(ui, `settings-${colorScheme}`);
      await app.service.stop();
      await ui.context.close();
    }
  });

  it('has no serious accessibility violations (axe-core) in any view', async () => {
    const { app, ui } = await openApp(dashboard.browser(), dashboard.url(), { bypassCSP: true });
    const { page } = ui;
    await page.getByRole('heading', { name: 'Welcome to Energy Tray' }).waitFor();
    const found: Record<string, unknown> = { welcome: await seriousViolations(page) };
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await expect.poll(() => page.getByTestId('balance-trx').textContent(), { timeout: 10_000 }).toBe('500.00 TRX');
    const [payroll] = app.service.services.wallets.list().suggestions;
    await app.service.services.wallets.add({ address: payroll!.address, label: payroll!.label, plan: 'holder', exactRecipient: null, topUpTransfers: 3 });
    await page.getByTestId('wallet-energy').waitFor();
    found['overview'] = await seriousViolations(page);
    for (const tab of ['Wallets', 'Buy', 'Orders', 'Prices', 'Settings']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      if (tab === 'Wallets') {
        await page.getByRole('button', { name: 'Top up' }).click();
        await page.getByText(/Already covered|Missing/).waitFor();
      }
      await page.waitForTimeout(300);
      found[tab] = await seriousViolations(page);
    }
    expect(found).toEqual({ welcome: [], overview: [], Wallets: [], Buy: [], Orders: [], Prices: [], Settings: [] });
    await app.service.stop();
    await ui.context.close();
  });
});
