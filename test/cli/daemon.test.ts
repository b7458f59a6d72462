import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { PROFILE_LOCK_FILE } from '../../src/core/settings/profile-lock.ts';
import { profileDataDir } from '../../src/core/settings/user-data-dir.ts';
import { readOnDisk } from '../support/order-db.ts';
import { startDaemonWorld, type DaemonWorld, type LogLine } from './daemon-fixture.ts';
import { ADDRESS } from './run-cli.ts';

/**
 * `energy-tray daemon` as a child process (the real CLI entry) against the
 * service and node simulators on 127.0.0.1, with a throw-away user-data
 * folder and environment credentials whose key and secret are canaries.
 */
let world: DaemonWorld;
beforeAll(async () => {
  // Orders run for 4 s: long enough to stop the daemon while one is on its way.
  world = await startDaemonWorld({ timing: { timedOrderMs: 4_000, fastRecoverMs: 150, reclaimMs: 150 } });
});
afterAll(async () => {
  const text = world.outputs.join('\n');
  await world.close();
  expect(text).not.toContain(world.user.secret);
  expect(text).not.toContain(world.user.apiKey);
});

const events = (lines: readonly LogLine[]): string[] => lines.map((l) => l.event);
const lockFile = (): string => join(profileDataDir(world.userData, world.profileId), PROFILE_LOCK_FILE);
const store = (): string => join(profileDataDir(world.userData, world.profileId), 'orders.sqlite');

describe('energy-tray daemon', () => {
  it('--once: one round (balance, the watched wallet) as JSON lines on stdout, then exit 0 with the profile free again', async () => {
    const run = await world.run(['daemon', '--profile', 'server', '--once']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    const lines = run.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as LogLine);
    for (const line of lines) {
      expect(line).toMatchObject({ time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), level: expect.any(String), event: expect.any(String) });
    }
    expect(events(lines)[0]).toBe('daemon_started');
    expect(lines[0]).toMatchObject({ profile: 'Server', profileId: world.profileId, credentialsFrom: 'env', wallets: 1, once: true });
    expect(lines.find((l) => l.event === 'balance')).toMatchObject({ trxSun: '500000000', stale: false });
    expect(lines.find((l) => l.event === 'wallet' && l['trxSun'] !== null)).toMatchObject({ address: ADDRESS, label: 'Payroll', energyAvailable: '0', trxSun: '50000000', low: true });
    expect(lines.find((l) => l.event === 'round_done')).toMatchObject({ balanceTrxSun: '500000000', wallets: 1, walletsFailed: [], openOrders: 0 });
    expect(events(lines).at(-1)).toBe('daemon_stopped');
    expect(existsSync(lockFile())).toBe(false);
  });

  it('stops on SIGTERM with an order on its way (exit 0, journaled), and the next start follows it to the end without buying again', async () => {
    const bought = await world.run(['buy-energy', ADDRESS, '--count', '65000', '--period', '1h', '--yes', '--json', '--profile', 'Server']);
    expect(bought.code, bought.stderr).toBe(0);
    const { order_sn: orderSn } = JSON.parse(bought.stdout) as { order_sn: string };
    expect(world.sim.requestCount('/buy_energy')).toBe(1);

    const first = world.start(['daemon', '--profile', 'Server']);
    await first.waitFor('daemon_started');
    await first.waitFor('order', (l) => l['orderSn'] === orderSn && l['state'] === 'running');
    first.signal('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(events(first.lines).slice(-2)).toEqual(['daemon_stopping', 'daemon_stopped']);
    expect(first.lines.find((l) => l.event === 'daemon_stopping')).toMatchObject({ signal: 'SIGTERM' });
    expect(readOnDisk(store()).orders).toMatchObject([{ orderSn, state: 'running' }]);
    expect(existsSync(lockFile())).toBe(false);

    const second = world.start(['daemon', '--profile', 'Server']);
    const done = await second.waitFor('order', (l) => l['orderSn'] === orderSn && l['state'] === 'succeeded');
    expect(done).toMatchObject({ chargedSun: '3250000', address: ADDRESS });
    await second.waitFor('notification', (l) => String(l['title']).length > 0);
    second.signal('SIGINT');
    expect(await second.exited).toBe(0);
    expect(world.sim.requestCount('/buy_energy')).toBe(1);
    expect(readOnDisk(store()).orders).toMatchObject([{ orderSn, state: 'succeeded', notifiedAt: expect.any(Number) }]);
  }, 30_000);

  it('refuses a second daemon on the same profile, naming the one that holds it (exit 15)', async () => {
    const running = world.start(['daemon', '--profile', 'Server']);
    await running.waitFor('daemon_started');
    const second = await world.run(['daemon', '--profile', 'Server', '--once']);
    expect(second.code).toBe(15);
    expect(second.stdout).toBe('');
    expect(second.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(second.stderr).toContain(`in use by energy-tray daemon (pid ${running.pid}) since `);
    running.signal('SIGTERM');
    expect(await running.exited).toBe(0);
  }, 30_000);

  it('says what to fix in one line on stderr, with an exit code of its own', async () => {
    const cases: Array<{ args: string[]; env?: Record<string, string | undefined>; code: number; says: RegExp }> = [
      { args: ['--profile', 'Nope'], code: 10, says: /^No saved profile named "Nope" \(saved: "Server"\)\. Create it with .*profile create NAME --base-url URL/ },
      { args: [], env: { ENERGY_TRAY_API_SECRET: undefined }, code: 11, says: /^ENERGY_TRAY_API_SECRET is not set: set both ENERGY_TRAY_API_KEY and ENERGY_TRAY_API_SECRET/ },
      // No credentials in the environment and no keychain to read them from (a system service).
      { args: [], env: { ENERGY_TRAY_API_KEY: undefined, ENERGY_TRAY_API_SECRET: undefined, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' }, code: 12, says: /set ENERGY_TRAY_API_KEY and ENERGY_TRAY_API_SECRET/ },
      { args: [], env: { ENERGY_TRAY_BASE_URL: 'http://127.0.0.1:9/api' }, code: 13, says: /does not end in \/v2, and the daemon may place paid orders/ },
      { args: ['--once', '--base-url', 'not a url'], code: 13, says: /^The service address from --base-url is not valid/ },
    ];
    for (const c of cases) {
      const run = await world.run(['daemon', ...c.args], c.env);
      expect({ code: run.code, stdout: run.stdout }, run.stderr).toEqual({ code: c.code, stdout: '' });
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(c.says);
    }
  }, 30_000);
});

describe('energy-tray daemon with an auto top-up rule', () => {
  let ruled: DaemonWorld;
  beforeAll(async () => {
    // Orders run for 4 s, so the second round finds the first order still on its way.
    ruled = await startDaemonWorld({ timing: { timedOrderMs: 4_000, fastRecoverMs: 150, reclaimMs: 150 } });
    const rule = {
      id: 'rule-payroll',
      profileId: ruled.profileId,
      address: ADDRESS,
      name: 'Keep payroll going',
      enabled: true,
      keepTransfers: 1,
      topUpTransfers: 2,
      option: 'timed',
      period: '1h',
      dailyCapSun: '20000000',
      maxOrdersPerDay: 3,
      createdAt: Date.now() - 60_000,
      unknownCheckedAt: 0,
    };
    // Approved in the app when it was made: the daemon only reads it.
    await new SettingsStore({ dir: ruled.userData }).update((s) => ({ ...s, rules: [rule] }));
  });
  afterAll(async () => {
    const text = ruled.outputs.join('\n');
    await ruled.close();
    expect(text).not.toContain(ruled.user.secret);
  });

  it('--once evaluates the rule on the wallet it reads and buys once; the next round sees the order on its way and buys nothing', async () => {
    const first = await ruled.run(['daemon', '--profile', 'Server', '--once']);
    expect(first.code, first.stderr).toBe(0);
    expect(ruled.sim.requestCount('/buy_energy')).toBe(1);
    const orders = readOnDisk(join(profileDataDir(ruled.userData, ruled.profileId), 'orders.sqlite')).orders;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ kind: 'energy', address: ADDRESS, ruleId: 'rule-payroll' });

    const second = await ruled.run(['daemon', '--profile', 'Server', '--once']);
    expect(second.code, second.stderr).toBe(0);
    expect(ruled.sim.requestCount('/buy_energy')).toBe(1);
  }, 30_000);
});
