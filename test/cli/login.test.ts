import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarStore } from '../../src/core/credentials/keytar-store.ts';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { startSimulator } from '../../src/core/simulator/index.ts';
import type { Simulator } from '../../src/core/simulator/index.ts';
import { allText, canaryUser } from './fixture.ts';
import { runCli, tempUserData } from './run-cli.ts';
import type { CliRun } from './run-cli.ts';

/**
 * login/logout/status against the real keychain (service "Energy Tray", one
 * entry per random profile id, removed afterwards). `npm test` runs inside
 * scripts/with-keyring.sh, which provides a throw-away Secret Service and sets
 * ENERGY_TRAY_SECRET_SERVICE=1; in CI (CI=true) the suite always runs.
 */
const runKeychain = process.env['ENERGY_TRAY_SECRET_SERVICE'] === '1' || process.env['CI'] === 'true';
const why = 'no Secret Service: run through `bash scripts/with-keyring.sh npx vitest run test/cli` (set CI=true to force)';

describe.skipIf(!runKeychain)(`CLI login, status and logout with the real keychain${runKeychain ? '' : ` (skipped: ${why})`}`, () => {
  const user = canaryUser();
  const other = canaryUser(7_000_000n);
  let sim: Simulator;
  let userData: { dir: string; remove: () => Promise<void> };
  const outputs: CliRun[] = [];

  beforeAll(async () => {
    sim = await startSimulator({ users: [user, other] });
    userData = await tempUserData();
  });
  afterAll(async () => {
    const { settings } = await new SettingsStore({ dir: userData.dir }).load();
    const store = new KeytarStore();
    for (const p of settings.profiles) await store.delete(p.id).catch(() => false);
    await sim.close();
    await userData.remove();
    const text = allText(outputs);
    for (const secret of [user.secret, other.secret, user.apiKey, other.apiKey]) expect(text).not.toContain(secret);
  });

  /** No env credentials: everything comes from the keychain and the settings file. */
  const cli = async (args: string[], stdin?: string, env: Record<string, string> = {}): Promise<CliRun> => {
    const run = await runCli(args, { env: { ENERGY_TRAY_USER_DATA: userData.dir, ...env }, ...(stdin === undefined ? {} : { stdin }) });
    outputs.push(run);
    return run;
  };

  it('a wrong secret is refused with exit 3 and nothing is saved', async () => {
    const run = await cli(['login', '--base-url', sim.baseUrl], `${user.apiKey}\nwrong-secret-${randomUUID()}\n`);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('invalid signature');
    const status = JSON.parse((await cli(['status', '--json'])).stdout) as Record<string, unknown>;
    expect(status['profile']).toBeNull();
  });

  it('login verifies and saves; balance then uses the stored credentials; status shows only the hint', async () => {
    const login = await cli(['login', '--base-url', sim.baseUrl, '--json'], `${user.apiKey}\n${user.secret}\n`);
    expect(login.code, login.stderr).toBe(0);
    expect(JSON.parse(login.stdout)).toEqual({
      profile: 'Default',
      baseUrl: sim.baseUrl,
      keyHint: user.apiKey.slice(-4),
      balance_trx: '500',
      balance_usdt: '100',
    });
    // The same entries the app uses: settings.json in the user-data folder, the keychain under the profile id.
    const { settings } = await new SettingsStore({ dir: userData.dir }).load();
    expect(settings.profiles).toHaveLength(1);
    expect(JSON.stringify(settings)).not.toContain(user.secret);
    expect(await new KeytarStore().get(settings.profiles[0]!.id)).toEqual({ apiKey: user.apiKey, apiSecret: user.secret });

    const before = sim.requestCount('/user_info');
    const balance = await cli(['balance', '--json']);
    expect(balance.code, balance.stderr).toBe(0);
    expect(JSON.parse(balance.stdout)).toEqual({ balance_trx: '500.0000', balance_usdt: '100.0000' });
    expect(sim.requests.slice(before).map((r) => r.apiKey)).toEqual([user.apiKey]);

    const status = await cli(['status']);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`…${user.apiKey.slice(-4)}`);
    expect(status.stdout).toMatch(/Secret stored\s+yes/);
    expect(status.stdout).toContain(sim.baseUrl);
  });

  it('--profile logs in a second account and selects it by name', async () => {
    const login = await cli(['login', '--base-url', sim.baseUrl, '--profile', 'Work'], `${other.apiKey}\n${other.secret}\n`);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain('7.00 TRX');
    expect(login.stdout).toContain('Profile "Work" is now the active profile: commands without --profile use it.');
    const work = JSON.parse((await cli(['balance', '--profile', 'work', '--json'])).stdout) as { balance_trx: string };
    expect(work.balance_trx).toBe('7.0000');
    const status = JSON.parse((await cli(['status', '--profile', 'Default', '--json'])).stdout) as Record<string, unknown>;
    expect(status).toMatchObject({ profile: 'Default', keyHint: user.apiKey.slice(-4), secretStored: true, envCredentials: false });
  });

  it('logout removes the keychain entry; then balance exits 3 with the login hint', async () => {
    for (const name of ['Default', 'Work']) {
      const out = await cli(['logout', '--profile', name, '--json']);
      expect(out.code, out.stderr).toBe(0);
      expect(JSON.parse(out.stdout)).toEqual({ profile: name, loggedOut: true });
    }
    const { settings } = await new SettingsStore({ dir: userData.dir }).load();
    for (const p of settings.profiles) expect(await new KeytarStore().get(p.id)).toBeNull();
    const balance = await cli(['balance']);
    expect(balance.code).toBe(3);
    expect(balance.stderr).toContain('npm run -s cli -- login');
    const status = JSON.parse((await cli(['status', '--json'])).stdout) as Record<string, unknown>;
    expect(status).toMatchObject({ keyHint: null, secretStored: false });
  });

  it('a second logout says there is nothing to remove, and exits 0', async () => {
    const again = await cli(['logout', '--profile', 'Work']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe('Nothing to remove: no key or secret is stored for profile "Work".\n');
    const json = await cli(['logout', '--profile', 'Work', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({ profile: 'Work', loggedOut: false });
  });

  it('without a reachable keychain: login says so (no "demo mode"), and env credentials still work', async () => {
    const noBus = { DBUS_SESSION_BUS_ADDRESS: `unix:path=/nonexistent/energy-tray-${randomUUID()}/bus` };
    const login = await cli(['login', '--base-url', sim.baseUrl, '--profile', 'Offline'], `${user.apiKey}\n${user.secret}\n`, noBus);
    expect(login.code).toBe(1);
    expect(login.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(login.stderr).toMatch(/Secret Service|keychain/);
    expect(login.stderr).toContain('ENERGY_TRAY_API_KEY');
    expect(login.stderr).not.toContain('demo mode');
    const env = { ...noBus, ENERGY_TRAY_API_KEY: user.apiKey, ENERGY_TRAY_API_SECRET: user.secret, ENERGY_TRAY_BASE_URL: sim.baseUrl };
    const balance = await cli(['balance'], undefined, env);
    expect(balance.code, balance.stderr).toBe(0);
  });
});
