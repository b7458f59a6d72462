import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { DEMO_USER, startSimulator } from '../../../src/core/simulator/index.ts';
import * as shape from './shapes.ts';
import { caller } from './sim-http.ts';

const MAIN = join(import.meta.dirname, '../../../src/core/simulator/main.ts');

describe('simulator main.ts', () => {
  it('prints the base URL first, serves it, and exits on SIGTERM', async () => {
    const child = spawn(process.execPath, [MAIN, '--port', '0', '--trx', '12.5'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const lines = createInterface({ input: child.stdout });
      const iterator = lines[Symbol.asyncIterator]();
      const first = (await iterator.next()).value as string;
      expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);
      const rest: string[] = [];
      for (let i = 0; i < 3; i++) rest.push((await iterator.next()).value as string);
      expect(rest.join('\n')).toContain(DEMO_USER.apiKey);
      expect(rest.join('\n')).toContain(DEMO_USER.secret);

      const out = await caller(first)('GET', '/user_info');
      expect(shape.successEnvelope(shape.userInfo).parse(out.body).data.balance_trx).toBe('12.5000');

      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('a port in use is one clear line (no EADDRINUSE stack) and exit 1', async () => {
    const taken = await startSimulator();
    try {
      const port = new URL(taken.baseUrl).port;
      const child = spawn(process.execPath, [MAIN, '--port', port], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
      child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
      const [code] = (await once(child, 'close')) as [number | null];
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n')).toEqual([
        `Port ${port} on 127.0.0.1 is already in use (another simulator?): stop that program or pass --port N (--port 0 picks a free one).`,
      ]);
      expect(stderr).not.toContain('EADDRINUSE');
    } finally {
      await taken.close();
    }
  });

  it('exits 2 on a bad flag', async () => {
    const child = spawn(process.execPath, [MAIN, '--port', 'abc'], { stdio: 'ignore' });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
  });
});
