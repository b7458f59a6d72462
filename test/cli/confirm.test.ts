import { beforeEach, describe, expect, it } from 'vitest';
import { approvalDialogText } from '../../src/core/app/approvals/approval-text.ts';
import type { ApprovalRequest } from '../../src/core/app/ports.ts';
import { quoteFastRecover, quoteTimed } from '../../src/core/simulator/index.ts';
import { moneyText } from '../../src/shared/money-text.ts';
import { useCliFixture } from './fixture.ts';
import type { CliFixture } from './fixture.ts';
import { runCliInPty } from './pty.ts';
import { ADDRESS } from './run-cli.ts';

const fixture = useCliFixture();
let fx: CliFixture;
beforeEach(() => {
  fx = fixture();
});

const trx = (): bigint => fx.sim.balanceOf(fx.user.apiKey).trxSun;
const pathsSince = (n: number): string[] => fx.sim.requests.slice(n).map((r) => r.path);

/** Runs a command on a pseudo-terminal; types `answer` at the question when given. */
async function onTerminal(args: readonly string[], answer?: string): Promise<{ code: number | null; screen: string }> {
  const session = runCliInPty(args, fx.env);
  if (answer !== undefined) {
    await session.waitFor('? [y/N] ');
    session.type(answer);
  }
  const done = await session.exited;
  fx.outputs.push({ code: done.code, stdout: done.screen, stderr: '' });
  return done;
}

/** The figure main's approval dialog shows for a cost of `sun` ("Cost: …"), from its own text. */
function approvalFigure(sun: bigint): string {
  const request: ApprovalRequest = {
    kind: 'buy', title: 'Buy?', what: 'Buy.', amountSun: null, address: null, costSun: sun, costNote: null,
    host: null, changes: [], notes: [], approveLabel: 'Buy',
  };
  return /^Cost: (.+)$/m.exec(approvalDialogText(request).detail)![1]!;
}

const BUY_ENERGY = ['buy-energy', ADDRESS, '--count', '65000', '--period', '1h'];

/** Every paid command, the quote it fetches first (null: the service has none) and the paid path. */
const PAID: ReadonlyArray<{ args: string[]; quote: string | null; paid: string }> = [
  { args: BUY_ENERGY, quote: '/query_price', paid: '/buy_energy' },
  { args: ['buy-net', ADDRESS, '--count', '1000', '--period', '1day'], quote: '/query_price', paid: '/buy_net' },
  { args: ['fast-topup', ADDRESS, '--resource', 'energy', '--count', '40000'], quote: '/query_fast_recover_price', paid: '/buy_fast_recover' },
  { args: ['activate', ADDRESS], quote: null, paid: '/active_account' },
  { args: ['reclaim', 'EN17000000000000001', ADDRESS], quote: null, paid: '/reclaim_energy' },
];

describe('paid commands on a terminal', () => {
  it('buy-energy shows the address in full, the amount and a fresh quote, asks once; "n" sends nothing paid', async () => {
    const sent = fx.sim.requests.length;
    const before = trx();
    const { code, screen } = await onTerminal(BUY_ENERGY, 'n\r');
    expect(code).toBe(1);
    expect(screen).toContain('Buy energy (paid):');
    expect(screen).toMatch(new RegExp(`Address\\s+${ADDRESS}\\n`));
    expect(screen).toMatch(/Energy\s+65,000 for 1 hr/);
    // 3,250,000 SUN: the one money rule's text loses nothing, so no exact figure follows it.
    const amountSun = quoteTimed('energy', 65_000, '1h')!.amountSun;
    expect(approvalFigure(amountSun)).toBe(moneyText(amountSun, 'en'));
    expect(screen).toContain(`Price    ${approvalFigure(amountSun)}, unit price 50 SUN, fee 0.00 TRX, quoted just now`);
    expect(screen).not.toContain('exactly');
    expect(screen).toContain(fx.sim.baseUrl);
    expect(screen.match(/\[y\/N\]/g)).toHaveLength(1);
    expect(screen).toContain('Not confirmed: nothing was sent.');
    expect(pathsSince(sent)).toEqual(['/query_price']);
    expect(trx()).toBe(before);
  });

  it('answering no (or just Enter) to any paid command sends nothing paid', async () => {
    for (const [i, { args, quote }] of PAID.entries()) {
      const sent = fx.sim.requests.length;
      const { code, screen } = await onTerminal(args, i % 2 === 0 ? 'no\r' : '\r');
      expect(code, screen).toBe(1);
      expect(screen).toContain(ADDRESS);
      expect(screen).toMatch(quote === null ? /Price\s+not quoted: the service has no price query/ : /quoted just now/);
      expect(pathsSince(sent)).toEqual(quote === null ? [] : [quote]);
    }
  });

  it('"y" sends the order once, at the quoted price, shown by the money rule and to the SUN where it rounds', async () => {
    const sent = fx.sim.requests.length;
    const before = trx();
    const quote = quoteFastRecover('energy', 40_001);
    expect(quote.amountSun).toBe(2_400_100n);
    const { code, screen } = await onTerminal(['fast-topup', ADDRESS, '--resource', 'energy', '--count', '40001'], 'y\r');
    expect(code, screen).toBe(0);
    // As main's approval words it ("Cost: 2.40 TRX (exactly 2.4001 TRX)").
    expect(approvalFigure(quote.amountSun)).toBe('2.40 TRX (exactly 2.4001 TRX)');
    expect(screen).toContain(`Price    ${approvalFigure(quote.amountSun)}, unit price 60 SUN, fee 0.00 TRX, quoted just now`);
    expect(screen).toMatch(/Top-up order\s+\d+/);
    expect(pathsSince(sent)).toEqual(['/query_fast_recover_price', '/buy_fast_recover']);
    expect(trx()).toBe(before - quote.amountSun);
  });

  it('--yes skips the question; the fresh quote is still taken, for the daily spending limit (issue 12)', async () => {
    const sent = fx.sim.requests.length;
    const { code, screen } = await onTerminal([...BUY_ENERGY, '--yes']);
    expect(code, screen).toBe(0);
    expect(screen).not.toContain('[y/N]');
    expect(screen).toMatch(/Order\s+EN\d+/);
    expect(pathsSince(sent)).toEqual(['/query_price', '/buy_energy']);
  });

  it('without a terminal on stdin it never asks: scripts keep working', async () => {
    const sent = fx.sim.requests.length;
    const run = await fx.cli(BUY_ENERGY);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout + run.stderr).not.toContain('[y/N]');
    expect(pathsSince(sent)).toEqual(['/query_price', '/buy_energy']);
  });
});
