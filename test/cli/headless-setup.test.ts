import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/core/simulator/index.ts';
import { startNodeSimulator, type NodeSimulator } from '../../src/core/simulator/node/node-simulator.ts';
import { profileDataDir } from '../../src/core/settings/user-data-dir.ts';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { shownName } from '../../src/shared/user-names.ts';
import { readOnDisk } from '../support/order-db.ts';
import { canaryUser } from './fixture.ts';
import { ADDRESS, runCli, tempUserData, type CliRun } from './run-cli.ts';

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
  expect((await new SettingsStore({ dir: data.dir }).load()).settings.rules).toEqual([]);

  const added = await cli([...rule, '--yes'], env);
  expect(added.code, added.stderr).toBe(0);
  expect(added.stderr).toContain(`Add the auto top-up “${shownName('Keep payroll going')}”?`);
  expect(sim.requestCount('/buy_energy')).toBe(0);

  const round = await cli(['daemon', '--once'], env);
  expect(round.code, round.stderr).toBe(0);
  expect(round.stdout).toContain(`"credentialsFrom":"${credentials}"`);
  expect(sim.requestCount('/buy_energy')).toBe(1);
  const profileId = (await new SettingsStore({ dir: data.dir }).load()).settings.profiles[0]?.id ?? '';
  const orders = readOnDisk(join(profileDataDir(data.dir, profileId), 'orders.sqlite')).orders;
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ kind: 'energy', address: ADDRESS, ruleId: expect.any(String) });
}

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
