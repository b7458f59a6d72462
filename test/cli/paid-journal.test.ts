import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/base/clock.ts';
import { OrderJournal } from '../../src/core/orders/order-journal.ts';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { holdWriteLock, readOnDisk } from '../support/order-db.ts';
import { allText, startCliFixture, type CliFixture } from './fixture.ts';
import { ADDRESS, ADDRESS_B } from './run-cli.ts';

/**
 * The CLI's paid commands journal like the app: the intent is committed to
 * the profile's order store before the request is sent, the answer after.
 * The simulator checks, as each paid order arrives, that its intent is already
 * on disk.
 */
let fx: CliFixture;
/** For every order the simulator accepted: was its intent on disk (state submitting) when the request arrived? */
const onDiskWhenSent: Array<{ address: string; state: unknown }> = [];
let storeOfAddress: (address: string) => string | undefined = () => undefined;

beforeAll(async () => {
  fx = await startCliFixture({
    finishAt: (order) => {
      const store = storeOfAddress(order.address);
      const row = store && existsSync(store) ? readOnDisk(store).orders.find((o) => o['address'] === order.address && o['state'] === 'submitting') : undefined;
      onDiskWhenSent.push({ address: order.address, state: row?.['state'] });
      return undefined;
    },
  });
});
afterAll(async () => {
  const text = allText(fx.outputs);
  await fx.close();
  expect(text).not.toContain(fx.user.secret);
});

const cliStore = (): string => join(fx.userData, 'cli-orders', 'orders.sqlite');

describe('CLI paid commands and the order store', () => {
  it('commits the intent before sending and records the answer after, in cli-orders/ for environment credentials', async () => {
    storeOfAddress = () => cliStore();
    const run = await fx.cli(['buy-energy', ADDRESS, '--count', '65000', '--period', '1h', '--yes', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const receipt = JSON.parse(run.stdout) as { order_sn: string };
    expect(onDiskWhenSent).toEqual([{ address: ADDRESS, state: 'submitting' }]);
    const [order] = readOnDisk(cliStore()).orders;
    expect(order).toMatchObject({ kind: 'energy', address: ADDRESS, count: 65_000, period: '1h', state: 'running', orderSn: receipt.order_sn, origin: 'cli' });
    // Still running: left unnotified, so the app follows it and tells when it finishes.
    expect(order?.['notifiedAt']).toBeNull();
  });

  it('marks an outcome it printed as notified: an activation, and an unknown outcome', async () => {
    const activation = await fx.cli(['activate', ADDRESS_B, '--yes']);
    expect(activation.code, activation.stderr).toBe(0);
    fx.sim.faults.inject('/buy_fast_recover', { kind: 'status', status: 500 }, { phase: 'after' });
    const unknown = await fx.cli(['fast-topup', ADDRESS, '--resource', 'energy', '--count', '65000', '--yes', '--json']);
    expect(unknown.code).toBe(6);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ error: { kind: 'outcome_unknown' } });
    const orders = readOnDisk(cliStore()).orders;
    expect(orders.find((o) => o['kind'] === 'activation')).toMatchObject({ state: 'succeeded', notifiedAt: expect.any(Number) });
    expect(orders.find((o) => o['kind'] === 'fast_recover')).toMatchObject({ state: 'outcome_unknown', notifiedAt: expect.any(Number) });
  });

  it('sends nothing when the intent cannot be written: a storage error, exit 1', async () => {
    const release = holdWriteLock(cliStore());
    const before = fx.sim.requestCount('/buy_energy');
    const run = await fx.cli(['buy-energy', ADDRESS, '--count', '65000', '--period', '1h', '--yes', '--json']);
    release();
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stderr)).toMatchObject({ error: { kind: 'storage', message: expect.stringMatching(/Could not save the order journal .*Nothing was sent\./) } });
    expect(fx.sim.requestCount('/buy_energy')).toBe(before);
  }, 20_000);

  it('refuses a store of a newer version and sends nothing', async () => {
    const userData = join(fx.userData, 'newer');
    const dir = join(userData, 'cli-orders');
    mkdirSync(dir, { recursive: true });
    const db = new DatabaseSync(join(dir, 'orders.sqlite'));
    db.exec('PRAGMA user_version = 42');
    db.close();
    const before = fx.sim.requestCount('/buy_energy');
    const run = await fx.cli(['buy-energy', ADDRESS, '--count', '65000', '--period', '1h', '--yes'], { ENERGY_TRAY_USER_DATA: userData });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/written by a newer version of the app \(schema 42/);
    expect(fx.sim.requestCount('/buy_energy')).toBe(before);
  });

  it("journals into the profile's store, which the app reads while it has it open", async () => {
    const userData = join(fx.userData, 'with-profile');
    const profileId = randomUUID();
    await new SettingsStore({ dir: userData }).update((s) => ({
      ...s,
      profiles: [{ id: profileId, name: 'Main', baseUrl: fx.sim.baseUrl, keyHint: fx.user.apiKey.slice(-4), lastVerifiedAt: null }],
      activeProfileId: profileId,
    }));
    const app = await OrderJournal.open(join(userData, 'profiles', profileId), systemClock);
    storeOfAddress = () => join(userData, 'profiles', profileId, 'orders.sqlite');
    try {
      // Environment credentials without an address of their own use the active profile's address and store.
      const run = await fx.cli(['buy-net', ADDRESS, '--count', '1000', '--period', '1day', '--yes'], { ENERGY_TRAY_USER_DATA: userData, ENERGY_TRAY_BASE_URL: undefined });
      expect(run.code, run.stderr).toBe(0);
      expect(onDiskWhenSent.at(-1)).toEqual({ address: ADDRESS, state: 'submitting' });
      const page = app.history.page({}, 0, 10);
      expect(page.total).toBe(1);
      expect(page.rows[0]?.order).toMatchObject({ kind: 'net', profileId, state: 'running' });
    } finally {
      app.close();
    }
  });
});
