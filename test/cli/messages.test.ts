import { beforeEach, describe, expect, it } from 'vitest';
import { useCliFixture } from './fixture.ts';
import type { CliFixture } from './fixture.ts';
import { ADDRESS } from './run-cli.ts';

const fixture = useCliFixture();
let fx: CliFixture;
beforeEach(() => {
  fx = fixture();
});

const HELP = ' Run `npm run -s cli -- help` for usage.\n';

describe('messages read as sentences', () => {
  it('option values: a negative count, a 20-digit count, a missing value, an unknown option', async () => {
    const sent = fx.sim.requests.length;
    const cases: Array<[string[], string]> = [
      [['buy-energy', ADDRESS, '--count', '-5', '--period', '1h'], '--count must not be negative, got "-5".'],
      [['buy-energy', ADDRESS, '--count', '12345678901234567890', '--period', '1h'], '--count is too large: the largest accepted is 999,999,999,999,999, got "12345678901234567890".'],
      [['price', '--type', 'energy', '--count', 'sixty', '--period', '1h'], '--count must be a whole number such as 65000, 65,000, "65 000", 65k or 1.5m, got "sixty".'],
      [['buy-energy', ADDRESS, '--period', '1h', '--count'], '--count needs a value.'],
      [['balance', '--json=yes'], '--json takes no value.'],
      [['balance', '--bogus'], 'Unknown option --bogus.'],
      [['balance', '--timeout', '0'], '--timeout must be at least 1, got "0".'],
    ];
    for (const [args, message] of cases) {
      const run = await fx.cli(args);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(`${message}${HELP}`);
      expect(run.stderr).not.toMatch(/\.\./);
    }
    expect(fx.sim.requests.length).toBe(sent);
  });

  it('wrong arity points at the command’s own help', async () => {
    const run = await fx.cli(['watch']);
    expect(run.stderr).toBe(
      'watch needs one argument: <order_sn|order_id> (usage: watch <order_sn|order_id> [--interval-ms MS] [--max-wait DURATION]). ' +
        'Run `npm run -s cli -- help watch` for usage.\n',
    );
  });

  it('spaces around an address are removed, and said on stderr; stdout stays the result', async () => {
    const run = await fx.cli(['activate', `  ${ADDRESS} `, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ order_id: expect.any(Number) });
    expect(JSON.parse(run.stderr)).toEqual({ note: { message: `removed the spaces around the address; using ${ADDRESS}.` } });
    expect(fx.sim.requests.at(-1)?.form).toEqual({ address: ADDRESS });
    const text = await fx.cli(['buy-net', `\t${ADDRESS}`, '--count', '1000', '--period', '1day', '--dry-run']);
    expect(text.code).toBe(0);
    expect(text.stderr).toBe(`note: removed the spaces around the address; using ${ADDRESS}.\n`);
  });
});
