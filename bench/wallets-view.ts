import type { Browser } from 'playwright-core';
import { dispatch } from '../src/core/ipc/dispatch.ts';
import { tronAddressFromSeed } from '../src/core/simulator/tron-address.ts';
import type { WalletView } from '../src/shared/wallet-views.ts';
import { launchChromium, openDashboard, type DashboardPage } from '../test/support/browser.ts';
import { serveDirectory } from '../test/support/static-server.ts';
import type { AppServiceWithHistory } from './app-fixture.ts';
import { median } from './report.ts';

/** A watched wallet as main describes it to the dashboard (shared/wallet-views.ts), every 1,000th low. */
function walletView(n: number, now: number): WalletView {
  const low = n % 1_000 === 999;
  return {
    id: `w${n}`,
    address: tronAddressFromSeed(`deposit-${n}`),
    label: `Deposit ${n}`,
    plan: 'holder',
    exactRecipient: null,
    energyPerTransfer: '64285',
    topUpTransfers: 2,
    activated: true,
    energy: { limit: '268570', used: low ? '260000' : '0', available: low ? '8570' : '268570' },
    bandwidth: { freeLimit: '600', freeUsed: '0', limit: '0', used: '0', available: '600' },
    trxSun: '250000000',
    covered: low ? { planned: '0', toHolders: '0', toNewAddresses: '0' } : { planned: '4', toHolders: '4', toNewAddresses: '2' },
    low,
    readAt: now,
    trxReadAt: now,
    fastUntil: null,
    error: null,
    retryAt: null,
    incoming: [],
    arrival: null,
    offer: null,
    predicted: false,
  };
}

/**
 * In the page: clicks the Wallets tab and notes how long until its first
 * page of wallet cards shows. A string, as it runs in the page.
 */
const OPEN_WALLETS = `(() => {
  const w = globalThis;
  w.__walletsShownMs = undefined;
  const started = performance.now();
  const observer = new MutationObserver(() => {
    if (document.querySelectorAll('[data-testid="wallet-card"]').length >= 50) {
      w.__walletsShownMs = performance.now() - started;
      observer.disconnect();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  [...document.querySelectorAll('button')].find((b) => b.textContent === 'Wallets').click();
})()`;

async function openWallets(ui: DashboardPage): Promise<number> {
  await ui.page.reload();
  await ui.page.waitForSelector('[data-testid="wallet-card"]', { timeout: 15_000 });
  await ui.page.evaluate(OPEN_WALLETS);
  const handle = await ui.page.waitForFunction(() => (globalThis as { __walletsShownMs?: number }).__walletsShownMs, undefined, {
    timeout: 15_000,
  });
  return (await handle.jsonValue()) as number;
}

export interface WalletsViewTimes {
  openMs: number;
  smallOpenMs: number;
  domCards: number;
}

/**
 * The dashboard in headless Chromium opening the Wallets tab with 10,000
 * watched wallets, and with 100 in turn on the same page (the ratio is what
 * this shared machine keeps). The wallets' list is main's answer as the
 * dashboard receives it; every other call goes through the real handlers.
 */
export async function measureWalletsView(app: AppServiceWithHistory, rendererDir: string): Promise<WalletsViewTimes> {
  const now = Date.now();
  const large = Array.from({ length: 10_000 }, (_, n) => walletView(n, now));
  const small = large.slice(0, 100);
  let shown = large;
  const server = await serveDirectory(rendererDir);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const invoke = (method: string, request: unknown): Promise<unknown> =>
      method === 'app:listWallets'
        ? Promise.resolve({ ok: true, value: { wallets: shown, suggestions: [] } })
        : dispatch(app.table, method, request);
    const ui = await openDashboard(browser, server.url, invoke);
    try {
      const times: [number[], number[]] = [[], []];
      for (let i = 0; i < 7; i++) {
        for (const [k, list] of [large, small].entries()) {
          shown = list;
          const ms = await openWallets(ui);
          if (i > 0) times[k]!.push(ms);
        }
      }
      shown = large;
      await openWallets(ui);
      const domCards = (await ui.page.evaluate(`document.querySelectorAll('[data-testid="wallet-card"]').length`)) as number;
      return { openMs: median(times[0]), smallOpenMs: median(times[1]), domCards };
    } finally {
      await ui.context.close();
    }
  } finally {
    await browser?.close();
    await server.close();
  }
}
