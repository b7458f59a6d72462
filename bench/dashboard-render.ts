import { rm } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { dispatch } from '../src/core/ipc/dispatch.ts';
import { startAppOnFakeDesktop, type AppOnFakeDesktop } from '../test/support/fake-desktop.ts';
import { launchChromium, openDashboard } from '../test/support/browser.ts';
import { serveDirectory } from '../test/support/static-server.ts';

export interface RenderTimes {
  /** performance.now() in the page (ms since its navigation started) when the TRX balance first showed. */
  inPageMs: number;
  /** Wall clock in Node from page.goto() until Node saw the page report the balance (polled once a frame). */
  wallMs: number;
}

/**
 * Runs at document start of every navigation: notes the first moment the
 * balance card shows a TRX amount (not the "—" placeholder). A string, as it
 * runs in the page (the bench is type-checked without the DOM library).
 */
const WATCH_BALANCE = `
  const observer = new MutationObserver(() => {
    const text = document.querySelector('[data-testid="balance-trx"]')?.textContent ?? '';
    if (globalThis.__balanceShownAt === undefined && /\\d.*TRX/.test(text)) {
      globalThis.__balanceShownAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
`;

async function waitForBalance(app: AppOnFakeDesktop): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await app.service.services.state.view()).balance === null) {
    if (Date.now() > deadline) throw new Error('the demo never reported a balance');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** What a page needs of the app: the handler table it calls and the hook its pushed events go through. */
export type BridgedApp = Pick<AppOnFakeDesktop, 'table' | 'onEvent'>;

/** One load of the dashboard in a fresh context: in-page and wall time until the TRX balance shows. */
export async function loadOnce(browser: Browser, url: string, app: BridgedApp): Promise<RenderTimes> {
  // The bridge is installed on about:blank first so that only the dashboard's own navigation is timed.
  const ui = await openDashboard(browser, 'about:blank', (method, request) => dispatch(app.table, method, request));
  try {
    app.onEvent.current = (event, payload) => void ui.emit(event, payload).catch(() => undefined);
    await ui.context.addInitScript({ content: WATCH_BALANCE });
    const started = performance.now();
    await ui.page.goto(url);
    const handle = await ui.page.waitForFunction(() => (globalThis as { __balanceShownAt?: number }).__balanceShownAt, undefined, { timeout: 15_000 });
    const wallMs = performance.now() - started;
    const inPageMs: unknown = await handle.jsonValue();
    if (typeof inPageMs !== 'number') throw new Error('the page reported no render time');
    return { inPageMs, wallMs };
  } finally {
    app.onEvent.current = null;
    await ui.context.close();
  }
}

/**
 * The built renderer in headless Chromium, backed by the real AppService in
 * demo mode (in-process simulator) through dispatch: `loads` fresh contexts
 * after one unmeasured warm-up load.
 */
export async function measureDashboardLoads(rendererDir: string, loads: number): Promise<RenderTimes[]> {
  const app = await startAppOnFakeDesktop();
  const server = await serveDirectory(rendererDir);
  let browser: Browser | undefined;
  try {
    await app.service.services.sessions.startDemo();
    await waitForBalance(app);
    browser = await launchChromium();
    await loadOnce(browser, server.url, app);
    const times: RenderTimes[] = [];
    for (let i = 0; i < loads; i++) times.push(await loadOnce(browser, server.url, app));
    return times;
  } finally {
    await browser?.close();
    await server.close();
    await app.service.stop();
    await rm(app.userDataDir, { recursive: true, force: true });
  }
}
