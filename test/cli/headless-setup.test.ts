import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/core/simulator/index.ts';
import { startNodeSimulator, type NodeSimulator } from '../../src/core/simulator/node/node-simulator.ts';
import { PROFILE_LOCK_FILE } from '../../src/core/settings/profile-lock.ts';
import { profileDataDir } from '../../src/core/settings/user-data-dir.ts';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { shownName } from '../../src/shared/user-names.ts';
import { readOnDisk } from '../support/order-db.ts';
import { canaryUser } from './fixture.ts';
import { startAlertReceivers, type AlertReceivers } from './daemon-ops-fakes.ts';
import { watchChild } from './daemon-fixture.ts';
import { ADDRESS, childEnv, MAIN, runCli, tempUserData, type CliRun } from './run-cli.ts';
import { storedListOf } from '../../src/core/orders/stored-lists.ts';
import { parseStoredRules } from '../../src/core/rules/rule.ts';
import { parseStoredWallets } from '../../src/core/wallets/watched-wallet.ts';

/** The profile's wallets and rules where they are kept (its order store, issue 25), with the settings file. */
async function storedLists(dir: string) {
  const { settings } = await new SettingsStore({ dir }).load();
  const id = settings.profiles[0]?.id ?? '';
  const at = profileDataDir(dir, id);
  const wallets = storedListOf(at, id, 'wallets', settings.wallets, parseStoredWallets);
  return { settings, wallets, rules: storedListOf(at, id, 'rules', settings.rules, parseStoredRules) };
}

/**
 * A server's first setup from the command line alone (issue 26): no desktop,
 * no keychain (the D-Bus session points nowhere), credentials only in the
 * environment, then only in a systemd credentials folder. Create the
 * profile, watch a wallet, add a rule (refused without --yes when no
 * terminal can ask), run one daemon round: the rule buys.
 */
const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
const outputs: CliRun[] = [];
let sim: Simulator;
let node: NodeSimulator;
let data: { dir: string; remove: () => Promise<void> };
const user = canaryUser();

beforeEach(async () => {
  sim = await startSimulator({ users: [user], timing: { timedOrderMs: 150, fastRecoverMs: 150, reclaimMs: 150 } });
  node = await startNodeSimulator({ delegations: sim.delegations, wallets: [{ address: ADDRESS, trxSun: 50_000_000n }], spending: null });
  data = await tempUserData();
});
afterEach(async () => {
  await node.close();
  await sim.close();
  await data.remove();
});
afterAll(() => {
  const text = outputs.map((r) => r.stdout + r.stderr).join('\n');
  expect(text).not.toContain(user.secret);
  expect(text).not.toContain(user.apiKey);
});

async function cli(args: readonly string[], env: Record<string, string | undefined>): Promise<CliRun> {
  const run = await runCli(args, { env: { ENERGY_TRAY_USER_DATA: data.dir, ...NO_KEYCHAIN, ...env } });
  outputs.push(run);
  return run;
}

async function setUpAndRun(env: Record<string, string | undefined>, credentials: 'env' | 'systemd'): Promise<void> {
  const created = await cli(['profile', 'create', 'Server', '--base-url', sim.baseUrl, '--node-url', node.baseUrl, '--json'], env);
  expect(created.code, created.stderr).toBe(0);
  expect(JSON.parse(created.stdout)).toMatchObject({ profile: 'Server', credentials, balance_trx: '500' });
  const settingsText = await readFile(join(data.dir, 'settings.json'), 'utf8');
  expect(settingsText).not.toContain(user.secret);
  expect(settingsText).not.toContain(user.apiKey);

  const watched = await cli(['wallets', 'add', ADDRESS, '--label', 'Payroll'], env);
  expect(watched.code, watched.stderr).toBe(0);
  expect(watched.stdout).toContain(`Watching "Payroll" (${ADDRESS}).`);

  const rule = ['rules', 'add', 'Keep payroll going', '--wallet', 'Payroll', '--keep', '1', '--top-up', '2', '--cap', '20'];
  const refused = await cli(rule, env);
  expect(refused.code).toBe(1);
  // The words main's approval dialog shows, then why nothing changed.
  expect(refused.stderr).toContain(`Add the auto top-up “${shownName('Keep payroll going')}”?`);
  expect(refused.stderr).toContain(`Address: ${ADDRESS}`);
  expect(refused.stderr).toContain('run it again with --yes. Nothing was changed.');
  expect((await storedLists(data.dir)).rules).toEqual([]);

  const added = await cli([...rule, '--yes'], env);
  expect(added.code, added.stderr).toBe(0);
  expect(added.stderr).toContain(`Add the auto top-up “${shownName('Keep payroll going')}”?`);
  expect(sim.requestCount('/buy_energy')).toBe(0);
  // A price ceiling of 60 SUN per energy: under the burn price (100), over the service's (50).
  const ceiling = await cli(['rules', 'set', 'Keep payroll going', '--max-sun-per-energy', '60', '--yes', '--json'], env);
  expect(ceiling.code, ceiling.stderr).toBe(0);
  expect(JSON.parse(ceiling.stdout)).toMatchObject({ rules: [{ name: 'Keep payroll going', maxSunPerEnergy: '60' }] });

  const round = await cli(['daemon', '--once'], env);
  expect(round.code, round.stderr).toBe(0);
  expect(round.stdout).toContain(`"credentialsFrom":"${credentials}"`);
  expect(sim.requestCount('/buy_energy')).toBe(1);
  const profileId = (await new SettingsStore({ dir: data.dir }).load()).settings.profiles[0]?.id ?? '';
  const orders = readOnDisk(join(profileDataDir(data.dir, profileId), 'orders.sqlite')).orders;
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ kind: 'energy', address: ADDRESS, ruleId: expect.any(String) });
}

/** A server's whole setup in one file: the profile, its node, a watched wallet and its rule, a webhook for alerts. */
function serverFile(o: { hook: string; ceiling?: number }): string {
  return `[profile]
name = "Server"
base_url = "${sim.baseUrl}"

[node]
url = "${node.baseUrl}"

[[wallets]]
label = "Payroll"
address = "${ADDRESS}"

[[rules]]
name = "Keep payroll going"
wallet = "Payroll"
keep_transfers = 1
top_up_transfers = 2
daily_cap_trx = "20"
${o.ceiling === undefined ? '' : `max_sun_per_energy = ${o.ceiling}\n`}
[alerts.webhook]
url = "${o.hook}/hook"
secret = { env = "HOOK_SECRET" }
`;
}

async function withCredentials(kind: 'env' | 'systemd', work: (env: Record<string, string>) => Promise<void>): Promise<void> {
  if (kind === 'env') return work({ ENERGY_TRAY_API_KEY: user.apiKey, ENERGY_TRAY_API_SECRET: user.secret });
  const dir = await mkdtemp(join(tmpdir(), 'energy-tray-credentials-'));
  try {
    await writeFile(join(dir, 'api-key'), `${user.apiKey}\n`);
    await writeFile(join(dir, 'api-secret'), `${user.secret}\n`);
    await chmod(dir, 0o500);
    await work({ CREDENTIALS_DIRECTORY: dir });
  } finally {
    await chmod(dir, 0o700);
    await rm(dir, { recursive: true, force: true });
  }
}

describe('setting a server up from a --config file alone', () => {
  let receivers: AlertReceivers;
  beforeEach(async () => {
    receivers = await startAlertReceivers();
  });
  afterEach(async () => {
    await receivers.close();
  });

  for (const kind of ['env', 'systemd'] as const) {
    it(`creates the profile, the wallet and the rule from the file, and the rule buys (credentials: ${kind})`, async () => {
      await withCredentials(kind, async (credentials) => {
        const file = join(data.dir, 'daemon.toml');
        // A price ceiling of 60 SUN per energy, under the burn price (100) and over the service's price (50).
        await writeFile(file, serverFile({ hook: receivers.url, ceiling: 60 }), { mode: 0o600 });
        const round = await cli(['daemon', '--config', file, '--once'], { ...credentials, HOOK_SECRET: 'hook-secret' });
        expect(round.code, round.stderr).toBe(0);
        expect(round.stdout).toContain(`"credentialsFrom":"${kind}"`);
        expect(sim.requestCount('/buy_energy')).toBe(1);
        const { settings, wallets, rules } = await storedLists(data.dir);
        expect(settings.profiles.map((p) => p.name)).toEqual(['Server']);
        expect(wallets).toMatchObject([{ address: ADDRESS, label: 'Payroll' }]);
        expect(rules).toMatchObject([{ name: 'Keep payroll going', address: ADDRESS, maxSunPerEnergy: '60' }]);
        const settingsText = await readFile(join(data.dir, 'settings.json'), 'utf8');
        for (const secret of [user.secret, user.apiKey, 'hook-secret']) expect(settingsText).not.toContain(secret);
        const orders = readOnDisk(join(profileDataDir(data.dir, settings.profiles[0]?.id ?? ''), 'orders.sqlite')).orders;
        expect(orders).toMatchObject([{ kind: 'energy', address: ADDRESS, ruleId: rules[0]?.id }]);
      });
    }, 60_000);
  }

  it('tells the webhook, in the daemon\'s language, when the rule refuses a price above the burn cost; nothing is bought', async () => {
    // The chain's energy fee at 10 SUN: burning is cheaper than any rental the service quotes.
    await node.close();
    node = await startNodeSimulator({ delegations: sim.delegations, wallets: [{ address: ADDRESS, trxSun: 50_000_000n }], spending: null, params: { energyFeeSun: 10n } });
    const file = join(data.dir, 'daemon.toml');
    await writeFile(file, serverFile({ hook: receivers.url }), { mode: 0o600 });
    const env = { ENERGY_TRAY_API_KEY: user.apiKey, ENERGY_TRAY_API_SECRET: user.secret, HOOK_SECRET: 'hook-secret' };
    const round = await cli(['daemon', '--config', file, '--once', '--lang', 'ru'], env);
    expect(round.code, round.stderr).toBe(0);
    expect(sim.requestCount('/buy_energy')).toBe(0);
    // --once delivers its alerts before it exits; amounts by the one money rule (two decimals).
    const told = receivers.received.map((r) => JSON.parse(r.body) as { key: string; event: string; state: string; text: string });
    const refused = told.filter((m) => m.event === 'rule_refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ state: 'firing', key: expect.stringMatching(/^rule_refused:.+:above_burn_cost$/) });
    expect(refused[0]?.text).toMatch(/^Правило автопополнения «\u2068Keep payroll going\u2069» не купило: Аренда 128\s570 энергии сейчас стоит 6,43 TRX; сжигание TRX обошлось бы в 1,29 TRX\. Не куплено\.$/u);
  }, 60_000);
});

describe('a reload that cannot open the core again', () => {
  it('stops the daemon with the failure\'s exit code rather than running without a core', async () => {
    // A second profile, held by a daemon on another host (a shared folder): the reloaded file names it.
    const otherId = randomUUID();
    await new SettingsStore({ dir: data.dir }).update((s) => ({
      ...s,
      profiles: [{ id: otherId, name: 'Other', baseUrl: sim.baseUrl, keyHint: null, lastVerifiedAt: null }],
    }));
    await mkdir(profileDataDir(data.dir, otherId), { recursive: true });
    const holder = { pid: 4242, since: Date.now(), host: 'elsewhere.example', program: 'energy-tray daemon' };
    await writeFile(join(profileDataDir(data.dir, otherId), PROFILE_LOCK_FILE), `${JSON.stringify(holder)}\n`);
    const file = join(data.dir, 'daemon.toml');
    await writeFile(file, serverFile({ hook: 'http://127.0.0.1:9' }), { mode: 0o600 });
    const outputs: string[] = [];
    const credentials = { ENERGY_TRAY_API_KEY: user.apiKey, ENERGY_TRAY_API_SECRET: user.secret, HOOK_SECRET: 'hook-secret' };
    const env = childEnv({ ENERGY_TRAY_USER_DATA: data.dir, ...NO_KEYCHAIN, ...credentials });
    const daemon = watchChild(spawn(process.execPath, [MAIN, 'daemon', '--config', file], { env, stdio: 'pipe' }), outputs);
    await daemon.waitFor('daemon_started');
    await writeFile(file, serverFile({ hook: 'http://127.0.0.1:9' }).replace('name = "Server"', 'name = "Other"'), { mode: 0o600 });
    daemon.signal('SIGHUP');
    expect(await daemon.exited).toBe(15);
    expect(daemon.lines.find((l) => l.event === 'reload_failed')).toBeDefined();
    expect(daemon.lines.at(-1)).toMatchObject({ event: 'daemon_stopped', exitCode: 15 });
    expect(daemon.stderr()).toContain('elsewhere.example');
    for (const secret of [user.apiKey, user.secret]) expect(outputs.join('\n')).not.toContain(secret);
  }, 60_000);
});

describe('setting a server up from the command line', () => {
  it('with credentials only in the environment', async () => {
    await setUpAndRun({ ENERGY_TRAY_API_KEY: user.apiKey, ENERGY_TRAY_API_SECRET: user.secret }, 'env');
  }, 60_000);

  it('with credentials only in a systemd credentials folder ($CREDENTIALS_DIRECTORY)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'energy-tray-credentials-'));
    try {
      await writeFile(join(dir, 'api-key'), `${user.apiKey}\n`);
      await writeFile(join(dir, 'api-secret'), `${user.secret}\n`);
      await chmod(dir, 0o500);
      await setUpAndRun({ CREDENTIALS_DIRECTORY: dir }, 'systemd');
    } finally {
      await chmod(dir, 0o700);
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('names that could speak for the app', () => {
  it('are refused on the command line and in the file, each with what is wrong, and nothing is saved', async () => {
    const env = { ENERGY_TRAY_API_KEY: user.apiKey, ENERGY_TRAY_API_SECRET: user.secret };
    expect((await cli(['profile', 'create', 'Server', '--base-url', sim.baseUrl, '--node-url', node.baseUrl], env)).code).toBe(0);
    const label = await cli(['wallets', 'add', ADDRESS, '--label', 'Pay\u202eroll'], env);
    expect(label.code).toBe(2);
    expect(label.stderr).toContain('control or text-direction character (U+202E)');
    expect((await cli(['wallets', 'add', ADDRESS, '--label', 'Payroll'], env)).code).toBe(0);
    const rule = await cli(['rules', 'add', 'Keep\nApproved by Energy Tray', '--wallet', 'Payroll', '--cap', '20', '--yes'], env);
    expect(rule.code).toBe(2);
    expect(rule.stderr).toContain('(U+000A)');
    const { wallets, rules } = await storedLists(data.dir);
    expect(wallets).toMatchObject([{ label: 'Payroll' }]);
    expect(rules).toEqual([]);

    const file = join(data.dir, 'daemon.toml');
    const text = `[profile]\nname = "Server"\nbase_url = "${sim.baseUrl}"\n\n[[wallets]]\nlabel = "Pay\\u2067roll"\naddress = "${ADDRESS}"\n`;
    await writeFile(file, text, { mode: 0o600 });
    const daemon = await cli(['daemon', '--config', file, '--once'], env);
    expect(daemon.code).toBe(17);
    expect(daemon.stderr).toContain(`${file}:6: wallets.label:`);
    expect(daemon.stderr).toContain('(U+2067)');
    expect(sim.requestCount('/buy_energy')).toBe(0);
  }, 60_000);
});

/** `profile create … --node-budget N|default`: the node's daily request budget set on a server, checked as the app checks it. */
describe('profile create --node-budget', () => {
  const env = { ENERGY_TRAY_API_KEY: user.apiKey, ENERGY_TRAY_API_SECRET: user.secret };
  const create = (name: string, budget: string, ...more: string[]): Promise<CliRun> =>
    cli(['profile', 'create', name, '--base-url', sim.baseUrl, '--node-budget', budget, ...more], env);
  const saved = async () => (await new SettingsStore({ dir: data.dir }).load()).settings;

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
