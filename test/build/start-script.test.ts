import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
const startScript = join(root, 'scripts/start-electron.ts');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function run(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [startScript, ...args], { cwd, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

/** A loopback port that nothing listens on: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

let scratch: string;
beforeAll(() => {
  // Inside the repository, so that a copied electron package finds @electron/get in node_modules above it.
  mkdirSync(join(root, 'test-output'), { recursive: true });
  scratch = mkdtempSync(join(root, 'test-output', 'start-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm start: the Electron binary', () => {
  it('ends quickly with one plain paragraph when the download host cannot be reached', async () => {
    // A project whose electron package has no binary yet, as after `npm install`
    // of electron 45 on any machine (the installer's own dependencies are found
    // in the repository's node_modules above it).
    const project = join(scratch, 'fresh');
    const pkgDir = join(project, 'node_modules/electron');
    mkdirSync(pkgDir, { recursive: true });
    writeFileSync(join(project, 'package.json'), '{"name":"fresh","private":true}');
    for (const file of ['package.json', 'install.js', 'index.js', 'checksums.json']) {
      copyFileSync(join(root, 'node_modules/electron', file), join(pkgDir, file));
    }
    const port = await closedPort();
    const result = await run(['preview'], project, {
      ELECTRON_MIRROR: `http://127.0.0.1:${port}/`,
      electron_config_cache: join(scratch, 'empty-cache'),
      ELECTRON_OVERRIDE_DIST_PATH: '',
      ELECTRON_EXEC_PATH: '',
    });

    expect(result.code).not.toBe(0);
    expect(result.ms).toBeLessThan(30_000);
    const message = result.stderr.trim();
    expect(message).toMatch(/^Energy Tray cannot start: the Electron \d+\.\d+\.\d+ runtime is not on this machine yet/);
    expect(message).toContain(`127.0.0.1:${port}`);
    expect(message).toContain('could not be reached');
    expect(message).toContain('ELECTRON_OVERRIDE_DIST_PATH');
    expect(message.split('\n')).toHaveLength(1);
    expect(result.stderr + result.stdout).not.toMatch(/^\s+at /m);
    expect(result.stderr + result.stdout).not.toMatch(/Error:|TypeError/);
  });

  it('launches an Electron already on disk (ELECTRON_OVERRIDE_DIST_PATH) without downloading', async () => {
    const dist = join(scratch, 'electron-dist');
    mkdirSync(dist, { recursive: true });
    const log = join(scratch, 'launched.txt');
    const fake = join(dist, process.platform === 'win32' ? 'electron.exe' : 'electron');
    writeFileSync(fake, `#!/bin/sh\necho "$PWD|$*" > "${log}"\n`);
    chmodSync(fake, 0o755);

    // `npm test` builds out/ before the tests run, so the preview can skip its build.
    const result = await run(['preview', '--skipBuild'], root, {
      ELECTRON_OVERRIDE_DIST_PATH: dist,
      ELECTRON_MIRROR: 'http://127.0.0.1:9/',
      ELECTRON_EXEC_PATH: '',
    });

    expect(result.stderr).not.toContain('cannot start');
    expect(result.code).toBe(0);
    expect(readFileSync(log, 'utf8').trim()).toBe(`${root}|.`);
  });

  it('names the missing executable when ELECTRON_OVERRIDE_DIST_PATH points at an empty folder', async () => {
    const empty = join(scratch, 'empty-dist');
    mkdirSync(empty, { recursive: true });
    const result = await run(['preview', '--skipBuild'], root, { ELECTRON_OVERRIDE_DIST_PATH: empty, ELECTRON_EXEC_PATH: '' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `ELECTRON_OVERRIDE_DIST_PATH is set, but there is no Electron executable at ${join(empty, 'electron')}`,
    );
  });
});

describe('build targets', () => {
  it('are set explicitly where electron-vite’s own table does not know the pinned Electron', async () => {
    const electron = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string };
    const major = Number(electron.version.split('.')[0]);
    const config = readFileSync(join(root, 'electron.vite.config.ts'), 'utf8');
    const table = readFileSync(join(root, 'node_modules/electron-vite/dist/chunks', await electronViteChunk()), 'utf8');
    const known = new RegExp(`'${major}': '24\\.`).test(table);
    // Either electron-vite's table has this major, or the config names the target of main and preload.
    expect(known || (config.match(/target: ELECTRON_NODE_TARGET/g) ?? []).length === 2).toBe(true);
  });
});

async function electronViteChunk(): Promise<string> {
  const { readdirSync } = await import('node:fs');
  const chunks = readdirSync(join(root, 'node_modules/electron-vite/dist/chunks'));
  const withTable = chunks.find((f) => readFileSync(join(root, 'node_modules/electron-vite/dist/chunks', f), 'utf8').includes('function getElectronNodeTarget'));
  if (!withTable) throw new Error('electron-vite no longer has getElectronNodeTarget; revisit electron.vite.config.ts');
  return withTable;
}
