import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shortenAddress } from '../../src/shared/format.ts';
import { DEMO_HOLDERS, DEMO_WALLET_ADDRESSES, DEMO_WALLETS } from '../../src/core/simulator/node/demo-chain.ts';
import { openApp, screenshot, useBuiltDashboard } from '../support/e2e-app.ts';

/**
 * The demo's Payroll wallet pays two USDT transfers to holders, 6 s apart,
 * then stops (so what rises afterwards can only be the top-up). The app's own
 * cadence: the block follower sees each transfer and reads the wallet again.
 */
const DEMO_NODE = {
  wallets: DEMO_WALLETS,
  spending: {
    seed: 7,
    holders: DEMO_HOLDERS,
    plans: [{ from: DEMO_WALLET_ADDRESSES.payroll, everyMs: 6_000, amountMicros: 250_000_000n, newRecipientPercent: 0, limit: 2 }],
  },
};

const energyOf = async (page: Page): Promise<number> => Number(((await page.getByTestId('wallet-energy').first().textContent()) ?? '').replace(/,/g, ''));

describe('wallets end to end: headless Chromium, real handlers, the linked simulators', () => {
  const dashboard = useBuiltDashboard();

  it('demo → watch a wallet → its energy drains → top up for 2 transfers → the order finishes → the energy rises → one notification', async () => {
    const { app, ui, pageErrors } = await openApp(dashboard.browser(), dashboard.url(), { deps: { demoNode: DEMO_NODE } });
    const { page } = ui;
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.getByText('Demo — no real funds').waitFor();

    // Watch the demo's Payroll wallet (checked on the demo's node before it is added).
    await page.getByRole('tab', { name: 'Wallets' }).click();
    await page.getByRole('button', { name: /Watch the demo wallet Payroll/ }).click();
    const form = page.getByRole('form', { name: 'Watch a wallet' });
    await form.getByRole('button', { name: 'Watch this wallet' }).click();
    const card = page.getByRole('region', { name: 'Wallet Payroll' });
    await card.getByTestId('wallet-energy').waitFor();
    const first = await energyOf(page);
    expect(first).toBeGreaterThan(64_285);

    // The wallet pays; its energy drains until it cannot cover one transfer.
    await expect.poll(() => energyOf(page), { timeout: 20_000 }).toBeLessThan(64_285);
    const drained = await energyOf(page);
    expect(drained).toBeLessThan(first);
    await expect.poll(() => card.getByTestId('wallet-covered').textContent()).toMatch(/^0 transfers as planned/);
    expect(app.service.trayModel().icon).toBe('low');

    // Top up for 2 transfers: both options quoted, the cheaper one bought.
    await card.getByRole('button', { name: 'Top up' }).click();
    const panel = page.getByRole('region', { name: 'Top up Payroll' });
    await expect.poll(() => panel.getByLabel('Cover this many transfers').inputValue()).toBe('2');
    const cheaper = panel.locator('[data-testid="top-up-option"][data-cheaper="true"]');
    await cheaper.getByRole('button').waitFor();
    expect(await panel.getByTestId('top-up-option').count()).toBe(2);
    // At the app's own cadence the node's daily budget lasts: no budget notice (the README's picture shows this panel).
    expect(await page.getByTestId('node-budget-short').count()).toBe(0);
    await screenshot(ui, 'wallets-top-up-light');
    await cheaper.getByRole('button').click();
    // The same confirmation as every purchase, then main's approval (the fake desktop approves).
    await panel.getByRole('dialog', { name: 'Check before you buy' }).getByRole('button', { name: /^Top up for / }).click();
    await panel.getByText(/Order placed/).waitFor();

    // The order finishes; the wallet is read at once and the energy shown rises.
    await expect.poll(() => app.notifications.length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => energyOf(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(2 * 64_285);
    await expect.poll(() => card.getByTestId('wallet-covered').textContent()).toMatch(/^2 transfers as planned/);
    expect(app.notifications[0]?.title).toMatch(/order/i);
    expect(app.notifications[0]?.body).toContain(shortenAddress(DEMO_WALLET_ADDRESSES.payroll));
    // Read again since the order and quoted afresh: covered, no Buy left from the old figure.
    await panel.getByText(/Already covered/).waitFor({ timeout: 10_000 });
    expect(await panel.locator('button[data-offer-address]').count()).toBe(0);
    await screenshot(ui, 'wallets-light');

    // The demo's estimate shows the dynamic-energy penalty beside the base energy it is added to.
    const estimate = page.getByRole('form', { name: 'Estimate a USDT transfer' });
    await estimate.getByRole('button', { name: 'From Payroll' }).click();
    await estimate.getByLabel('To').fill(DEMO_HOLDERS[0]!);
    await estimate.getByRole('button', { name: 'Estimate' }).click();
    await expect.poll(() => estimate.getByTestId('estimate').textContent(), { timeout: 10_000 }).toContain('64,285 (14,663 base + 49,622 penalty)');

    // The Overview shows the wallet and what the order saved against burning.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect.poll(() => page.getByTestId('savings').textContent(), { timeout: 10_000 }).toMatch(/^Saved [\d.,]+ TRX this month/);
    await screenshot(ui, 'overview-wallet-light');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(app.notifications).toHaveLength(1);
    expect(pageErrors).toEqual([]);
    await app.service.stop();
    await ui.context.close();
  });
});
