import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_WALLET_ADDRESSES } from '../../src/core/simulator/node/demo-chain.ts';
import { openApp, useBuiltDashboard } from '../support/e2e-app.ts';
import { finishedByAddress, QUIET_DEMO_NODE } from '../support/ux-popover.ts';
import { summarize, UxProbe } from '../support/ux-probe.ts';

/**
 * The journey of issue 23: demo → watch a wallet → the popover shows its
 * gauge and transfers → Top up from the popover → confirm → finished → the
 * popover and the Wallets panel show it covered, with no live Buy for the
 * old figure. Once with the mouse, once by keyboard alone.
 */
const DEPS = { demoNode: QUIET_DEMO_NODE, walletCadence: { idleMs: 1_000 } };
const payrollRow = (page: Page): Locator => page.getByTestId('popover-wallet').filter({ hasText: 'Payroll' });

/** Presses Tab until the focused control has this name or label (at most 80 presses); fails if it never comes. */
async function tabTo(page: Page, name: RegExp): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    // The focused control's names: aria-label, its text, and the text of its <label>.
    const focused = (await page.evaluate(
      `(() => { const el = document.activeElement; return el ? [el.getAttribute('aria-label') || '', el.textContent || '', ...[...(el.labels || [])].map((l) => l.textContent || '')].join('|') : ''; })()`,
    )) as string;
    if (focused.split('|').some((part) => name.test(part.trim()))) return;
  }
  throw new Error(`no control named ${name} reached by Tab`);
}

async function journey(dashboard: ReturnType<typeof useBuiltDashboard>, keyboard: boolean): Promise<void> {
  const { app, ui, pageErrors } = await openApp(dashboard.browser(), dashboard.url(), { viewport: { width: 1280, height: 800 }, deps: DEPS });
  const { page } = ui;
  const act = async (mouse: () => Promise<void>, keys: () => Promise<void>): Promise<void> => (keyboard ? keys() : mouse());

  // The demo, then watch Payroll with a top-up of 3 transfers (it has energy for 2).
  await page.getByRole('button', { name: 'Try the demo' }).waitFor();
  await act(
    () => page.getByRole('button', { name: 'Try the demo' }).click(),
    async () => {
      await tabTo(page, /^Try the demo$/);
      await page.keyboard.press('Enter');
    },
  );
  await page.getByText('Demo — no real funds').waitFor({ timeout: 10_000 });
  await act(
    () => page.getByRole('tab', { name: 'Wallets' }).click(),
    async () => {
      // The sections are a tab list: one tab stop (the selected tab), then the arrow keys.
      await tabTo(page, /^Overview$/);
      await page.keyboard.press('ArrowRight');
    },
  );
  await act(
    () => page.getByRole('button', { name: /Watch the demo wallet Payroll/ }).click(),
    async () => {
      await tabTo(page, /^Watch the demo wallet Payroll/);
      await page.keyboard.press('Enter');
    },
  );
  const form = page.getByRole('form', { name: 'Watch a wallet' });
  const size = form.getByLabel('Tray top-up covers (transfers)');
  await act(
    () => size.fill('3'),
    async () => {
      await tabTo(page, /^Tray top-up covers \(transfers\)$/);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('3');
    },
  );
  await act(
    () => form.getByRole('button', { name: 'Watch this wallet' }).click(),
    async () => {
      await tabTo(page, /^Watch this wallet$/);
      await page.keyboard.press('Enter');
    },
  );
  await page.getByRole('region', { name: 'Wallet Payroll' }).getByTestId('wallet-energy').waitFor({ timeout: 10_000 });

  // The popover: the gauge, "2 transfers", and "Top up 3 · ≈ X TRX".
  const pop = await openApp(dashboard.browser(), `${dashboard.url()}#popover`, { app, viewport: { width: 380, height: 600 } });
  const row = payrollRow(pop.ui.page);
  await row.waitFor({ timeout: 10_000 });
  expect(await row.getByTestId('popover-transfers').textContent()).toBe('2 transfers');
  const gauge = row.getByRole('meter', { name: 'Energy of Payroll' });
  expect(await gauge.getAttribute('aria-valuetext')).toBe('140,000 of the 192,855 energy 3 transfers need');
  const topUp = row.locator('button[data-offer-address]');
  await topUp.waitFor({ timeout: 15_000 });
  const label = (await topUp.textContent()) ?? '';
  expect(label).toMatch(/^Top up 3 · ≈ \d+\.\d\d TRX$/);
  const price = label.slice(label.indexOf('≈ ') + 2);

  // Top up → the confirmation (the dashboard's) → main's approval → placed.
  await act(
    () => topUp.click(),
    async () => {
      await pop.ui.page.keyboard.press('Tab');
      // ↑/↓ move between rows: Home lands on the first row's Top up, Enter opens the confirmation.
      await pop.ui.page.keyboard.press('Home');
      expect(await pop.ui.page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string | null } | null } }).document.activeElement?.textContent)).toBe(label);
      await pop.ui.page.keyboard.press('Enter');
    },
  );
  const confirm = pop.ui.page.getByRole('dialog', { name: 'Check before you buy' });
  expect(await confirm.getByTestId('confirm-cost').textContent()).toBe(`≈ ${price}`);
  const asked = app.approval.requests.length;
  await act(
    () => confirm.getByRole('button', { name: `Top up for ${price}` }).click(),
    // Nothing careful about this one: the confirmation opens on its confirm button.
    () => pop.ui.page.keyboard.press('Enter'),
  );
  await pop.ui.page.getByText(/Order placed/).waitFor({ timeout: 10_000 });
  expect(app.approval.requests.length).toBe(asked + 1);
  expect(app.approval.lastText()).toContain(`Cost: ${price}`);

  // Finished: the popover and the Wallets panel show it covered; nothing offers the old figure.
  await expect.poll(() => app.notifications.length, { timeout: 20_000 }).toBe(1);
  await expect.poll(() => row.getByTestId('popover-transfers').textContent(), { timeout: 15_000 }).toBe('3 transfers');
  await expect.poll(() => row.getAttribute('data-status'), { timeout: 10_000 }).toBe('ok');
  expect(await row.getByTestId('popover-state').textContent()).toBe('Covered');
  expect(await gauge.getAttribute('data-level')).toBe('ok');
  const card = page.getByRole('region', { name: 'Wallet Payroll' });
  await expect.poll(() => card.getByTestId('wallet-covered').textContent(), { timeout: 10_000 }).toMatch(/^3 transfers as planned/);
  await act(
    () => card.getByRole('button', { name: 'Top up' }).click(),
    async () => {
      await tabTo(page, /^Top up$/);
      await page.keyboard.press('Enter');
    },
  );
  await page.getByRole('region', { name: 'Top up Payroll' }).getByText(/Already covered/).waitFor({ timeout: 10_000 });
  const finished = () => finishedByAddress(app.service);
  expect(finished()[DEMO_WALLET_ADDRESSES.payroll]).toBeGreaterThan(0);
  const probes = [new UxProbe(page, 'wallets after', finished), new UxProbe(pop.ui.page, 'popover after', finished)];
  for (const probe of probes) await probe.view('covered');
  const after = summarize(probes);
  expect([after.staleOffers, after.rawKeys]).toEqual([0, 0]);
  expect(app.service.trayModel().menu.some((i) => i.type === 'item' && i.label.startsWith('Top up for'))).toBe(false);
  expect([...pageErrors, ...pop.pageErrors]).toEqual([]);
  await pop.ui.context.close();
  await app.service.stop();
  await ui.context.close();
}

describe('the popover tops up a watched wallet (issue 23)', () => {
  const dashboard = useBuiltDashboard();

  it('with the mouse: demo → watch → the popover shows gauge and transfers → Top up → confirm → finished → covered everywhere', { timeout: 120_000 }, async () => {
    await journey(dashboard, false);
  });

  it('by keyboard alone, the same journey', { timeout: 120_000 }, async () => {
    await journey(dashboard, true);
  });
});
