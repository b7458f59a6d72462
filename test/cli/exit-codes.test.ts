import { beforeEach, describe, expect, it } from 'vitest';
import { OUTCOME_UNKNOWN_ADVICE } from '../support/core-words.ts';
import { useCliFixture } from './fixture.ts';
import type { CliFixture } from './fixture.ts';
import type { CliRun } from './run-cli.ts';
import { ADDRESS } from './run-cli.ts';

const fixture = useCliFixture();
let fx: CliFixture;
beforeEach(() => {
  fx = fixture();
});

/** The documented shape of every failure: nothing on stdout, one line on stderr, no stack trace. */
function failed(run: CliRun, code: number): string {
  expect(run.code, run.stderr).toBe(code);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  return run.stderr;
}

const buyEnergy = (...extra: string[]): string[] => ['buy-energy', ADDRESS, '--count', '65000', '--period', '1h', ...extra];

describe('exit codes', () => {
  it('2: local validation sends nothing (invalid address, count below minimum, bad resource)', async () => {
    const before = fx.sim.requestCount();
    const cases: Array<[string[], RegExp]> = [
      [['buy-energy', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', '--count', '65000', '--period', '1h'], /not a valid TRON address \(bad checksum\)/],
      [['buy-energy', ADDRESS, '--count', '29999', '--period', '1h'], /at least 30,000/],
      [['buy-net', ADDRESS, '--count', '99', '--period', '1day'], /at least 100/],
      [['activate', 'not-an-address'], /not a valid TRON address/],
      [['fast-topup', ADDRESS, '--resource', 'water', '--count', '10'], /"energy" or "net"/],
      [['price', '--type', 'energy', '--count', '1000', '--period', '1h'], /at least 30,000/],
      [['reclaim', 'EN 1', ADDRESS], /order serial/],
    ];
    for (const [args, message] of cases) expect(failed(await fx.cli(args), 2)).toMatch(message);
    expect(fx.sim.requestCount()).toBe(before);
  });

  it('2: usage errors (unknown command, missing option, non-numeric count, stray option, wrong arity)', async () => {
    const before = fx.sim.requestCount();
    const cases: string[][] = [
      [],
      ['frobnicate'],
      ['buy-energy', ADDRESS, '--count', '65000'],
      ['buy-energy', ADDRESS, '--count', '65q', '--period', '1h'],
      ['buy-energy', ADDRESS, '--count', '65000', '--period', '1hour'],
      ['balance', '--count', '5'],
      ['order'],
      ['balance', '--no-such-option'],
      ['watch', 'EN-12'],
      ['balance', '--timeout', 'soon'],
    ];
    for (const args of cases) expect(failed(await fx.cli(args), 2)).toContain('npm run -s cli -- help');
    expect(fx.sim.requestCount()).toBe(before);
  });

  it('2: a 400 from the server carries its msg', async () => {
    fx.sim.faults.inject('/query_price', { kind: 'status', status: 400 });
    expect(failed(await fx.cli(['price', '--type', 'energy', '--count', '65000', '--period', '1h']), 2)).toContain('simulated error 400');
  });

  it('3: a wrong secret is an authentication failure', async () => {
    expect(failed(await fx.cli(['balance'], { ENERGY_TRAY_API_SECRET: 'wrong-secret-123456' }), 3)).toContain('invalid signature');
  });

  it('3: no credentials anywhere says how to log in', async () => {
    const run = await fx.cli(['balance'], { ENERGY_TRAY_API_KEY: undefined, ENERGY_TRAY_API_SECRET: undefined });
    expect(failed(run, 3)).toContain('npm run -s cli -- login');
    const half = await fx.cli(['balance'], { ENERGY_TRAY_API_SECRET: undefined });
    expect(failed(half, 3)).toContain('ENERGY_TRAY_API_SECRET');
  });

  it('4: insufficient balance', async () => {
    const saved = fx.sim.balanceOf(fx.user.apiKey).trxSun;
    fx.sim.setBalance(fx.user.apiKey, 1_000_000n);
    try {
      expect(failed(await fx.cli(buyEnergy()), 4)).toContain('insufficient balance');
      expect(fx.sim.balanceOf(fx.user.apiKey).trxSun).toBe(1_000_000n);
    } finally {
      fx.sim.setBalance(fx.user.apiKey, saved);
    }
  });

  it('5: an unknown order', async () => {
    expect(failed(await fx.cli(['order', 'EN17000000000009999']), 5)).toContain('order not found');
    expect(failed(await fx.cli(['fast-order', '999999']), 5)).toContain('order not found');
  });

  it('6: a 500 after a paid order was taken: outcome unknown, exactly one request, charged once', async () => {
    const sent = fx.sim.requestCount('/buy_energy');
    const before = fx.sim.balanceOf(fx.user.apiKey).trxSun;
    fx.sim.faults.inject('/buy_energy', { kind: 'status', status: 500 }, { phase: 'after' });
    const message = failed(await fx.cli(buyEnergy()), 6);
    expect(message).toContain(OUTCOME_UNKNOWN_ADVICE);
    expect(fx.sim.requestCount('/buy_energy')).toBe(sent + 1);
    expect(fx.sim.balanceOf(fx.user.apiKey).trxSun).toBe(before - 3_250_000n);
  });

  it('6: a paid call that hangs past --timeout is sent once and reported as outcome unknown', async () => {
    const sent = fx.sim.requestCount('/buy_energy');
    fx.sim.faults.inject('/buy_energy', { kind: 'hang' });
    const message = failed(await fx.cli(buyEnergy('--timeout', '400')), 6);
    expect(message).toContain(OUTCOME_UNKNOWN_ADVICE);
    expect(fx.sim.requestCount('/buy_energy')).toBe(sent + 1);
  });

  it('6: a malformed reply', async () => {
    fx.sim.faults.inject('/user_info', { kind: 'malformed' }, { times: 'always' });
    try {
      expect(failed(await fx.cli(['balance']), 6)).toMatch(/could not be understood/);
    } finally {
      fx.sim.faults.clear('/user_info');
    }
  });

  it('1: code 0 on HTTP 200', async () => {
    fx.sim.faults.inject('/get_smart_price', { kind: 'code0' });
    expect(failed(await fx.cli(['smart-price', '--json']), 1)).toContain('simulated rejection');
  });

  it('--json: a failure is one JSON object on stderr, {error: {kind, message, status}} (and the core\'s key and values), same exit code and message', async () => {
    const cases: Array<{ args: string[]; env?: Record<string, string | undefined>; code: number; kind: string; status: number | null; fault?: () => void }> = [
      { args: ['frobnicate'], code: 2, kind: 'usage', status: null },
      { args: ['activate', 'not-an-address'], code: 2, kind: 'invalid_input', status: null },
      {
        args: ['price', '--type', 'energy', '--count', '65000', '--period', '1h'],
        code: 2,
        kind: 'invalid_input',
        status: 400,
        fault: () => fx.sim.faults.inject('/query_price', { kind: 'status', status: 400 }),
      },
      { args: ['price', '--type', 'energy', '--count', '65000', '--period', 'fortnight'], code: 2, kind: 'usage', status: null },
      { args: ['balance'], env: { ENERGY_TRAY_API_SECRET: 'wrong-secret-123456' }, code: 3, kind: 'authentication', status: 401 },
      { args: ['balance'], env: { ENERGY_TRAY_API_KEY: undefined, ENERGY_TRAY_API_SECRET: undefined }, code: 3, kind: 'credentials', status: null },
      { args: ['order', 'EN17000000000009999'], code: 5, kind: 'not_found', status: 404 },
      {
        args: buyEnergy(),
        code: 6,
        kind: 'outcome_unknown',
        status: 500,
        fault: () => fx.sim.faults.inject('/buy_energy', { kind: 'status', status: 500 }, { phase: 'after' }),
      },
      { args: ['smart-price'], code: 1, kind: 'rejected', status: 200, fault: () => fx.sim.faults.inject('/get_smart_price', { kind: 'code0' }) },
    ];
    for (const c of cases) {
      c.fault?.();
      const plain = await fx.cli(c.args, c.env);
      c.fault?.();
      const run = await fx.cli([...c.args, '--json'], c.env);
      expect(run.code, run.stderr).toBe(c.code);
      expect(plain.code).toBe(c.code);
      expect(run.stdout).toBe('');
      expect(run.stderr.endsWith('\n')).toBe(true);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      const parsed = JSON.parse(run.stderr) as { error: Record<string, unknown> };
      expect(Object.keys(parsed)).toEqual(['error']);
      // The same one line as without --json; what the core said also as its catalogue key and values, the CLI's own words without.
      const core = !['usage', 'credentials'].includes(c.kind);
      const said = core ? { key: expect.stringMatching(/^errors:/), values: expect.any(Object) } : {};
      expect(parsed.error).toEqual({ kind: c.kind, message: plain.stderr.trimEnd(), status: c.status, ...said });
    }
  }, 60_000); // one child process per failure kind, one after another
});
