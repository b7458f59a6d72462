import { beforeEach, describe, expect, it } from 'vitest';
import { formatTrx } from '../../src/core/base/money.ts';
import { quoteTimed } from '../../src/core/simulator/index.ts';
import { useCliFixture } from './fixture.ts';
import type { CliFixture } from './fixture.ts';
import { ADDRESS } from './run-cli.ts';

const fixture = useCliFixture();
let fx: CliFixture;
beforeEach(() => {
  fx = fixture();
});

const trx = (): bigint => fx.sim.balanceOf(fx.user.apiKey).trxSun;

interface DryRun {
  dry_run: true;
  quote: unknown;
  request: { method: string; url: string; content_type: string; body: string };
}

async function dryRun(args: readonly string[]): Promise<DryRun> {
  const run = await fx.cli([...args, '--dry-run', '--json']);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as DryRun;
}

/** A finished timed order, so that reclaim has something real to act on. */
async function finishedOrder(): Promise<string> {
  const bought = await fx.cli(['buy-energy', ADDRESS, '--count', '65000', '--period', '1h', '--json']);
  const sn = (JSON.parse(bought.stdout) as { order_sn: string }).order_sn;
  expect((await fx.cli(['watch', sn, '--interval-ms', '50'])).code).toBe(0);
  return sn;
}

describe('--dry-run', () => {
  it('prints the quote and the exact request; sends nothing paid (text)', async () => {
    const sent = fx.sim.requests.length;
    const before = trx();
    const run = await fx.cli(['buy-energy', ADDRESS, '--count', '65000', '--period', '1h', '--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Dry run: nothing was sent to buy energy.');
    expect(run.stdout).toContain(`Price    ${formatTrx(quoteTimed('energy', 65_000, '1h')!.amountSun)}, unit price 50 SUN, fee 0.00 TRX, quoted just now\n`);
    expect(run.stdout).toContain(`POST ${fx.sim.baseUrl}/buy_energy\ncontent-type: application/x-www-form-urlencoded\n`);
    expect(run.stdout).toContain(`\ncount=65000&period=1h&address=${ADDRESS}\n`);
    expect(run.stdout).not.toMatch(/[0-9a-f]{64}/);
    expect(fx.sim.requests.slice(sent).map((r) => r.path)).toEqual(['/query_price']);
    expect(trx()).toBe(before);
  });

  it('every paid command: nothing paid is sent, and the printed request is the one a real run sends', async () => {
    const sn = await finishedOrder();
    const cases: Array<{ args: string[]; path: string; quoted: boolean }> = [
      { args: ['buy-energy', ADDRESS, '--count', '65000', '--period', '1h'], path: '/buy_energy', quoted: true },
      { args: ['buy-net', ADDRESS, '--count', '1000', '--period', '1day'], path: '/buy_net', quoted: true },
      { args: ['fast-topup', ADDRESS, '--resource', 'net', '--count', '300'], path: '/buy_fast_recover', quoted: true },
      { args: ['activate', ADDRESS], path: '/active_account', quoted: false },
      { args: ['reclaim', sn, ADDRESS], path: '/reclaim_energy', quoted: false },
    ];
    for (const { args, path, quoted } of cases) {
      const paid = fx.sim.requestCount(path);
      const before = trx();
      const dry = await dryRun(args);
      expect(fx.sim.requestCount(path), args[0]).toBe(paid);
      expect(trx()).toBe(before);
      expect(dry.request).toMatchObject({ method: 'POST', url: `${fx.sim.baseUrl}${path}`, content_type: 'application/x-www-form-urlencoded' });
      if (quoted) expect(dry.quote).toMatchObject({ price: expect.any(Number), amount: expect.any(String) });
      else expect(dry.quote).toBeNull();

      const real = await fx.cli(args);
      expect(real.code, real.stderr).toBe(0);
      const record = fx.sim.requests.at(-1)!;
      expect(record.path).toBe(path);
      expect(Object.entries(record.form)).toEqual([...new URLSearchParams(dry.request.body)]);
    }
  }, 60_000); // one child process per paid command: the count, not the code, sets the time

  it('still checks the input first: an invalid address exits 2 with nothing sent', async () => {
    const sent = fx.sim.requests.length;
    const run = await fx.cli(['activate', 'not-an-address', '--dry-run']);
    expect(run.code).toBe(2);
    expect(fx.sim.requests.length).toBe(sent);
  });
});
