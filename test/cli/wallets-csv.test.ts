import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrderJournal } from '../../src/core/orders/order-journal.ts';
import { ProfileLock } from '../../src/core/settings/profile-lock.ts';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { tronAddressFromSeed } from '../../src/core/simulator/tron-address.ts';
import { fixedClock } from '../core/orders/journal-helpers.ts';
import { runCliInPty } from './pty.ts';
import { runCli, tempUserData } from './run-cli.ts';

/** `wallets import` and `wallets export`: a profile's watched wallets and rules as CSV, all lines or none. */
const profileId = randomUUID();
let userData: { dir: string; remove(): Promise<void> };
const env = (): Record<string, string> => ({ ENERGY_TRAY_USER_DATA: userData.dir });
const address = (n: number): string => tronAddressFromSeed(`deposit-${n}`);
const profileDir = (): string => join(userData.dir, 'profiles', profileId);

function csv(lines: number, plan: (n: number) => string = () => ''): string {
  const rows = Array.from({ length: lines }, (_, n) => `"Deposit ${n}, desk",${address(n)},${plan(n)}`);
  return ['label,address,plan', ...rows].join('\n');
}

function file(name: string, text: string): string {
  const path = join(userData.dir, name);
  writeFileSync(path, text);
  return path;
}

async function storedCounts(): Promise<{ wallets: number; rules: number }> {
  const journal = await OrderJournal.open(profileDir(), fixedClock(Date.now()), { quickCheck: false });
  try {
    return { wallets: journal.lists.wallets.load(profileId).length, rules: journal.lists.rules.load(profileId).length };
  } finally {
    journal.close();
  }
}

beforeEach(async () => {
  userData = await tempUserData();
  await new SettingsStore({ dir: userData.dir }).update((s) => ({
    ...s,
    profiles: [{ id: profileId, name: 'Shop', baseUrl: 'https://api.example.com/v2', keyHint: 'abcd', lastVerifiedAt: null }],
    activeProfileId: profileId,
  }));
});

afterEach(async () => {
  await userData.remove();
});

describe('energy-tray wallets import / export', () => {
  it('imports 1,000 watched wallets in one go and exports them as the same file', async () => {
    const text = `${csv(1_000, (n) => (n % 3 === 0 ? 'new' : ''))}\n`;
    const run = await runCli(['wallets', 'import', file('deposits.csv', text)], { env: env() });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Imported 1,000 watched wallets into profile Shop.');
    expect(await storedCounts()).toEqual({ wallets: 1_000, rules: 0 });
    const exported = await runCli(['wallets', 'export'], { env: env() });
    expect(exported.code).toBe(0);
    expect(exported.stdout).toBe(text);
  });

  it('lists every bad line with its number and imports nothing', async () => {
    const lines = csv(1_000).split('\n');
    lines[10] = `Broken,T0000,`;
    lines[500] = `Twice,${address(3)},`;
    lines[900] = `Plan,${tronAddressFromSeed('other')},keep=9`;
    const run = await runCli(['wallets', 'import', file('bad.csv', lines.join('\n'))], { env: env() });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('3 problems; nothing was imported:');
    expect(run.stderr).toMatch(/line 11: the address: Not a valid TRON address/);
    expect(run.stderr).toContain(`line 501: ${address(3)} repeats line 5`);
    expect(run.stderr).toContain('line 901: the plan: a rule needs keep=, topup= and cap= (missing topup=, cap=)');
    expect(await storedCounts()).toEqual({ wallets: 0, rules: 0 });
    // A second import of a good file then finds an address already there.
    await runCli(['wallets', 'import', file('one.csv', csv(1))], { env: env() });
    const again = await runCli(['wallets', 'import', file('one.csv', csv(1))], { env: env() });
    expect(again.stderr).toContain(`line 2: ${address(0)} is already watched`);
  });

  it('adds rules only with --yes or a terminal answer: a script without --yes imports nothing', async () => {
    const path = file('rules.csv', csv(20, (n) => (n % 2 === 0 ? 'keep=2 topup=4 cap=10' : '')));
    const refused = await runCli(['wallets', 'import', path], { env: env() });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('run the import on a terminal to confirm them, or add --yes. Nothing was imported.');
    expect(await storedCounts()).toEqual({ wallets: 0, rules: 0 });
    const agreed = await runCli(['wallets', 'import', path, '--yes', '--json'], { env: env() });
    expect(agreed.code).toBe(0);
    expect(JSON.parse(agreed.stdout)).toEqual({ imported: 20, rules: 10, profile: 'Shop' });
    expect(await storedCounts()).toEqual({ wallets: 20, rules: 10 });
  });

  it('shows the approval words on a terminal and imports nothing unless the answer is yes', async () => {
    const path = file('rules.csv', csv(5, (n) => (n < 4 ? `keep=1 topup=2 cap=${n + 1}` : '')));
    const declined = runCliInPty(['wallets', 'import', path], env());
    await declined.waitFor('[y/N]');
    expect(declined.screen()).toContain('The file adds 4 auto top-up rules. They buy energy without asking again, up to 10.00 TRX a day together:');
    expect(declined.screen()).toContain('Deposit 0, desk');
    expect(declined.screen()).toContain('… and 1 more rule');
    declined.type('n\r');
    expect((await declined.exited).code).toBe(1);
    expect(await storedCounts()).toEqual({ wallets: 0, rules: 0 });
    const agreed = runCliInPty(['wallets', 'import', path], env());
    await agreed.waitFor('[y/N]');
    agreed.type('y\r');
    expect((await agreed.exited).code).toBe(0);
    expect(await storedCounts()).toEqual({ wallets: 5, rules: 4 });
  });

  it('refuses while the app runs the profile, and writes nothing', async () => {
    const lock = ProfileLock.acquire(profileDir(), { program: 'Energy Tray' });
    try {
      const run = await runCli(['wallets', 'import', file('one.csv', csv(1))], { env: env() });
      expect(run.code).toBe(15);
      expect(run.stderr).toContain(`This profile is open in Energy Tray (pid ${process.pid}): import from its dashboard`);
    } finally {
      lock.release();
    }
    expect(await storedCounts()).toEqual({ wallets: 0, rules: 0 });
  });
});
