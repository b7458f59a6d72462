import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarStore } from '../../src/core/credentials/keytar-store.ts';
import { SettingsStore } from '../../src/core/settings/settings-store.ts';
import { startSimulator } from '../../src/core/simulator/index.ts';
import type { Simulator } from '../../src/core/simulator/index.ts';
import { allText, canaryUser } from './fixture.ts';
import { ADDRESS, runCli, tempUserData } from './run-cli.ts';
import type { CliRun } from './run-cli.ts';

/**
 * Credentials saved for a profile go only to that profile's base URL. A second
 * local server stands in for "another host" and records every request's
 * headers, so the test sees exactly what would have reached it. Real keychain,
 * as in login.test.ts.
 */
const runKeychain = process.env['ENERGY_TRAY_SECRET_SERVICE'] === '1' || process.env['CI'] === 'true';
const why = 'no Secret Service: run through `bash scripts/with-keyring.sh npx vitest run test/cli` (set CI=true to force)';

interface Recorder {
  url: string;
  seen: IncomingHttpHeaders[];
  close(): Promise<void>;
}

async function startRecorder(): Promise<Recorder> {
  const seen: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":0,"msg":"not here","time":"0","data":null}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!runKeychain)(`saved credentials and an overriding base URL${runKeychain ? '' : ` (skipped: ${why})`}`, () => {
  const saved = canaryUser();
  const other = canaryUser();
  let sim: Simulator;
  let elsewhere: Recorder;
  let userData: { dir: string; remove: () => Promise<void> };
  const outputs: CliRun[] = [];
  const cli = async (args: string[], env: Record<string, string> = {}, stdin?: string): Promise<CliRun> => {
    const run = await runCli(args, { env: { ENERGY_TRAY_USER_DATA: userData.dir, ...env }, ...(stdin === undefined ? {} : { stdin }) });
    outputs.push(run);
    return run;
  };

  beforeAll(async () => {
    sim = await startSimulator({ users: [saved, other] });
    elsewhere = await startRecorder();
    userData = await tempUserData();
    const login = await cli(['login', '--base-url', sim.baseUrl], {}, `${saved.apiKey}\n${saved.secret}\n`);
    expect(login.code, login.stderr).toBe(0);
  });
  afterAll(async () => {
    const { settings } = await new SettingsStore({ dir: userData.dir }).load();
    for (const p of settings.profiles) await new KeytarStore().delete(p.id).catch(() => false);
    await sim.close();
    await elsewhere.close();
    await userData.remove();
    const text = allText(outputs);
    for (const secret of [saved.secret, other.secret, saved.apiKey, other.apiKey]) expect(text).not.toContain(secret);
  });

  it('--base-url or ENERGY_TRAY_BASE_URL elsewhere: exit 3 with the reason, and that host receives nothing', async () => {
    const expected =
      `The login saved for profile "Default" belongs to ${sim.baseUrl}, so its key and secret are not sent to ${elsewhere.url} ` +
      '(from SOURCE). To use that address, set ENERGY_TRAY_API_KEY and ENERGY_TRAY_API_SECRET, ' +
      `or log in to it: npm run -s cli -- login --base-url ${elsewhere.url} --profile NAME.\n`;
    const runs: Array<[string[], Record<string, string>, string]> = [
      [['balance', '--base-url', elsewhere.url], {}, '--base-url'],
      [['balance'], { ENERGY_TRAY_BASE_URL: elsewhere.url }, 'ENERGY_TRAY_BASE_URL'],
      [['buy-energy', ADDRESS, '--count', '65000', '--period', '1h', '--yes', '--base-url', elsewhere.url], {}, '--base-url'],
      [['fast-topup', ADDRESS, '--resource', 'net', '--count', '300', '--dry-run'], { ENERGY_TRAY_BASE_URL: elsewhere.url }, 'ENERGY_TRAY_BASE_URL'],
      [['watch', 'EN17000000000000001', '--base-url', elsewhere.url], {}, '--base-url'],
    ];
    for (const [args, env, source] of runs) {
      const run = await cli(args, env);
      expect(run.code, run.stderr).toBe(3);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(expected.replace('SOURCE', source));
    }
    expect(elsewhere.seen).toEqual([]);
  });

  it('status shows the overriding URL, its source, and that the saved login would not be sent there', async () => {
    const run = await cli(['status', '--base-url', elsewhere.url, '--json']);
    expect(JSON.parse(run.stdout)).toMatchObject({
      profile: 'Default',
      baseUrl: elsewhere.url,
      baseUrlSource: 'flag',
      savedBaseUrl: sim.baseUrl,
      secretStored: true,
      credentials: 'refused',
    });
    expect(elsewhere.seen).toEqual([]);
  });

  it('with credentials from the environment the override is used, with those credentials only', async () => {
    const env = { ENERGY_TRAY_API_KEY: other.apiKey, ENERGY_TRAY_API_SECRET: other.secret };
    const run = await cli(['balance', '--base-url', elsewhere.url], env);
    expect(run.code).toBe(5);
    expect(elsewhere.seen.length).toBeGreaterThan(0);
    for (const headers of elsewhere.seen) expect(headers['x-api-key']).toBe(other.apiKey);
    expect(JSON.stringify(elsewhere.seen)).not.toContain(saved.apiKey);
  });

  it('the saved URL itself, given explicitly, still uses the saved login', async () => {
    const before = sim.requests.length;
    const run = await cli(['balance', '--json', '--base-url', `${sim.baseUrl}/`]);
    expect(run.code, run.stderr).toBe(0);
    expect(sim.requests.slice(before).map((r) => r.apiKey)).toEqual([saved.apiKey]);
  });
});
