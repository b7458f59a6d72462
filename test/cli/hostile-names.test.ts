import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { startSimulator, type Simulator } from '../../src/core/simulator/index.ts';
import { canaryUser } from './fixture.ts';
import { runCli, tempUserData } from './run-cli.ts';

/**
 * Issue 21: a profile's name is shown in main's approvals, so the CLI refuses
 * one with a control or text-direction character, as the dashboard does
 * (the core's check, shared), before anything is sent or saved.
 */
describe('the CLI and names that could speak for the app', () => {
  const user = canaryUser();
  let sim: Simulator;
  let userData: { dir: string; remove: () => Promise<void> };

  beforeAll(async () => {
    sim = await startSimulator({ users: [user] });
    userData = await tempUserData();
  });
  afterAll(async () => {
    await sim.close();
    await userData.remove();
  });

  it.each([
    ['a direction override', 'Work\u202E', 'U+202E'],
    ['an isolate', '\u2066Work', 'U+2066'],
    ['an escape sequence', 'Work\u001b[2J', 'U+001B'],
    ['a next-line character', 'Work\u0085Cap: 0 TRX', 'U+0085'],
  ])('login --profile with %s exits 2 naming the character, sends nothing and saves no profile', async (_what, name, codePoint) => {
    const run = await runCli(['login', '--base-url', sim.baseUrl, '--profile', name], { env: { ENERGY_TRAY_USER_DATA: userData.dir }, stdin: `${user.apiKey}\n${user.secret}\n` });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`The profile name contains a control or text-direction character (${codePoint})`);
    // The name itself is not echoed raw to the terminal.
    expect(run.stderr).not.toContain(name);
    expect(sim.requests).toHaveLength(0);
    expect((await new SettingsStore({ dir: userData.dir }).load()).settings.profiles).toEqual([]);
  });
});
