import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { OrderJournal } from '../../src/core/orders/order-journal.ts';
import { systemClock } from '../../src/core/base/clock.ts';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { useCliFixture, type CliFixture } from './fixture.ts';
import { readOnDisk } from '../support/order-db.ts';
import { ADDRESS, tempUserData } from './run-cli.ts';

/**
 * The app's daily spending limit holds in the CLI too: the limit from the
 * settings file, today's spend by query from the order store the command
 * journals to (the profile's, the one the app writes; cli-orders/ for
 * environment credentials, with a saved profile of the same service counted
 * too). Refused: exit 4, nothing paid sent.
 */
const fixture = useCliFixture();
let fx: CliFixture;
beforeEach(() => {
  fx = fixture();
});

const paidSent = (): number => fx.sim.requests.filter((r) => ['/buy_energy', '/buy_net', '/buy_fast_recover', '/active_account'].includes(r.path)).length;

async function settings(change: Parameters<SettingsStore['update']>[0]): Promise<void> {
  await new SettingsStore({ dir: fx.userData }).update(change);
}

describe('the daily spending limit in the CLI', () => {
  it('refuses a buy whose fresh quote is over the limit, with --yes and as JSON: exit 4, nothing sent', async () => {
    await settings((s) => ({ ...s, dailyLimitSun: '3000000' }));
    const before = paidSent();
    const run = await fx.cli(['buy-energy', ADDRESS, '--count', '65000', '--period', '1h', '--yes', '--json']);
    expect(run.code).toBe(4);
    const { error } = JSON.parse(run.stderr) as { error: { kind: string; message: string } };
    expect(error.kind).toBe('spending_limit');
    expect(error.message).toContain('it costs 3.25 TRX and only 3.00 TRX of your daily spending limit of 3.00 TRX is left today');
    expect(paidSent()).toBe(before);
  });

  it("counts today's orders of the app's journal for the same service, in flight ones included", async () => {
    const id = randomUUID();
    await settings((s) => ({ ...s, dailyLimitSun: '100000000', profiles: [{ id, name: 'Main', baseUrl: fx.sim.baseUrl, keyHint: null, lastVerifiedAt: null }], activeProfileId: id }));
    const journal = await OrderJournal.open(join(fx.userData, 'profiles', id), systemClock);
    await journal.recordIntent({ kind: 'energy', profileId: id, address: ADDRESS, count: 10_000_000, period: '3day', quotedSun: 98_000_000n });
    await journal.flush();
    const before = paidSent();
    const refused = await fx.cli(['fast-topup', ADDRESS, '--resource', 'energy', '--count', '65000', '--yes']);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('only 2.00 TRX of your daily spending limit of 100.00 TRX is left today');
    const fits = await fx.cli(['buy-net', ADDRESS, '--count', '1000', '--period', '1day', '--yes']);
    expect(fits.code, fits.stderr).toBe(0);
    expect(paidSent()).toBe(before + 1);
  });
});

describe("the CLI's own purchases count: they are journaled in the order store the limit reads", () => {
  const BUY = ['buy-energy', ADDRESS, '--count', '65000', '--period', '1h', '--yes'];
  /** A user-data folder of its own, with a daily limit of 5 TRX (each buy is quoted 3.25 TRX). */
  async function ownFolder(): Promise<Record<string, string>> {
    const userData = await tempUserData();
    folders.push(userData);
    await new SettingsStore({ dir: userData.dir }).update((s) => ({ ...s, dailyLimitSun: '5000000' }));
    return { ENERGY_TRAY_USER_DATA: userData.dir };
  }
  const folders: Array<{ remove(): Promise<void> }> = [];
  afterAll(async () => {
    for (const folder of folders) await folder.remove();
  });
  const storeOf = (env: Record<string, string>) => readOnDisk(join(env['ENERGY_TRAY_USER_DATA']!, 'cli-orders', 'orders.sqlite')).orders;

  it('a second buy of the day that does not fit after the first is refused: exit 4, nothing sent, nothing journaled', async () => {
    const env = await ownFolder();
    expect((await fx.cli(BUY, env)).code).toBe(0);
    const before = paidSent();
    const second = await fx.cli([...BUY, '--json'], env);
    expect(second.code).toBe(4);
    expect((JSON.parse(second.stderr) as { error: { kind: string; message: string } }).error).toMatchObject({
      kind: 'spending_limit',
      message: expect.stringContaining('it costs 3.25 TRX and only 1.75 TRX of your daily spending limit of 5.00 TRX is left today'),
    });
    expect(paidSent()).toBe(before);
    expect(storeOf(env)).toHaveLength(1);
  });

  it('counts an order of unknown outcome at its quote, and one the service refused at submission not at all', async () => {
    const env = await ownFolder();
    fx.sim.faults.inject('/buy_energy', { kind: 'status', status: 400 }, { phase: 'before' });
    expect((await fx.cli(BUY, env)).code).toBe(2);
    fx.sim.faults.inject('/buy_energy', { kind: 'status', status: 500 }, { phase: 'after' });
    expect((await fx.cli(BUY, env)).code).toBe(6);
    expect(storeOf(env).map((o) => o['state'])).toEqual(['failed', 'outcome_unknown']);
    // 3.25 TRX may be gone: the next 3.25 TRX do not fit in 5.
    const before = paidSent();
    expect((await fx.cli(BUY, env)).code).toBe(4);
    expect(paidSent()).toBe(before);
  });
});
