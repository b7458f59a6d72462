import { afterEach, describe, expect, it } from 'vitest';
import { openApp, useBuiltDashboard } from '../support/e2e-app.ts';
import { FakeApproval } from '../support/fake-approval.ts';
import { listOrders } from '../support/fake-desktop.ts';
import { savedAccount, type SavedAccount } from '../support/ux-fixtures.ts';
import { DEMO_ADDRESS } from '../../src/core/app/app-service.ts';
import type { RequestEvent } from '../../src/core/api/client.ts';

const PAID = ['buy_energy', 'buy_net', 'buy_fast_recover', 'active_account', 'reclaim_energy'];

describe('issue 16 flows in headless Chromium over the real handlers', () => {
  const dashboard = useBuiltDashboard();
  let account: SavedAccount | undefined;
  afterEach(async () => {
    await account?.close();
    account = undefined;
  });

  it('a count typo shows the large-order warning; Cancel sends nothing; a confirmed order resets the form', async () => {
    const requests: RequestEvent[] = [];
    const { app, ui, pageErrors } = await openApp(dashboard.browser(), dashboard.url(), { deps: { approval: new FakeApproval(false), onApiRequest: (e) => requests.push(e) } });
    const { page } = ui;
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await expect.poll(() => page.getByTestId('balance-trx').textContent(), { timeout: 10_000 }).toBe('500.00 TRX');
    await page.getByRole('tab', { name: 'Buy' }).click();
    const form = page.getByRole('form', { name: 'Rent energy or bandwidth' });
    const count = form.getByLabel('Energy');
    await count.fill('');
    await count.pressSequentially('6500000');
    expect(await count.inputValue()).toBe('6,500,000');
    await form.getByLabel('Receiving address').fill(DEMO_ADDRESS);
    await expect.poll(() => form.getByTestId('quote').textContent(), { timeout: 5000 }).toContain('325.00 TRX');
    await form.getByRole('button', { name: 'Buy', exact: true }).click();
    const dialog = form.getByRole('dialog', { name: 'Check before you buy' });
    expect(await dialog.getByTestId('large-order').textContent()).toBe('Large order: 325.00 TRX is 65 % of your balance (500.00 TRX). Check the amount before you buy.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await form.getByRole('dialog').count()).toBe(0);
    expect(requests.filter((r) => PAID.includes(r.endpoint))).toEqual([]);
    expect(app.approval.requests).toEqual([]);
    expect(listOrders(app.service)).toEqual([]);

    // The intended 65,000, confirmed here and approved by main: placed, and the form starts over.
    await count.fill('65k');
    await form.getByRole('button', { name: 'Buy', exact: true }).click();
    app.approval.approveNext();
    await dialog.getByRole('button', { name: 'Buy for 3.25 TRX' }).click();
    await form.getByText(/Order placed/).waitFor();
    expect(listOrders(app.service)).toHaveLength(1);
    expect(await count.inputValue()).toBe('65,000');
    expect(await form.getByLabel('Receiving address').inputValue()).toBe('');
    expect(pageErrors).toEqual([]);
    await app.service.stop();
    await ui.context.close();
  });

  it('service down at start: a banner, no endless loading; recovery: banner and error gone', async () => {
    account = await savedAccount(0);
    await account.serviceDown();
    const { app, ui } = await openApp(dashboard.browser(), dashboard.url(), { deps: { ...account.deps, timeoutMs: 1000 } });
    const { page } = ui;
    const banner = page.getByTestId('service-banner');
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toContain('The service is not answering');
    expect(await page.getByTestId('balance-updated').textContent()).toBe('No balance yet: the service is not answering.');
    // Retry while still down: the banner stays, no second red box under the balance.
    await banner.getByRole('button', { name: 'Retry now' }).click();
    await banner.getByRole('button', { name: 'Retry now' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(1);

    await account.serviceUp();
    await banner.getByRole('button', { name: 'Retry now' }).click();
    await expect.poll(() => page.getByTestId('balance-trx').textContent(), { timeout: 10_000 }).toBe('500.00 TRX');
    await expect.poll(() => page.getByTestId('service-banner').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByTestId('balance-updated').textContent()).toBe('Updated just now');
    await app.service.stop();
    await ui.context.close();
  });

  it('toasts an order outcome in the app with OS notifications off; Escape closes the preset editor and the order detail', async () => {
    const { app, ui, pageErrors } = await openApp(dashboard.browser(), dashboard.url(), { deps: { approval: new FakeApproval(false) } });
    const { page } = ui;
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await expect.poll(() => page.getByTestId('balance-trx').textContent(), { timeout: 10_000 }).toBe('500.00 TRX');
    app.approval.approveNext();
    await app.service.services.settings.applyPatch({ notificationsEnabled: false });

    app.approval.approveNext();
    await page.getByTestId('preset-row').first().getByRole('button', { name: 'Run' }).click();
    await page.getByTestId('in-progress-row').first().getByTestId('elapsed').waitFor();
    const toast = page.getByTestId('toast').first();
    await toast.waitFor({ timeout: 20_000 });
    expect(await toast.textContent()).toContain('65,000 energy → TPEo');
    expect(await toast.textContent()).toContain('succeeded (3.25 TRX)');
    expect(app.notifications).toEqual([]);
    expect(await page.getByTestId('recent-outcomes').textContent()).toMatch(/active until .* left/);

    await page.getByRole('button', { name: /^Edit / }).first().click();
    await page.getByRole('form', { name: /^Edit / }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('form', { name: /^Edit / }).count()).toBe(0);
    // Focus goes back to the Edit button that opened it (in the next frame).
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('aria-label') ?? ''))
      .toMatch(/^Edit /);

    await toast.getByRole('button', { name: 'Show' }).click();
    await page.getByRole('button', { name: 'Back to orders' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('order-row').first().waitFor();
    expect(await page.getByRole('button', { name: 'Back to orders' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await app.service.stop();
    await ui.context.close();
  });
});
