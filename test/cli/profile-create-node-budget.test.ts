import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/core/simulator/index.ts';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { canaryUser } from './fixture.ts';
import { runCli, tempUserData, type CliRun } from './run-cli.ts';

/** `profile create … --node-budget N|default`: the node's daily request budget set on a server, checked as the app checks it. */
const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
const outputs: CliRun[] = [];
const user = canaryUser();
let sim: Simulator;
let data: { dir: string; remove: () => Promise<void> };

beforeEach(async () => {
  sim = await startSimulator({ users: [user] });
  data = await tempUserData();
});
afterEach(async () => {
  await sim.close();
  await data.remove();
});
afterAll(() => {
  const text = outputs.map((r) => r.stdout + r.stderr).join('\n');
  expect(text).not.toContain(user.secret);
  expect(text).not.toContain(user.apiKey);
});

async function create(name: string, budget: string, ...more: string[]): Promise<CliRun> {
  const env = { ENERGY_TRAY_USER_DATA: data.dir, ENERGY_TRAY_API_KEY: user.apiKey, ENERGY_TRAY_API_SECRET: user.secret, ...NO_KEYCHAIN };
  const run = await runCli(['profile', 'create', name, '--base-url', sim.baseUrl, '--node-budget', budget, ...more], { env });
  outputs.push(run);
  return run;
}

const saved = async () => (await new SettingsStore({ dir: data.dir }).load()).settings;

describe('profile create --node-budget', () => {
  it('saves the budget as the app’s setting, and default goes back to the default', async () => {
    const created = await create('Server', '1,500,000', '--json');
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ profile: 'Server', nodeDailyBudget: 1_500_000 });
    expect((await saved()).nodeDailyBudget).toBe(1_500_000);
    expect(sim.requestCount('/user_info')).toBe(1);
    const second = await create('Other', 'default');
    expect(second.code, second.stderr).toBe(0);
    expect((await saved()).nodeDailyBudget).toBeNull();
    expect((await saved()).profiles.map((p) => p.name)).toEqual(['Server', 'Other']);
  }, 60_000);

  it('refuses 0, below the least, above the most and a fraction with the bounds (exit 2); nothing is sent or saved', async () => {
    for (const budget of ['0', '1999', '100000001', '2500.5']) {
      const refused = await create('Server', budget);
      expect(refused.code, budget).toBe(2);
      expect(refused.stderr).toContain('The daily request budget must be a whole number from 2,000 to 100,000,000; nothing was saved.');
    }
    const russian = await create('Server', 'много', '--lang', 'ru');
    expect(russian.code).toBe(2);
    expect(russian.stderr).toMatch(/Дневной лимит запросов должен быть целым числом от 2\s000 до 100\s000\s000/);
    expect(sim.requestCount('/user_info')).toBe(0);
    expect(existsSync(join(data.dir, 'settings.json')) ? (await saved()).profiles : []).toEqual([]);
  }, 60_000);
});
