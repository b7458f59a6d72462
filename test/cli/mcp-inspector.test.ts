import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, MAIN } from './run-cli.ts';
import { tempDir } from '../support/temp-dir.ts';

/**
 * The MCP Inspector's command line (@modelcontextprotocol/inspector, pinned
 * as a devDependency: `npx --no` never downloads it here) starts
 * `energy-tray mcp` as any MCP client would and lists what it offers.
 * --strict also checks the tool schemas for portability problems and exits 6
 * on an error-severity one.
 */
function inspector(dir: string, args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // `--no`: never download; `--`: what follows is the inspector's, not npm's (else npm reads -e and --cli as its own options).
    const line = ['--no', '--', '@modelcontextprotocol/inspector', '--cli', '-e', `ENERGY_TRAY_USER_DATA=${dir}`, '-e', 'ENERGY_TRAY_LANG=en', process.execPath, MAIN, 'mcp', ...args];
    const child = spawn('npx', line, { env: childEnv({ ENERGY_TRAY_USER_DATA: dir }), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    // Bounded: a run that did not get --cli would start the web UI and never end.
    const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 45_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('npx @modelcontextprotocol/inspector --cli against energy-tray mcp', () => {
  let dir = '';
  beforeAll(async () => {
    dir = tempDir('inspector');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lists the twelve tools, with portable schemas (--strict)', async () => {
    const run = await inspector(dir, ['--method', 'tools/list', '--strict']);
    expect(run.code, run.stderr).toBe(0);
    const { tools } = JSON.parse(run.stdout) as { tools: Array<{ name: string; annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean } }> };
    expect(tools.map((t) => t.name)).toEqual([
      'get_balance',
      'list_wallets',
      'get_wallet_resources',
      'estimate_transfer',
      'quote',
      'list_orders',
      'get_order',
      'get_spend',
      'get_allowance',
      'top_up_wallet',
      'buy_energy',
      'fast_recover',
    ]);
    expect(tools.filter((t) => t.annotations?.destructiveHint === true).map((t) => t.name)).toEqual(['top_up_wallet', 'buy_energy', 'fast_recover']);
  }, 60_000);

  it('lists the resources and the prompt', async () => {
    const resources = await inspector(dir, ['--method', 'resources/list']);
    expect(resources.code, resources.stderr).toBe(0);
    expect((JSON.parse(resources.stdout) as { resources: Array<{ uri: string }> }).resources.map((r) => r.uri)).toEqual([
      'energy-tray://wallets',
      'energy-tray://orders/recent',
    ]);
    const prompts = await inspector(dir, ['--method', 'prompts/list']);
    expect(prompts.code, prompts.stderr).toBe(0);
    expect(JSON.parse(prompts.stdout)).toMatchObject({ prompts: [{ name: 'prepare_usdt_transfer', arguments: [{ name: 'from' }, { name: 'to' }, { name: 'amount' }] }] });
  }, 60_000);
});
