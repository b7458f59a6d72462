import type { Browser } from 'playwright-core';
import { dispatch } from '../src/core/ipc/dispatch.ts';
import type { OrderView } from '../src/shared/views.ts';
import { launchChromium, openDashboard, type DashboardPage } from '../test/support/browser.ts';
import { serveDirectory } from '../test/support/static-server.ts';
import type { AppServiceWithHistory } from './app-fixture.ts';
import { median } from './report.ts';

export interface OrdersViewTimes {
  openMs: number;
  domRows: number;
  updateMs: number;
}

/**
 * In the page: clicks the Orders tab and notes how long until a full page of
 * order rows shows (the query goes through the real handlers and SQLite).
 * A string, as it runs in the page (the bench is type-checked without the DOM library).
 */
const OPEN_ORDERS = `(() => {
  const w = globalThis;
  w.__ordersShownMs = undefined;
  const started = performance.now();
  const observer = new MutationObserver(() => {
    if (document.querySelectorAll('[data-testid="order-row"]').length >= 50) {
      w.__ordersShownMs = performance.now() - started;
      observer.disconnect();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  [...document.querySelectorAll('button')].find((b) => b.textContent === 'Orders').click();
})()`;

/**
 * In the page: pushes one order update the way main does and measures the
 * main thread until it is done with it: the store write, React's render and
 * commit (a microtask), then style and layout (forced).
 */
const PUSH_UPDATE = `async (payload) => {
  const started = performance.now();
  globalThis.__energyTrayEmit('app:order-updated', payload);
  await new Promise((resolve) => { const channel = new MessageChannel(); channel.port1.onmessage = resolve; channel.port2.postMessage(0); });
  void document.body.offsetHeight;
  return performance.now() - started;
}`;

async function waitForBalance(ui: DashboardPage): Promise<void> {
  await ui.page.waitForFunction(() => /\d.*TRX/.test((globalThis as unknown as { document: { querySelector(s: string): { textContent: string } | null } }).document.querySelector('[data-testid="balance-trx"]')?.textContent ?? ''), undefined, { timeout: 15_000 });
}

/** The dashboard over an app with a large history, in headless Chromium: opening the Orders tab, its DOM, one pushed update. */
export async function measureOrdersView(app: AppServiceWithHistory, rendererDir: string): Promise<OrdersViewTimes> {
  const server = await serveDirectory(rendererDir);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const ui = await openDashboard(browser, server.url, (method, request) => dispatch(app.table, method, request));
    app.onEvent.current = (event, payload) => void ui.emit(event, payload).catch(() => undefined);
    try {
      // Each time in a freshly loaded page, so that no page of orders is in the store yet: the query counts.
      const opens: number[] = [];
      for (let i = 0; i < 6; i++) {
        if (i > 0) await ui.page.reload();
        await waitForBalance(ui);
        await ui.page.evaluate(OPEN_ORDERS);
        const handle = await ui.page.waitForFunction(() => (globalThis as { __ordersShownMs?: number }).__ordersShownMs, undefined, { timeout: 15_000 });
        if (i > 0) opens.push((await handle.jsonValue()) as number);
      }
      const domRows = (await ui.page.evaluate(`document.querySelectorAll('table.orders tr').length`)) as number;
      const shown = app.service.services.orders.query({ offset: 0, limit: 1 }).orders[0] as OrderView;
      const updates: number[] = [];
      for (let i = 0; i < 21; i++) {
        const payload = { ...shown, updatedAt: Date.now(), serverStatus: `processing ${i}` };
        const ms = (await ui.page.evaluate(`(${PUSH_UPDATE})(${JSON.stringify(payload)})`)) as number;
        if (i > 0) updates.push(ms);
      }
      return { openMs: median(opens), domRows, updateMs: median(updates) };
    } finally {
      app.onEvent.current = null;
      await ui.context.close();
    }
  } finally {
    await browser?.close();
    await server.close();
  }
}
