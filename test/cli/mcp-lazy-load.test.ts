import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';
import { tempDir } from '../support/temp-dir.ts';

/**
 * `help`, `--version` and the other commands never load the MCP SDK nor the
 * server's code (src/cli/mcp/): only `energy-tray mcp` does, so the CLI's
 * start (bench cli_startup_ratio) does not pay for it. A module hook in the
 * child reports every module of either it resolves.
 */
const HOOK = `
import { registerHooks } from 'node:module';
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    if (resolved.url.includes('@modelcontextprotocol') || resolved.url.includes('/src/cli/mcp/')) process.stderr.write('LOADED ' + resolved.url + '\\n');
    return resolved;
  },
});
`;

describe('the MCP server is loaded only by the mcp command', () => {
  let dir = '';
  let env: Record<string, string> = {};
  beforeAll(async () => {
    dir = tempDir('lazy');
    const hook = join(dir, 'hook.mjs');
    await writeFile(hook, HOOK);
    env = { ENERGY_TRAY_USER_DATA: dir, NODE_OPTIONS: `--import=${pathToFileURL(hook).href}` };
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('help, --version, help mcp and another command load none of it', async () => {
    for (const args of [['--version'], ['help'], ['help', 'mcp'], ['mcp', '--help'], ['allowance', '--json'], ['history']]) {
      const run = await runCli(args, { env });
      expect(run.stderr, args.join(' ')).not.toContain('LOADED');
    }
  });

  it('mcp loads the SDK (the hook sees what it is looking for)', async () => {
    const run = await runCli(['mcp'], { env });
    expect(run.stderr).toContain('LOADED');
    expect(run.stderr).toMatch(/@modelcontextprotocol\/sdk/);
  });
});
