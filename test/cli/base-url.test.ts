import { beforeEach, describe, expect, it } from 'vitest';
import { useCliFixture } from './fixture.ts';
import type { CliFixture } from './fixture.ts';
import { ADDRESS } from './run-cli.ts';

const fixture = useCliFixture();
let fx: CliFixture;
beforeEach(() => {
  fx = fixture();
});

const PAID_COMMANDS = [
  ['buy-energy', ADDRESS, '--count', '65000', '--period', '1h'],
  ['buy-net', ADDRESS, '--count', '1000', '--period', '1day'],
  ['fast-topup', ADDRESS, '--resource', 'energy', '--count', '40000'],
  ['activate', ADDRESS],
  ['reclaim', 'EN17000000000000001', ADDRESS],
];

describe('a base URL that does not end in /v2', () => {
  it('paid commands are refused with the reason (exit 2) and send nothing, from --base-url or the environment', async () => {
    const origin = new URL(fx.sim.baseUrl).origin;
    const sent = fx.sim.requests.length;
    for (const args of PAID_COMMANDS) {
      for (const [extra, env, source] of [
        [['--base-url', origin], {}, '--base-url'],
        [['--yes'], { ENERGY_TRAY_BASE_URL: `${origin}/` }, 'ENERGY_TRAY_BASE_URL'],
        [['--dry-run'], { ENERGY_TRAY_BASE_URL: `${origin}/v1` }, 'ENERGY_TRAY_BASE_URL'],
      ] as const) {
        const run = await fx.cli([...args, ...extra], env);
        expect(run.code, run.stderr).toBe(2);
        expect(run.stdout).toBe('');
        const url = env.ENERGY_TRAY_BASE_URL?.replace(/\/$/, '') ?? origin;
        expect(run.stderr).toBe(
          `The base URL ${url} (from ${source}) does not end in /v2, so no paid request is sent to it: ` +
            'the service’s address includes its version segment, e.g. https://api.example.com/v2. Nothing was sent.\n',
        );
      }
    }
    expect(fx.sim.requests.length).toBe(sent);
  }, 60_000); // one child process per paid command: the count, not the code, sets the time

  it('reads go ahead with the warning on stderr; with --json every stderr line is one JSON object', async () => {
    const origin = new URL(fx.sim.baseUrl).origin;
    const text = await fx.cli(['balance', '--base-url', origin]);
    // The simulator serves /v2 only, as the service does: the read is sent and finds nothing.
    expect(text.code).toBe(5);
    const lines = text.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      `warning: The base URL ${origin} (from --base-url) does not end in /v2; the service’s address includes its version segment, e.g. https://api.example.com/v2.`,
    );
    const json = await fx.cli(['balance', '--base-url', origin, '--json']);
    const objects = json.stderr.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(objects).toEqual([{ warning: { message: lines[0]!.replace('warning: ', '') } }, { error: expect.objectContaining({ kind: 'not_found', status: 404 }) }]);
  });
});

describe('status', () => {
  it('shows the base URL that would be used and where it came from', async () => {
    const flag = 'http://127.0.0.1:9/v2';
    const fromEnv = JSON.parse((await fx.cli(['status', '--json'])).stdout) as Record<string, unknown>;
    expect(fromEnv).toMatchObject({ baseUrl: fx.sim.baseUrl, baseUrlSource: 'env', credentials: 'env' });
    const fromFlag = await fx.cli(['status', '--base-url', flag]);
    expect(fromFlag.code).toBe(0);
    expect(fromFlag.stdout).toMatch(new RegExp(`Base URL\\s+${flag.replaceAll('.', '\\.')} \\(from --base-url\\)`));
    // status sends nothing.
    const sent = fx.sim.requests.length;
    await fx.cli(['status']);
    expect(fx.sim.requests.length).toBe(sent);
  });
});
