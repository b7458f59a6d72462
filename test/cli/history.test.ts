import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderJournal } from '../../src/core/orders/order-journal.ts';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { fixedClock } from '../core/orders/journal-helpers.ts';
import { runCli, tempUserData } from './run-cli.ts';

/**
 * `history` reads a profile's order store, written here through the journal
 * itself at chosen local times, and prints it as a table, one JSON array or CSV.
 */
const at = (y: number, m: number, d: number, h = 12): number => new Date(y, m - 1, d, h).getTime();
let userData: { dir: string; remove(): Promise<void> };
const profileId = randomUUID();

async function place(journal: OrderJournal, clock: ReturnType<typeof fixedClock>, when: number, over: { state: 'succeeded' | 'failed' | 'outcome_unknown'; charged: bigint; serial: string; error?: string }): Promise<void> {
  clock.set(when);
  const o = await journal.recordIntent({ kind: 'energy', profileId, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', count: 65_000, period: '1h', quotedSun: over.charged });
  if (over.state === 'outcome_unknown') {
    await journal.recordOutcomeUnknown(o.localId, over.error ?? 'timeout');
    return;
  }
  await journal.recordSubmitted(o.localId, { orderSn: over.serial, chargedSun: over.charged });
  await journal.recordPoll(o.localId, { state: over.state, ...(over.error ? { error: over.error } : {}) });
}

beforeAll(async () => {
  userData = await tempUserData();
  await new SettingsStore({ dir: userData.dir }).update((s) => ({
    ...s,
    profiles: [{ id: profileId, name: 'Main', baseUrl: 'https://api.example.com/v2', keyHint: 'abcd', lastVerifiedAt: null }],
    activeProfileId: profileId,
  }));
  const clock = fixedClock();
  const journal = await OrderJournal.open(join(userData.dir, 'profiles', profileId), clock);
  await place(journal, clock, at(2025, 1, 30), { state: 'succeeded', charged: 3_250_000n, serial: 'EN1' });
  await place(journal, clock, at(2025, 1, 31, 9), { state: 'failed', charged: 2_000_000n, serial: 'EN2', error: 'Refused, "no pool"\nsee 余额' });
  await place(journal, clock, at(2025, 1, 31, 18), { state: 'succeeded', charged: 9_007_199_254_740_993n, serial: 'EN3' });
  await place(journal, clock, at(2025, 2, 3), { state: 'outcome_unknown', charged: 1_000_001n, serial: 'EN4' });
  journal.close();
});
afterAll(async () => {
  await userData.remove();
});

const history = (...args: string[]) => runCli(['history', ...args], { env: { ENERGY_TRAY_USER_DATA: userData.dir } });

describe('energy-tray history', () => {
  it('prints one JSON array, oldest first, with exact amounts as strings', async () => {
    const run = await history('--json');
    expect(run.code, run.stderr).toBe(0);
    const orders = JSON.parse(run.stdout) as Array<Record<string, unknown>>;
    expect(orders.map((o) => o['order_sn'])).toEqual(['EN1', 'EN2', 'EN3', null]);
    expect(orders[2]).toMatchObject({ state: 'succeeded', charged_sun: '9007199254740993', charged_trx: '9007199254.740993', count: 65_000 });
    expect(orders[1]?.['error']).toBe('Refused, "no pool"\nsee 余额');
  });

  it('filters by days (both included, local time) and status, and prints CSV', async () => {
    const run = await history('--since', '2025-01-31', '--until', '2025-01-31', '--status', 'succeeded,failed', '--csv');
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('created_at,local_id,kind,state,address,resource,count,period,order_sn,order_id,quoted_sun,charged_sun,quoted_trx,charged_trx,tx_ids,server_status,error,finished_at,preset_id');
    expect(run.stdout).toContain(',failed,');
    expect(run.stdout).toContain('"Refused, ""no pool""\nsee 余额"');
    expect(run.stdout).toContain(',9007199254740993,9007199254.740993,');
    expect(run.stdout).not.toContain(',EN1,');
    expect(run.stdout.endsWith('\n')).toBe(true);
  });

  it('totals per day, week and month exactly (--json, --csv), by the money rule in the table, with unknown outcomes apart', async () => {
    const days = JSON.parse((await history('--totals', 'day', '--json')).stdout) as unknown[];
    expect(days).toEqual([
      { period: '2025-01-30', orders: 1, spent_sun: '3250000', uncertain_sun: '0', spent_trx: '3.25', uncertain_trx: '0' },
      { period: '2025-01-31', orders: 2, spent_sun: '9007199254740993', uncertain_sun: '0', spent_trx: '9007199254.740993', uncertain_trx: '0' },
      { period: '2025-02-03', orders: 1, spent_sun: '0', uncertain_sun: '1000001', spent_trx: '0', uncertain_trx: '1.000001' },
    ]);
    const weeks = JSON.parse((await history('--totals', 'week', '--json')).stdout) as Array<{ period: string; spent_sun: string }>;
    expect(weeks.map((w) => [w.period, w.spent_sun])).toEqual([
      ['2025-01-27', '9007199257990993'],
      ['2025-02-03', '0'],
    ]);
    const months = await history('--totals', 'month');
    // The table reads as the dashboard does (two decimals, half up); the SUN stay in --json and --csv.
    expect(months.stdout).toMatch(/^month\s+orders\s+spent\s+outcome unknown\n2025-01\s+3\s+9,007,199,257\.99 TRX\s+—\n2025-02\s+1\s+0\.00 TRX\s+1\.00 TRX\n$/);
    const csv = (await history('--totals', 'month', '--csv')).stdout;
    expect(csv).toContain('2025-01,3,9007199257990993,0,');
    expect(csv).toContain('2025-02,1,0,1000001,');
  });

  it('prints a table by default and says when there is nothing', async () => {
    const run = await history('--status', 'stalled');
    expect(run).toMatchObject({ code: 0, stdout: 'No orders.\n' });
    const table = await history();
    expect(table.stdout.split('\n')[0]).toMatch(/^created\s+order\s+state\s+cost\s+serial \/ id\s+address$/);
    expect(table.stdout).toContain('energy 65,000 1h');
  });

  it('refuses a wrong date, status or period, and --csv with --json (exit 2)', async () => {
    for (const [args, message] of [
      [['--since', '31.01.2025'], /--since must be a date written YYYY-MM-DD/],
      [['--until', '2025-02-30'], /--until must be a date/],
      [['--status', 'done'], /--status takes submitting, running/],
      [['--totals', 'year'], /--totals takes day, week or month/],
      [['--csv', '--json'], /Choose one of --csv and --json/],
    ] as const) {
      const run = await history(...args);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });

  it('reads an empty history without creating a store', async () => {
    const empty = await tempUserData();
    const run = await runCli(['history', '--json'], { env: { ENERGY_TRAY_USER_DATA: empty.dir } });
    expect(run).toMatchObject({ code: 0, stdout: '[]\n' });
    await empty.remove();
  });
});
