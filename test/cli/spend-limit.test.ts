import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { OrderJournal } from '../../src/core/orders/order-journal.ts';
import { systemClock } from '../../src/core/base/clock.ts';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { useCliFixture, type CliFixture } from './fixture.ts';
import { ADDRESS } from './run-cli.ts';

/**
 * The app's daily spending limit holds in the CLI too: the limit from the
 * settings file, today's spend from the profile's order history (the same
 * journal the app writes). Refused: exit 4, nothing paid sent.
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
