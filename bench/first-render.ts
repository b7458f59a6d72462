import type { Browser } from 'playwright-core';
import { launchChromium } from '../test/support/browser.ts';
import { serveDirectory } from '../test/support/static-server.ts';
import { loadOnce, type BridgedApp } from './dashboard-render.ts';
import { plainPageDir } from './plain-page.ts';
import { median } from './report.ts';

export interface FirstRender {
  /** Median in-page time until the TRX balance shows: the dashboard over the app's real store. */
  dashboardMs: number;
  /** The same for the fixed plain React page (bench/plain-page), loaded the same way in the same browser. */
  plainMs: number;
  /** dashboardMs ÷ plainMs. */
  ratio: number;
}

/**
 * The dashboard's first render against a fixed plain React page, side by
 * side in one browser: loads alternate (dashboard, plain page, …) after one
 * unmeasured warm-up of each, so the machine's load weighs on both alike.
 */
export async function measureFirstRender(app: BridgedApp, rendererDir: string, rounds = 7): Promise<FirstRender> {
  const dashboard = await serveDirectory(rendererDir);
  const plain = await serveDirectory(await plainPageDir());
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    await loadOnce(browser, dashboard.url, app);
    await loadOnce(browser, plain.url, app);
    const dashboardMs: number[] = [];
    const plainMs: number[] = [];
    for (let i = 0; i < rounds; i++) {
      dashboardMs.push((await loadOnce(browser, dashboard.url, app)).inPageMs);
      plainMs.push((await loadOnce(browser, plain.url, app)).inPageMs);
    }
    const d = median(dashboardMs);
    const p = median(plainMs);
    return { dashboardMs: d, plainMs: p, ratio: d / p };
  } finally {
    await browser?.close();
    await dashboard.close();
    await plain.close();
  }
}
