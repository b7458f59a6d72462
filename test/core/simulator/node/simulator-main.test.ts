import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';

describe('npm run simulator', () => {
  it('starts the TRON node simulator beside the service and prints its URL and demo wallets', async () => {
    const main = join(import.meta.dirname, '../../../../src/core/simulator/main.ts');
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
