/**
 * Finds the Electron executable that `npm start` / `npm run dev` will launch, and
 * fetches it through Electron's own installer when it is missing.
 *
 * Why this exists: electron 45 no longer downloads its binary on `npm install`
 * (it does so lazily, on `require('electron')` or through its `install-electron`
 * bin), while electron-vite only reads `node_modules/electron/path.txt` and throws
 * "Electron uninstall" when it is absent. So the start path fetches first, and
 * says in plain words what to do when it cannot.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';

export interface ElectronPackage {
  dir: string;
  version: string;
}

/** The electron package of the project in `root` (npm runs scripts from the project's root). */
export function electronPackage(root: string = process.cwd()): ElectronPackage {
  const manifest = createRequire(join(root, 'package.json')).resolve('electron/package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return { dir: dirname(manifest), version };
}

/** The executable's path inside a dist folder, as Electron's installer lays it out. */
export function platformExecutable(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}

export type Located = { found: true; path: string; source: string } | { found: false; expected: string };

/** Where the executable is, without fetching anything. */
export function locateElectron(pkg: ElectronPackage, env: NodeJS.ProcessEnv = process.env): Located {
  if (env.ELECTRON_EXEC_PATH) {
    const path = env.ELECTRON_EXEC_PATH;
    return existsSync(path) ? { found: true, path, source: 'ELECTRON_EXEC_PATH' } : { found: false, expected: path };
  }
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const path = join(env.ELECTRON_OVERRIDE_DIST_PATH, platformExecutable());
    return existsSync(path)
      ? { found: true, path, source: 'ELECTRON_OVERRIDE_DIST_PATH' }
      : { found: false, expected: path };
  }
  const path = join(pkg.dir, 'dist', platformExecutable());
  const versionFile = join(pkg.dir, 'dist', 'version');
  const installed =
    existsSync(path) &&
    existsSync(join(pkg.dir, 'path.txt')) &&
    existsSync(versionFile) &&
    readFileSync(versionFile, 'utf8').trim().replace(/^v/, '') === pkg.version;
  return installed ? { found: true, path, source: 'node_modules/electron' } : { found: false, expected: path };
}

/** The host Electron's installer downloads from: the mirror if one is set, else GitHub. */
export function downloadHost(env: NodeJS.ProcessEnv = process.env): { host: string; port: number; label: string } {
  const mirror = env.ELECTRON_MIRROR ?? env.npm_config_electron_mirror;
  const url = new URL(mirror && mirror.length > 0 ? mirror : 'https://github.com/electron/electron/releases/download/');
  const port = url.port ? Number(url.port) : url.protocol === 'http:' ? 80 : 443;
  return { host: url.hostname, port, label: mirror ? `the mirror ${url.host} (ELECTRON_MIRROR)` : 'github.com' };
}

/** Whether a TCP connection to the download host opens within the time limit. */
export function canReach(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export interface InstallResult {
  ok: boolean;
  /** Whether the download host accepted a connection (false: it could not be reached at all). */
  reachable: boolean;
  /** The installer's first error line; never printed as a stack. */
  detail: string;
}

/**
 * Runs Electron's own installer (`install-electron`), which honours
 * ELECTRON_MIRROR, electron_config_cache and the platform overrides. A host that
 * accepts no connection ends the attempt after `probeMs` instead of waiting for
 * the installer's own, much longer, network timeouts.
 */
export async function installElectron(pkg: ElectronPackage, probeMs: number): Promise<InstallResult> {
  const child = spawn(process.execPath, [join(pkg.dir, 'install.js')], { stdio: ['ignore', 'inherit', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const { host, port } = downloadHost();
  const reachable = canReach(host, port, probeMs);
  const first = await Promise.race([exited.then(() => 'exited' as const), reachable]);
  if (first === false) {
    // The installer may still succeed from electron_config_cache; give it a moment before giving up.
    const late = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 2000))]);
    if (late === 'timeout') {
      child.kill();
      return { ok: false, reachable: false, detail: `no connection to ${host}:${port} within ${probeMs} ms` };
    }
  }
  const code = await exited;
  const detail = stderr.split('\n').find((l) => l.trim().length > 0)?.trim() ?? '';
  return { ok: code === 0, reachable: code === 0 || (await reachable), detail };
}

export function cannotFetchMessage(pkg: ElectronPackage, label: string, result: InstallResult): string {
  const archive = `electron-v${pkg.version}-${process.platform}-${process.arch}.zip`;
  const why = result.reachable
    ? `the download from ${label} failed (${result.detail || 'the installer gave no reason'})`
    : `${label} could not be reached`;
  return (
    `Energy Tray cannot start: the Electron ${pkg.version} runtime is not on this machine yet, and ${why}. ` +
    `Electron fetches its binary from its own release host on first start, not from the npm registry. ` +
    `Either give this machine access to ${label} and run the command again, or point ELECTRON_OVERRIDE_DIST_PATH ` +
    `at a folder holding an Electron ${pkg.version.split('.')[0]} executable (for example an unpacked ${archive}).`
  );
}
