import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { startNodeSimulator } from '../../../src/core/simulator/node-simulator.ts';
import type { NodeSimulator } from '../../../src/core/simulator/node-simulator.ts';
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';

/** The node simulator's wire format, read raw (independent of the app's chain client). */

const WALLET = tronAddressFromSeed('wire-test-wallet');
let node: NodeSimulator | undefined;
afterEach(() => node?.close());

async function post(path: string, body: string, method: 'POST' | 'GET' = 'POST'): Promise<{ status: number; text: string }> {
  const res = await request(`${node!.baseUrl}${path}`, { method, body: method === 'GET' ? undefined : body });
  return { status: res.statusCode, text: await res.body.text() };
}

describe('node simulator wire format', () => {
  it('writes int64 digits exactly and leaves zero fields out, like java-tron', async () => {
    node = await startNodeSimulator({ spending: null, now: () => 1_000, wallets: [{ address: WALLET, trxSun: 2n ** 60n + 1n }] });
    const account = await post('/wallet/getaccount', JSON.stringify({ address: WALLET, visible: true }));
    expect(account.text).toBe(`{"address":"${WALLET}","balance":1152921504606846977,"create_time":1000}`);
    const resources = JSON.parse((await post('/wallet/getaccountresource', JSON.stringify({ address: WALLET, visible: true }))).text);
    expect(resources).toMatchObject({ freeNetLimit: 600 });
    expect(Object.keys(resources)).not.toContain('EnergyLimit');
    expect(Object.keys(resources)).not.toContain('freeNetUsed');
  });

  it('answers {} for an account that does not exist, and {"Error"} for what the servlet cannot read', async () => {
    node = await startNodeSimulator({ spending: null, wallets: [] });
    expect((await post('/wallet/getaccount', JSON.stringify({ address: WALLET, visible: true }))).text).toBe('{}');
    const cases = [
      JSON.stringify({ address: WALLET }), // not visible: read as hex
      JSON.stringify({ address: 'Tnotanaddress', visible: true }),
      '{"address":',
    ];
    for (const body of cases) {
      const out = await post('/wallet/getaccountresource', body);
      expect(out.status).toBe(200);
      expect(JSON.parse(out.text)).toEqual({ Error: expect.stringMatching(/^class [\w.$]+ : /) });
    }
    expect((await post('/wallet/getaccount', '', 'GET')).status).toBe(405);
    expect((await post('/wallet/nothing', '{}')).status).toBe(404);
  });

  it('serves a 429 with Retry-After when asked to', async () => {
    node = await startNodeSimulator({ spending: null, wallets: [] });
    node.faults.inject('/wallet/getchainparameters', { kind: 'rate-limit', retryAfter: '5' });
    const res = await request(`${node.baseUrl}/wallet/getchainparameters`, { method: 'POST', body: '{}' });
    await res.body.text();
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('5');
  });
});

describe('npm run simulator', () => {
  it('starts the TRON node simulator beside the service and prints its URL and demo wallets', async () => {
    const main = join(import.meta.dirname, '../../../src/core/simulator/main.ts');
    const child = spawn(process.execPath, [main, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const printed: string[] = [];
      for (let i = 0; i < 6; i++) printed.push((await lines.next()).value as string);
      const nodeUrl = /^TRON node:\s+(http:\/\/127\.0\.0\.1:\d+)$/.exec(printed[4]!)?.[1];
      expect(nodeUrl).toBeDefined();
      const payroll = /payroll (T\w{33})/.exec(printed[5]!)?.[1];
      const res = await request(`${nodeUrl}/wallet/getaccountresource`, { method: 'POST', body: JSON.stringify({ address: payroll, visible: true }) });
      expect(JSON.parse(await res.body.text())).toMatchObject({ EnergyLimit: 140_000, freeNetLimit: 600 });
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect(((await exited) as [number | null])[0]).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
