import { afterEach, describe, expect, it, vi } from 'vitest';
import { allText, startCliFixture } from './fixture.ts';
import type { CliFixture } from './fixture.ts';
import type { CliRun } from './run-cli.ts';
import { ADDRESS } from './run-cli.ts';

/**
 * Orders take a minute of simulator time; the test moves the simulator's
 * clock on once the CLI has polled twice, so the outcome never depends on
 * how fast this machine starts a process.
 */
const ORDER_MS = 60_000;

let fx: CliFixture | undefined;
afterEach(async () => {
  if (!fx) return;
  const text = allText(fx.outputs);
  await fx.close();
  expect(text).not.toContain(fx.user.secret);
  fx = undefined;
});

async function buy(f: CliFixture, kind: 'timed' | 'fast'): Promise<string> {
  const args =
    kind === 'timed'
      ? ['buy-energy', ADDRESS, '--count', '65000', '--period', '1h', '--json']
      : ['fast-topup', ADDRESS, '--resource', 'energy', '--count', '40000', '--json'];
  const run = await f.cli(args);
  expect(run.code).toBe(0);
  const data = JSON.parse(run.stdout) as { order_sn?: string; order_id?: number };
  return data.order_sn ?? String(data.order_id);
}

/** Starts `watch`, lets it see the unfinished order twice, then finishes the order. */
async function watchThroughCompletion(f: CliFixture, id: string, path: string, json: boolean): Promise<CliRun> {
  const before = f.sim.requestCount(path);
  const running = f.cli(['watch', id, '--interval-ms', '40', ...(json ? ['--json'] : [])]);
  await vi.waitFor(() => expect(f.sim.requestCount(path) - before).toBeGreaterThanOrEqual(2), { timeout: 15_000, interval: 20 });
  f.advance(ORDER_MS + 1_000);
  return running;
}

describe('watch', () => {
  it('follows a timed order and a top-up to success (exit 0), printing each status once', async () => {
    fx = await startCliFixture({ timing: { timedOrderMs: ORDER_MS, fastRecoverMs: ORDER_MS } });
    const sn = await buy(fx, 'timed');
    const timed = await watchThroughCompletion(fx, sn, '/query_result', false);
    expect(timed.code).toBe(0);
    expect(timed.stderr).toBe('');
    expect(timed.stdout.startsWith(`${sn}: pending\n${sn}: success\n`)).toBe(true);
    expect(timed.stdout).toMatch(/Status\s+success/);

    const id = await buy(fx, 'fast');
    const fast = await watchThroughCompletion(fx, id, '/query_fast_recover_order', true);
    expect(fast.code).toBe(0);
    expect(JSON.parse(fast.stdout)).toMatchObject({ order_id: Number(id), status: 'success' });
  });

  it('exits 1 with one stderr line when the order fails, printing the final data', async () => {
    fx = await startCliFixture({ timing: { timedOrderMs: ORDER_MS, fastRecoverMs: ORDER_MS }, outcome: () => 'failed' });
    const sn = await buy(fx, 'timed');
    const timed = await watchThroughCompletion(fx, sn, '/query_result', true);
    expect(timed.code).toBe(1);
    expect(JSON.parse(timed.stdout)).toMatchObject({ order_sn: sn, status: 'failed', orders: [] });
    expect(timed.stderr.trimEnd().split('\n')).toEqual([`Order ${sn} failed (status: failed).`]);

    const id = await buy(fx, 'fast');
    const fast = await watchThroughCompletion(fx, id, '/query_fast_recover_order', false);
    expect(fast.code).toBe(1);
    expect(fast.stdout).toContain(`${id}: waiting\n${id}: failed\n`);
    expect(fast.stdout).toMatch(/Status\s+failed/);
    expect(fast.stderr.trimEnd().split('\n')).toEqual([`Order ${id} failed (status: failed).`]);
  });

  it('exits 5 for an order that does not exist', async () => {
    fx = await startCliFixture();
    const run = await fx.cli(['watch', '424242', '--interval-ms', '40']);
    expect(run.code).toBe(5);
  });
});
