import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { runCliInPty } from './pty.ts';
import { runCli, tempUserData } from './run-cli.ts';
import { VALID_ADDRESS as A } from '../support/addresses.ts';

const B = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * `energy-tray allowance` (issue 27): the profile's assistant allowance, set
 * from the command line with the words of main's approval asked on the
 * terminal, --yes for scripts, and nothing changed without either.
 */
describe('energy-tray allowance', () => {
  let data: { dir: string; remove(): Promise<void> };
  const profileId = randomUUID();
  const cli = (args: string[]) => runCli(['allowance', ...args], { env: { ENERGY_TRAY_USER_DATA: data.dir } });
  const stored = async () => (await new SettingsStore({ dir: data.dir }).load()).settings.assistantAllowances ?? [];

  beforeAll(async () => {
    data = await tempUserData();
    await new SettingsStore({ dir: data.dir }).update((s) => ({
      ...s,
      profiles: [{ id: profileId, name: 'Work', baseUrl: 'https://api.example.com/v2', keyHint: 'ab12', lastVerifiedAt: 1 }],
      activeProfileId: profileId,
    }));
  });
  afterAll(async () => data.remove());

  it('is off by default', async () => {
    const run = await cli(['--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ profile: 'Work', enabled: false, per_day_sun: null, per_order_sun: null, addresses: null, spent_today_sun: '0', orders_today: 0 });
  });

  it("asks with the approval's words; without a terminal and without --yes it changes nothing", async () => {
    const run = await cli(['--per-day', '20', '--per-order', '5']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Let AI assistants buy energy, up to 20.00 TRX a day?');
    expect(run.stderr).toContain('• Per order: off → 5.00 TRX');
    expect(run.stderr).toMatch(/needs a yes on a terminal, or --yes/);
    expect(await stored()).toEqual([]);
  });

  it('on a terminal, only yes turns it on', async () => {
    const no = runCliInPty(['allowance', '--per-day', '20', '--per-order', '5'], { ENERGY_TRAY_USER_DATA: data.dir });
    await no.waitFor('Allow? [y/N]');
    no.type('n\r');
    expect((await no.exited).code).toBe(1);
    expect(await stored()).toEqual([]);
    const yes = runCliInPty(['allowance', '--per-day', '20', '--per-order', '5'], { ENERGY_TRAY_USER_DATA: data.dir });
    await yes.waitFor('Allow? [y/N]');
    yes.type('y\r');
    const done = await yes.exited;
    expect(done.code, done.screen).toBe(0);
    expect(done.screen).toMatch(/Per day\s+20\.00 TRX/);
    expect(await stored()).toEqual([expect.objectContaining({ profileId, dailySun: '20000000', perOrderSun: '5000000', watchedOnly: true })]);
  }, 30_000);

  it('lowers without asking; widening or raising asks again (--yes answers it)', async () => {
    const lower = await cli(['--per-order', '2', '--json']);
    expect(lower.code, lower.stderr).toBe(0);
    expect(lower.stderr).toBe('');
    expect(JSON.parse(lower.stdout)).toMatchObject({ enabled: true, per_day_sun: '20000000', per_order_sun: '2000000', addresses: 'watched' });
    const wider = await cli(['--addresses', `${A}, ${B}`]);
    expect(wider.code).toBe(1);
    expect(await stored()).toEqual([expect.objectContaining({ watchedOnly: true })]);
    const approved = await cli(['--addresses', `${A},${B}`, '--yes', '--json']);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stderr).toContain(`• Address: ${B}`);
    expect(JSON.parse(approved.stdout)).toMatchObject({ addresses: [A, B] });
  });

  it('refuses a bad figure or address with its reason (exit 2), and --off turns it off without a question', async () => {
    const bad = await cli(['--per-day', '1e3', '--addresses', 'Tnope', '--yes']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--per-day: give TRX as a plain number/);
    expect(bad.stderr).toMatch(/--addresses: Tnope is not a valid TRON address/);
    expect(await stored()).toEqual([expect.objectContaining({ addresses: [A, B] })]);
    expect((await cli(['--off', '--per-day', '3'])).code).toBe(2);
    const off = await cli(['--off']);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toContain('The assistant allowance is off');
    expect(await stored()).toEqual([]);
  });
});
