import { afterEach, describe, expect, it, vi } from 'vitest';
import { allText, startCliFixture } from './fixture.ts';
import type { CliFixture } from './fixture.ts';
import { runCliInPty } from './pty.ts';
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
    // stdout is not a terminal: nothing but the final value (issue 10 replaced the status lines).
    expect(timed.stdout).toMatch(new RegExp(`^Order\\s+${sn}\\n`));
    expect(timed.stdout).not.toContain(`${sn}: pending`);
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
    // With --json the failure is one JSON object on stderr.
    expect(timed.stderr.trimEnd().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual([
      { error: { kind: 'order_failed', message: `Order ${sn} failed (status: failed).`, status: null } },
    ]);

    const id = await buy(fx, 'fast');
    const fast = await watchThroughCompletion(fx, id, '/query_fast_recover_order', false);
    expect(fast.code).toBe(1);
    expect(fast.stdout).toMatch(new RegExp(`^Top-up order\\s+${id}\\n`));
    expect(fast.stdout).not.toContain(`${id}: waiting`);
    expect(fast.stdout).toMatch(/Status\s+failed/);
    expect(fast.stderr.trimEnd().split('\n')).toEqual([`Order ${id} failed (status: failed).`]);
  });

  it('exits 5 for an order that does not exist', async () => {
    fx = await startCliFixture();
    const run = await fx.cli(['watch', '424242', '--interval-ms', '40']);
    expect(run.code).toBe(5);
  });

  it('on a terminal: status and elapsed time on one line rewritten in place, then the final value', async () => {
    fx = await startCliFixture({ timing: { timedOrderMs: ORDER_MS } });
    const f = fx;
    const sn = await buy(f, 'timed');
    const session = runCliInPty(['watch', sn, '--interval-ms', '100'], f.env);
    // The elapsed time moves on while the status stays: the line is redrawn, not appended.
    await session.waitFor(`\r\u001b[2K${sn}: pending (1s)`);
    f.advance(ORDER_MS + 1_000);
    const { code, screen } = await session.exited;
    f.outputs.push({ code, stdout: screen, stderr: '' });
    expect(code).toBe(0);
    expect(screen).toContain(`\r\u001b[2K${sn}: pending (0s)`);
    expect(screen).not.toContain(`${sn}: pending (0s)\n`);
    // The last status is drawn, then the line is cleared and the final value printed.
    expect(screen).toMatch(new RegExp(`${sn}: success \\(\\d+s\\)\\r\\u001b\\[2KOrder\\s+${sn}\\n`));
    expect(screen).toMatch(/Status\s+success/);
  });

  it('--max-wait: exit 6 "still running after …" with nothing on stdout; --json makes it one JSON object', async () => {
    fx = await startCliFixture({ timing: { timedOrderMs: ORDER_MS } });
    const sn = await buy(fx, 'timed');
    const started = Date.now();
    const run = await fx.cli(['watch', sn, '--interval-ms', '100', '--max-wait', '1s']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(run.code).toBe(6);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `Order ${sn} is still running after 1s (last status: pending). The watch stopped; the order itself was not cancelled. ` +
        `Watch it again with: npm run -s cli -- watch ${sn}`,
    ]);
    const json = await fx.cli(['watch', sn, '--interval-ms', '100', '--max-wait', '1', '--json']);
    expect(json.code).toBe(6);
    expect(json.stdout).toBe('');
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { kind: 'still_running', message: expect.stringContaining('still running after 1s'), status: null } });
    // The order went on untouched.
    expect(fx.sim.requestCount('/reclaim_energy')).toBe(0);
  });

  it('--max-wait also ends a poll the service never answers (the per-call --timeout is longer)', async () => {
    fx = await startCliFixture({ timing: { timedOrderMs: ORDER_MS } });
    const sn = await buy(fx, 'timed');
    fx.sim.faults.inject('/query_result', { kind: 'hang' }, { times: 'always' });
    const started = Date.now();
    const run = await fx.cli(['watch', sn, '--max-wait', '1s', '--timeout', '60000']);
    expect(run.code).toBe(6);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(run.stderr).toContain(`Order ${sn} is still running after 1s (no status was read yet).`);
  });
});
