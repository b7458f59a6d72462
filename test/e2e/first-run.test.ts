import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startSimulator, type Simulator } from '../../src/core/simulator/index.ts';
import { launchChromium } from '../support/browser.ts';
import { openApp, ROOT, screenshot } from '../support/e2e-app.ts';
import { serveDirectory } from '../support/static-server.ts';
import { FakeApproval } from '../support/fake-approval.ts';

const KEY = 'e2e-user-key-7f3a';
const SECRET = 'e2e-user-secret-9c41d2';

describe('first run in headless Chromium against the real handlers', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveDirectory>>;
  let sim: Simulator;

  beforeAll(async () => {
    server = await serveDirectory(join(ROOT, 'out/renderer'));
    browser = await launchChromium();
    sim = await startSimulator({ users: [{ apiKey: KEY, secret: SECRET, trxSun: 250_000_000n, usdtMicros: 12_500_000n }] });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await sim?.close();
  });

  it('opens on the welcome screen with both choices', async () => {
    const { ui, pageErrors } = await openApp(browser, server.url);
    await ui.page.getByRole('heading', { name: 'Welcome to Energy Tray' }).waitFor();
    expect(await ui.page.getByRole('button', { name: 'Try the demo' }).isVisible()).toBe(true);
    expect(await ui.page.getByText(/allowlist/).isVisible()).toBe(true);
    await screenshot(ui, 'welcome-light');
    expect(pageErrors).toEqual([]);
    await ui.context.close();
  });

  it('refuses a wrong secret with "authentication failed" and saves nothing', async () => {
    const { app, ui } = await openApp(browser, server.url, { deps: { approval: new FakeApproval(false).approveNext() } });
    await ui.page.getByLabel('Service address (base URL)').fill(`${sim.baseUrl}`);
    await ui.page.getByLabel('API key').fill(KEY);
    await ui.page.getByLabel('API secret').fill('definitely-the-wrong-secret');
    await ui.page.getByRole('button', { name: 'Verify and save' }).click();
    const alert = ui.page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Authentication failed');
    // Main asked before the key and a signature went to the host.
    expect(app.approval.requests.map((r) => r.title)).toEqual([`Connect to ${new URL(sim.baseUrl).host}?`]);
    expect(app.store.profileIds()).toEqual([]);
    const settingsFile = join(app.userDataDir, 'settings.json');
    if (existsSync(settingsFile)) expect(JSON.parse(readFileSync(settingsFile, 'utf8')).profiles).toEqual([]);
    expect(await ui.page.getByLabel('API secret').inputValue()).toBe('');
    await ui.context.close();
  });

  it('connects a real account, shows its balance and keeps the secret out of every file', async () => {
    const { app, ui } = await openApp(browser, server.url, { deps: { approval: new FakeApproval(false).approveNext() } });
    await ui.page.getByLabel('Service address (base URL)').fill(`${sim.baseUrl}/`);
    await ui.page.getByLabel('API key').fill(KEY);
    await ui.page.getByLabel('API secret').fill(SECRET);
    await ui.page.getByRole('button', { name: 'Verify and save' }).click();
    await expect.poll(() => ui.page.getByTestId('balance-trx').textContent(), { timeout: 10_000 }).toBe('250.00 TRX');
    expect(await ui.page.getByTestId('balance-usdt').textContent()).toBe('12.50 USDT');
    expect(app.store.profileIds()).toHaveLength(1);
    expect(app.approval.kinds()).toEqual(['connect']);
    for (const file of readdirSync(app.userDataDir, { recursive: true, withFileTypes: true })) {
      if (!file.isFile()) continue;
      const text = readFileSync(join(file.parentPath, file.name), 'utf8');
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(KEY);
    }
    const html = await ui.page.content();
    expect(html).not.toContain(SECRET);
    await app.service.stop();
    await ui.context.close();
  });
});
