import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { MISSING_KEY_MARK } from '../../src/shared/i18n/i18n.ts';
import type { Browser, Locator, Page } from 'playwright-core';
import { dispatch } from '../../src/core/ipc/dispatch.ts';
import type { AppServiceDeps } from '../../src/core/app/app-service.ts';
import { launchChromium, openDashboard, type DashboardPage } from './browser.ts';
import { serveDirectory } from './static-server.ts';
import { startAppOnFakeDesktop, type AppOnFakeDesktop } from './fake-desktop.ts';

export const ROOT = join(import.meta.dirname, '../..');
const OUTPUT = join(ROOT, 'test-output/screenshots');
const DOCS = join(ROOT, 'docs/screenshots');

/** What i18next's missing-key handler reported in any page of this file: the file fails on one (useBuiltDashboard). */
const missingKeys: string[] = [];

/**
 * The real app core (AppService + handler table + dispatch) behind the built
 * renderer in headless Chromium: pushed events go to the page, calls come back
 * through dispatch, exactly as ipcMain would route them.
 */
export async function openApp(
  browser: Browser,
  url: string,
  options: { colorScheme?: 'light' | 'dark'; deps?: Partial<AppServiceDeps>; app?: AppOnFakeDesktop; bypassCSP?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<{ app: AppOnFakeDesktop; ui: DashboardPage; pageErrors: string[] }> {
  const app = options.app ?? (await startAppOnFakeDesktop(options.deps));
  const ui = await openDashboard(browser, url, (method, request) => dispatch(app.table, method, request), {
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
    ...(options.bypassCSP ? { bypassCSP: true } : {}),
    ...(options.viewport ? { viewport: options.viewport } : {}),
  });
  const pageErrors: string[] = [];
  ui.page.on('pageerror', (e) => pageErrors.push(e.message));
  ui.page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(m.text());
    if (m.text().startsWith(MISSING_KEY_MARK)) missingKeys.push(m.text());
  });
  // Main sends every event to both windows: a second page on the same app (the popover) joins the first.
  const earlier = options.app ? app.onEvent.current : null;
  app.onEvent.current = (event, payload) => {
    earlier?.(event, payload);
    void ui.emit(event, payload).catch(() => undefined);
  };
  return { app, ui, pageErrors };
}

/**
 * Saves a screenshot to the ignored test-output/ folder; with
 * UPDATE_DOCS_SCREENSHOTS=1 (`npm run screenshots`) also to docs/screenshots/ for README.md and docs/usage.md.
 */
export async function screenshot(ui: DashboardPage, name: string, element?: Locator): Promise<string> {
  mkdirSync(OUTPUT, { recursive: true });
  const path = join(OUTPUT, `${name}.png`);
  await wholeView(ui.page, async () => {
    // One element (a chart, a card) with a margin of the page around it, else the whole page.
    // A focus ring left on a heading is not part of the picture of an element.
    if (element) await ui.page.evaluate('document.activeElement?.blur?.()');
    const box = element ? await element.boundingBox() : null;
    const margin = 6;
    const scroll = (await ui.page.evaluate('[scrollX, scrollY]')) as [number, number];
    const clip = box ? { x: Math.max(0, box.x + scroll[0] - margin), y: Math.max(0, box.y + scroll[1] - margin), width: box.width + 2 * margin, height: box.height + 2 * margin } : undefined;
    await ui.page.screenshot({ path, fullPage: true, ...(clip ? { clip } : {}) });
  });
  if (process.env['UPDATE_DOCS_SCREENSHOTS'] === '1') {
    mkdirSync(DOCS, { recursive: true });
    copyFileSync(path, join(DOCS, `${name}.png`));
  }
  return path;
}

/**
 * The dashboard scrolls inside <main> (the toasts keep a strip of their own):
 * for a whole-page picture the column is let grow to its content while the
 * picture is taken (styles set through the DOM, which the page's CSP allows).
 */
async function wholeView(page: Page, take: () => Promise<unknown>): Promise<void> {
  const grow = `(() => { const app = document.querySelector('.app'); const main = document.querySelector('.app-main');
    if (app) app.style.height = 'auto'; if (main) main.style.overflow = 'visible'; })()`;
  const back = `(() => { const app = document.querySelector('.app'); const main = document.querySelector('.app-main');
    if (app) app.style.height = ''; if (main) main.style.overflow = ''; })()`;
  await page.evaluate(grow);
  try {
    await take();
  } finally {
    await page.evaluate(back);
  }
}

/** For one e2e file: the built renderer served on loopback and one Chromium, both closed when the file ends. */
export function useBuiltDashboard(): { browser(): Browser; url(): string } {
  let browser: Browser | undefined;
  let server: Awaited<ReturnType<typeof serveDirectory>> | undefined;
  beforeAll(async () => {
    server = await serveDirectory(join(ROOT, 'out/renderer'));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    expect(missingKeys.splice(0), 'i18next reported catalogue keys it could not find').toEqual([]);
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the dashboard is not served yet');
    return value;
  };
  return { browser: () => started(browser), url: () => started(server).url };
}
