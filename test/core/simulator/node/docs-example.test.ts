import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';

/**
 * docs/node-simulator.md's example, run as written: the last js block of its
 * "Example" section is saved inside the repository (so `tronweb` resolves)
 * and run with node against `npm run simulator` (its main.ts; orders fill
 * in 300 ms here instead of 3 s). It rents through the service simulator and
 * must see the energy arrive on the node simulator.
 */

const ROOT = join(import.meta.dirname, '../../../..');

async function exampleCode(): Promise<string> {
  const page = await readFile(join(ROOT, 'docs/node-simulator.md'), 'utf8');
  const section = page.slice(page.indexOf('## Example'));
  const blocks = [...section.matchAll(/```js\n([\s\S]*?)```/g)];
  const code = blocks.at(-1)?.[1];
  if (code === undefined) throw new Error('the docs page has no example block');
  return code;
}

describe("the docs' example", () => {
  it('rents 65,000 energy through the service simulator and sees it arrive on the node simulator', async () => {
    const code = await exampleCode();
    expect(code.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('import')).length).toBeLessThanOrEqual(12);
    const dir = join(ROOT, 'test-output/docs-example');
    await mkdir(dir, { recursive: true });
    const script = join(dir, 'rent-energy.mjs');
    await writeFile(script, code);

    const main = join(ROOT, 'src/core/simulator/main.ts');
    const simulator = spawn(process.execPath, [main, '--port', '0', '--order-ms', '300'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const lines = createInterface({ input: simulator.stdout })[Symbol.asyncIterator]();
      const printed: string[] = [];
      for (let i = 0; i < 6; i++) printed.push((await lines.next()).value as string);
      const serviceUrl = printed[0]!;
      const nodeUrl = /^TRON node:\s+(\S+)$/.exec(printed[4]!)![1]!;
      const shop = /shop (T\w{33})/.exec(printed[5]!)![1]!;

      const run = await promisify(execFile)(process.execPath, [script], {
        env: { ...process.env, SERVICE_URL: serviceUrl, NODE_URL: nodeUrl },
        timeout: 30_000,
      });
      expect(run.stdout.trim()).toMatch(/^order EN\d+: EnergyLimit 0 -> 65000$/);

      const res = await request(`${nodeUrl}/wallet/getaccountresource`, { method: 'POST', body: JSON.stringify({ address: shop, visible: true }) });
      expect(JSON.parse(await res.body.text())).toMatchObject({ EnergyLimit: 65_000 });
    } finally {
      const exited = once(simulator, 'exit');
      simulator.kill('SIGTERM');
      await exited;
    }
  });
});
