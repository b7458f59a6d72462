import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dispatch } from '../../../../src/core/ipc/dispatch.ts';
import { toIpcError } from '../../../../src/core/ipc/to-ipc-error.ts';
import { startSimulator } from '../../../../src/core/simulator/index.ts';
import type { NodeSettingsView } from '../../../../src/shared/views.ts';
import { startAppOnFakeDesktop, type AppOnFakeDesktop } from '../../../support/fake-desktop.ts';

const USER = { apiKey: 'node-budget-key-12345', secret: 'node-budget-secret-12345', trxSun: 100_000_000n, usdtMicros: 0n };
const PROVIDER_KEY = '7b2e9c41-5d0a-4f3e-8c16-2a9d4e7f1b05';
const RANGE_ERROR = { key: 'errors:app.nodeBudgetRange', values: { min: 2_000, max: 100_000_000 } };

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function account(): Promise<AppOnFakeDesktop> {
  const sim = await startSimulator({ users: [USER] });
  const h = await startAppOnFakeDesktop();
  open.push(sim, { close: () => h.service.stop() });
  await h.service.services.sessions.connect({ baseUrl: sim.baseUrl, apiKey: USER.apiKey, apiSecret: USER.secret });
  return h;
}

const savedBudget = (h: AppOnFakeDesktop): unknown => JSON.parse(readFileSync(join(h.userDataDir, 'settings.json'), 'utf8')).nodeDailyBudget;
/** The budget the connected client's requests count against: what the follower plans the day by. */
const followerBudget = (h: AppOnFakeDesktop): number | undefined => h.service.services.node.budget()?.dailyBudget();

async function setBudget(h: AppOnFakeDesktop, budget: unknown): Promise<NodeSettingsView> {
  const result = await dispatch(h.table, 'app:setNodeDailyBudget', { budget });
  if (!result.ok) throw new Error(result.error.message);
  return result.value as NodeSettingsView;
}

describe('the TRON node daily request budget in the settings (app:setNodeDailyBudget)', () => {
  it('saves a budget, applies it to the follower at once, and goes back to the default with null', async () => {
    const h = await account();
    const before = await h.service.services.node.view();
    expect(before.dailyBudget).toEqual({ saved: null, defaultNow: 50_000, keyedDefault: 100_000, keylessDefault: 50_000, min: 2_000, max: 100_000_000 });
    expect(followerBudget(h)).toBe(50_000);

    const saved = await setBudget(h, 1_500_000);
    expect(saved.dailyBudget).toMatchObject({ saved: 1_500_000, defaultNow: 50_000 });
    expect(savedBudget(h)).toBe(1_500_000);
    expect(followerBudget(h)).toBe(1_500_000);

    const back = await setBudget(h, null);
    expect(back.dailyBudget).toMatchObject({ saved: null, defaultNow: 50_000 });
    expect(savedBudget(h)).toBeNull();
    expect(followerBudget(h)).toBe(50_000);
  });

  it('says the keyed default once a provider key is saved for this node, and never shows the key', async () => {
    const h = await account();
    await h.service.services.node.setNodeKey(PROVIDER_KEY);
    const view = await setBudget(h, null);
    expect(view.dailyBudget).toMatchObject({ saved: null, defaultNow: 100_000 });
    expect(followerBudget(h)).toBe(100_000);
    expect(JSON.stringify(await setBudget(h, 200_000))).not.toContain(PROVIDER_KEY);
    expect(followerBudget(h)).toBe(200_000);
  });

  it.each([0, 1_999, 100_000_001, 2_500.5, -5_000])('refuses %s with the bounds in words and changes nothing', async (budget) => {
    const h = await account();
    await setBudget(h, 300_000);
    const result = await dispatch(h.table, 'app:setNodeDailyBudget', { budget });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', ...RANGE_ERROR } });
    if (!result.ok) expect(result.error.message).toMatch(/\(budget\): The daily request budget must be a whole number from 2,000 to 100,000,000; nothing was saved/);
    expect(savedBudget(h)).toBe(300_000);
    expect(followerBudget(h)).toBe(300_000);
    expect((await h.service.services.node.view()).dailyBudget.saved).toBe(300_000);
  });

  it('refuses a budget the schema never sees (the core checks again, for the CLI) and a budget that is not a number', async () => {
    const h = await account();
    const refused = await h.service.services.node.setDailyBudget(1_999).catch((e: unknown) => e);
    expect(toIpcError(refused)).toMatchObject({ code: 'invalid_input', ...RANGE_ERROR });
    expect(savedBudget(h)).toBeNull();
    expect(followerBudget(h)).toBe(50_000);
    for (const budget of ['100000', undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      const result = await dispatch(h.table, 'app:setNodeDailyBudget', { budget });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(await dispatch(h.table, 'app:setNodeDailyBudget', { budget: 5_000, extra: 1 })).toMatchObject({ ok: false });
    expect(savedBudget(h)).toBeNull();
  });
});
