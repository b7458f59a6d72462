import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { AppService, createHandlerTable } from '../../src/core/app-service.ts';
import { dispatch } from '../../src/core/ipc/dispatch.ts';
import { launchChromium, openDashboard } from '../support/browser.ts';
import { serveDirectory } from '../support/static-server.ts';

const root = join(import.meta.dirname, '../..');
const shots = join(root, 'test-output/screenshots');

describe('dashboard in headless Chromium, bridged to the real handler table', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveDirectory>>;
  const calls: string[] = [];

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    server = await serveDirectory(join(root, 'out/renderer'));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders the built dashboard with data from main', async () => {
    const table = createHandlerTable(
      new AppService({ info: { name: 'Energy Tray', version: '0.1.0-e2e', platform: 'linux' } }),
    );
    const { page, context } = await openDashboard(browser, server.url, async (method, request) => {
      calls.push(method);
      return dispatch(table, method, request);
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await expect.poll(() => page.getByLabel('version').textContent()).toBe('v0.1.0-e2e');
    expect(await page.getByRole('heading', { name: 'Balance' }).isVisible()).toBe(true);
    expect(calls).toContain('app:getInfo');
    await page.screenshot({ path: join(shots, 'dashboard.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reports a malformed request from the page as invalid_input', async () => {
    const table = createHandlerTable(new AppService({ info: { name: 'Energy Tray', version: 'x', platform: 'linux' } }));
    const { page, context } = await openDashboard(browser, server.url, (m, r) => dispatch(table, m, r));
    const result = await page.evaluate(() =>
      (globalThis as unknown as { energyTray: { getInfo(r: unknown): Promise<unknown> } }).energyTray.getInfo({ evil: true }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    await context.close();
  });
});
