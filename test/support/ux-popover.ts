import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_HOLDERS, DEMO_WALLET_ADDRESSES, DEMO_WALLETS } from '../../src/core/simulator/node/demo-chain.ts';
import type { AppService } from '../../src/core/app/app-service.ts';
import { translator } from '../../src/shared/i18n/i18n.ts';
import type { Language } from '../../src/shared/i18n/languages.ts';
import { moneyText } from '../../src/shared/money-text.ts';
import type { useBuiltDashboard } from './e2e-app.ts';
import { openApp, screenshot } from './e2e-app.ts';
import { listOrders } from './fake-desktop.ts';
import { UxProbe, priceMismatches, type FinishedByAddress } from './ux-probe.ts';
import { VALID_ADDRESS as ELSEWHERE } from './addresses.ts';

type Dashboard = ReturnType<typeof useBuiltDashboard>;

/** The demo's chain with nobody spending: what the popover shows stays put while it is measured. */
export const QUIET_DEMO_NODE = { wallets: DEMO_WALLETS, spending: { seed: 7, holders: DEMO_HOLDERS, plans: [] } };
/** An address no wallet watches, for an order that is only "in progress". */
const LANGUAGES: readonly Language[] = ['en', 'zh-CN', 'ru'];

/** When the last order for each address finished: an offer must be newer than that. */
export function finishedByAddress(service: AppService): FinishedByAddress {
  const last: Record<string, number> = {};
  for (const o of listOrders(service)) if (o.finishedAt !== null && o.finishedAt > (last[o.address] ?? 0)) last[o.address] = o.finishedAt;
  return last;
}

/** Payroll covers its 2 transfers; Shop has no energy (low) and 2 to cover. */
async function watchBoth(service: AppService): Promise<void> {
  for (const [label, address] of [
    ['Payroll', DEMO_WALLET_ADDRESSES.payroll],
    ['Shop', DEMO_WALLET_ADDRESSES.shop],
  ] as const) {
    await service.services.wallets.add({ address, label, plan: 'holder', exactRecipient: null, topUpTransfers: 2 });
  }
}

const liveTopUp = (page: Page) => page.getByTestId('popover-wallet').filter({ hasText: 'Shop' }).locator('button[data-offer-address]');

/**
 * The popover with two watched wallets (one low, its Top up quoted) and an
 * order in progress, measured in English, Chinese and Russian; screenshots
 * for README.md (light: each language; dark: English).
 */
export async function popoverWithWallets(dashboard: Dashboard, colorScheme: 'light' | 'dark'): Promise<UxProbe[]> {
  const viewport = { width: 380, height: 600 };
  const { app, ui } = await openApp(dashboard.browser(), dashboard.url(), {
    colorScheme,
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
    deps: { demoNode: QUIET_DEMO_NODE, demoTiming: { timedOrderMs: 120_000 }, walletCadence: { refreshMs: 1_000 } },
  });
  await app.service.services.sessions.startDemo();
  await watchBoth(app.service);
  await app.service.services.commands.buyTimed({ type: 'energy', address: ELSEWHERE, count: 65_000, period: '1h' });
  const pop = await openApp(dashboard.browser(), `${dashboard.url()}#popover`, { app, colorScheme, viewport, bypassCSP: true });
  const probes: UxProbe[] = [];
  for (const language of LANGUAGES) {
    await app.service.services.settings.applyPatch({ language });
    const t = translator(language, 'renderer');
    const probe = new UxProbe(pop.ui.page, `380x600 ${colorScheme} popover ${language}`, () => finishedByAddress(app.service));
    probes.push(probe);
    await pop.ui.page.getByRole('heading', { name: t('popover.wallets') }).waitFor({ timeout: 10_000 });
    await pop.ui.page.getByTestId('in-progress-row').first().waitFor({ timeout: 10_000 });
    await liveTopUp(pop.ui.page).waitFor({ timeout: 15_000 });
    expect(await pop.ui.page.getByTestId('popover-wallet').count()).toBe(2);
    await probe.view('with wallets');
    if (colorScheme === 'light' || language === 'en') await screenshot(pop.ui, `popover-wallets-${language}${colorScheme === 'dark' ? '-dark' : ''}`);
  }
  await pop.ui.context.close();
  await app.service.stop();
  await ui.context.close();
  return probes;
}

/**
 * One top-up bought from the popover, its amount read off every surface that
 * shows it: the popover's button, the tray's item, the confirmation, main's
 * approval, the notification, the dashboard's toast and order list, and the
 * popover's recent outcomes. Each must hold the one rule's text of it.
 */
export async function checkOneOrderEverywhere(dashboard: Dashboard): Promise<UxProbe> {
  const { app, ui } = await openApp(dashboard.browser(), dashboard.url(), { viewport: { width: 1280, height: 800 }, deps: { demoNode: QUIET_DEMO_NODE } });
  await app.service.services.sessions.startDemo();
  await watchBoth(app.service);
  const pop = await openApp(dashboard.browser(), `${dashboard.url()}#popover`, { app, viewport: { width: 380, height: 600 } });
  const probe = new UxProbe(pop.ui.page, 'one order everywhere');
  const button = liveTopUp(pop.ui.page);
  await button.waitFor({ timeout: 15_000 });
  const surfaces: Record<string, string> = { popoverButton: (await button.textContent()) ?? '' };
  const tray = app.service.trayModel().menu.find((i) => i.type === 'item' && i.label.startsWith('Top up for 2 transfers'));
  surfaces['tray'] = tray?.type === 'item' ? tray.label : '';
  await button.click();
  const confirm = pop.ui.page.getByRole('dialog', { name: 'Check before you buy' });
  surfaces['confirmation'] = (await confirm.getByTestId('confirm-cost').textContent()) ?? '';
  await confirm.getByRole('button', { name: /^Top up for/ }).click();
  await expect.poll(() => app.notifications.length, { timeout: 20_000 }).toBe(1);
  surfaces['approval'] = app.approval.lastText();
  surfaces['notification'] = app.notifications[0]?.body ?? '';
  const toast = ui.page.getByTestId('toast').filter({ hasText: /succeeded/ }).first();
  await toast.waitFor({ timeout: 10_000 });
  surfaces['toast'] = (await toast.textContent()) ?? '';
  await ui.page.getByRole('tablist', { name: 'Sections' }).getByRole('tab', { name: 'Orders', exact: true }).click();
  const row = ui.page.getByTestId('order-row').first();
  await expect.poll(() => row.textContent(), { timeout: 10_000 }).toMatch(/Succeeded/);
  surfaces['orderList'] = (await row.textContent()) ?? '';
  const recent = pop.ui.page.getByTestId('recent-outcomes').locator('li').first();
  await recent.waitFor({ timeout: 10_000 });
  surfaces['popoverRecent'] = (await recent.textContent()) ?? '';
  const [order] = listOrders(app.service);
  const sun = order?.chargedSun ?? order?.quotedSun ?? '0';
  // The quote the person saw and the charge are the same order: one text for both.
  expect(order?.quotedSun).toBeDefined();
  probe.prices(moneyText(sun, 'en'), surfaces);
  probe.prices(moneyText(order?.quotedSun ?? '0', 'en'), { charge: moneyText(sun, 'en') });
  await pop.ui.context.close();
  await app.service.stop();
  await ui.context.close();
  return probe;
}

/**
 * The controls: a page holding one of each fault the new counters look for
 * (a raw key, a Buy from before the last finished order, a wrapped button)
 * and two surfaces that show one order two ways. Each counter must see one.
 */
type ControlCounts = { rawKeys: number; priceMismatches: number; staleOffers: number; wrappedButtons: number; narrowAddressFields: number };

export async function probeControls(browser: Browser): Promise<ControlCounts> {
  const context = await browser.newContext({ viewport: { width: 380, height: 600 } });
  const page = await context.newPage();
  await page.setContent(`<!doctype html><html><body>
    <p>Payroll 11,443 energy<span>popover.transfers</span></p>
    <button type="button" data-offer-address="TADDR" data-offer-basis="1000">Top up 2 · ≈ 5.86 TRX</button>
    <button type="button" data-offer-address="TADDR" data-offer-basis="3000">Top up 2 · ≈ 5.80 TRX</button>
    <button type="button" style="width:90px">Buy: rent for 1 hour for 5.86 TRX</button>
    <label for="to">To</label><input id="to" class="address-input" style="width:210px;font-family:monospace">
    <input class="address-input" style="width:34ch;padding:0;border:0;font-family:monospace">
  </body></html>`);
  const probe = new UxProbe(page, 'controls', () => ({ TADDR: 2000 }));
  await probe.view('faults');
  const [view] = probe.views;
  const mismatches = priceMismatches(moneyText(5_856_812n, 'en'), { button: 'Top up 2 · ≈ 5.86 TRX', tray: 'Top up for 2 transfers (≈ 5.8568 TRX)' });
  await context.close();
  return {
    rawKeys: view?.rawKeys.length ?? 0,
    priceMismatches: mismatches.length,
    staleOffers: view?.staleOffers.length ?? 0,
    wrappedButtons: view?.wrappedButtons.length ?? 0,
    narrowAddressFields: view?.narrowAddressFields.length ?? 0,
  };
}
