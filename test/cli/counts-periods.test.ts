import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { countOption, periodOption } from '../../src/cli/resource-option.ts';
import { CliError } from '../../src/cli/cli-error.ts';
import { parseCount } from '../../src/renderer/src/components/count-text.ts';
import { useCliFixture } from './fixture.ts';
import type { CliFixture } from './fixture.ts';
import { ADDRESS } from './run-cli.ts';

const fixture = useCliFixture();
let fx: CliFixture;
beforeEach(() => {
  fx = fixture();
});

/** What --count makes of `text`: the count, or null when it is refused (a usage error, exit 2). */
function cliCount(text: string): number | null {
  try {
    return countOption({ count: text });
  } catch (err) {
    if (err instanceof CliError && err.exitCode === 2) return null;
    throw err;
  }
}

describe('--count reads a count as the app does', () => {
  it('the forms people type: digits, separators, k and m, exactly', () => {
    const cases: Array<[string, number]> = [
      ['65000', 65_000],
      ['65k', 65_000],
      ['65K', 65_000],
      ['65 000', 65_000],
      ['65,000', 65_000],
      ["65'000", 65_000],
      ['65\u00a0000', 65_000],
      ['1.5m', 1_500_000],
      ['131.072k', 131_072],
      [' 65k ', 65_000],
    ];
    for (const [text, count] of cases) expect(cliCount(text), text).toBe(count);
    for (const text of ['65q', '6,5000', '0.00001k', '1.5', 'sixty', '', '65kk', '1e5']) expect(cliCount(text), text).toBeNull();
  });

  it('any text: the CLI and the dashboard’s count field agree on the number or both refuse it', () => {
    const typed = fc.oneof(
      fc.string(),
      fc.stringMatching(/^-?\d{1,17}([ ,'_]\d{3}){0,3}(\.\d{1,7})?\s?[kKmMx]?$/),
    );
    fc.assert(
      fc.property(typed, (text) => {
        const app = parseCount(text);
        const cli = cliCount(text);
        // The CLI refuses what the app cannot read; what the app reads, the CLI reads the same.
        expect(cli).toBe(app);
      }),
      { numRuns: 2000 },
    );
  });

  it('on the command line: `--count 65k` and `--count "65 000"` send count=65000, and the answer is the same as for 65000', async () => {
    const plain = await fx.cli(['price', '--type', 'energy', '--count', '65000', '--period', '1h', '--json']);
    expect(plain.code, plain.stderr).toBe(0);
    for (const count of ['65k', '65 000', '65,000']) {
      const run = await fx.cli(['price', '--type', 'energy', '--count', count, '--period', '1h', '--json']);
      expect(run.code, run.stderr).toBe(0);
      expect(fx.sim.requests.at(-1)?.query['count']).toBe('65000');
      expect(run.stdout).toBe(plain.stdout);
    }
    const buy = await fx.cli(['buy-energy', ADDRESS, '--count', '65k', '--period', '1h', '--yes', '--json']);
    expect(buy.code, buy.stderr).toBe(0);
    expect(fx.sim.requests.at(-1)).toMatchObject({ path: '/buy_energy', form: { count: '65000', period: '1h', address: ADDRESS } });
    const fast = await fx.cli(['fast-price', '--resource', 'net', '--count', '1.5k', '--json']);
    expect(fast.code, fast.stderr).toBe(0);
    expect(fx.sim.requests.at(-1)?.query['count']).toBe('1500');
  });

  it('a count the app would not read is exit 2 with the forms it takes, and nothing is sent', async () => {
    const sent = fx.sim.requests.length;
    const run = await fx.cli(['buy-energy', ADDRESS, '--count', '65q', '--period', '1h']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('--count must be a whole number such as 65000, 65,000, "65 000", 65k or 1.5m, got "65q". Run `npm run -s cli -- help` for usage.\n');
    const below = await fx.cli(['buy-energy', ADDRESS, '--count', '29.999k', '--period', '1h']);
    expect(below.code).toBe(2);
    expect(below.stderr).toContain('at least 30,000');
    expect(fx.sim.requests.length).toBe(sent);
  });
});

describe('--period is checked here against the spec’s periods', () => {
  it('in-process: the spec’s names pass for their resource; anything else is refused with the list', () => {
    for (const period of ['15minutes', '1h', '1day', '3day']) expect(periodOption({ period }, 'energy')).toBe(period);
    for (const period of ['1day', '3day']) expect(periodOption({ period }, 'net')).toBe(period);
    for (const [period, type] of [['1hour', 'energy'], ['1H', 'energy'], ['1h', 'net'], ['15minutes', 'net'], ['', 'energy'], ['2day', 'energy']] as const) {
      expect(() => periodOption({ period }, type), `${period} ${type}`).toThrow(CliError);
    }
  });

  it('`--period 1hour`: exit 2, the error lists the valid periods, nothing is sent (price and both buys)', async () => {
    const sent = fx.sim.requests.length;
    const energy = ' is not a period for energy: use one of 15minutes, 1h, 1day, 3day. Run `npm run -s cli -- help` for usage.\n';
    const bandwidth = ' is not a period for bandwidth: use one of 1day, 3day. Run `npm run -s cli -- help` for usage.\n';
    const cases: Array<[string[], string]> = [
      [['price', '--type', 'energy', '--count', '65000', '--period', '1hour'], `--period "1hour"${energy}`],
      [['buy-energy', ADDRESS, '--count', '65000', '--period', '1hour', '--yes'], `--period "1hour"${energy}`],
      [['buy-net', ADDRESS, '--count', '1000', '--period', '1h', '--yes'], `--period "1h"${bandwidth}`],
      [['price', '--type', 'net', '--count', '1000', '--period', '15minutes'], `--period "15minutes"${bandwidth}`],
    ];
    for (const [args, stderr] of cases) {
      const run = await fx.cli(args);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(stderr);
      const json = await fx.cli([...args, '--json']);
      expect(JSON.parse(json.stderr)).toEqual({ error: { kind: 'usage', message: stderr.trimEnd(), status: null } });
    }
    expect(fx.sim.requests.length).toBe(sent);
  });

  it('the list in zh-CN and ru', async () => {
    const ru = await fx.cli(['price', '--type', 'energy', '--count', '65000', '--period', '1hour', '--lang', 'ru']);
    expect(ru.stderr).toBe('--period "1hour" — не срок для энергии: укажите один из 15minutes, 1h, 1day, 3day. Справка: `npm run -s cli -- help`.\n');
    const zh = await fx.cli(['price', '--type', 'net', '--count', '1000', '--period', '1h', '--lang', 'zh-CN']);
    expect(zh.stderr).toBe('--period "1h" 不是带宽的时长：请使用 1day, 3day 之一。运行 `npm run -s cli -- help` 查看用法。\n');
  });

  it('help names the periods of each resource', async () => {
    const run = await fx.cli(['help', 'price']);
    expect(run.stdout).toMatch(/^ {2}--period P +the period, one of 15minutes, 1h, 1day, 3day for energy and 1day, 3day for bandwidth$/m);
  });
});
