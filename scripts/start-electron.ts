/**
 * `npm start` and `npm run dev`: make sure the Electron executable is on disk,
 * then hand over to electron-vite (`preview` builds and launches, `dev` serves
 * with hot reload). Usage: node scripts/start-electron.ts <preview|dev> [args…]
 *
 * electron-vite is told the exact executable through ELECTRON_EXEC_PATH, which
 * it reads before path.txt, so an Electron already on disk
 * (ELECTRON_OVERRIDE_DIST_PATH) is launched without a download.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  cannotFetchMessage,
  downloadHost,
  electronPackage,
  installElectron,
  locateElectron,
} from './electron-binary.ts';

const [mode, ...rest] = process.argv.slice(2);
if (mode !== 'preview' && mode !== 'dev') {
  console.error('usage: node scripts/start-electron.ts <preview|dev> [electron-vite options]');
  process.exit(2);
}

const pkg = electronPackage();
let located = locateElectron(pkg);
if (!located.found && !process.env.ELECTRON_EXEC_PATH && !process.env.ELECTRON_OVERRIDE_DIST_PATH) {
  console.log(`Fetching the Electron ${pkg.version} runtime (first start only)…`);
  const result = await installElectron(pkg, 8000);
  located = locateElectron(pkg);
  if (!result.ok || !located.found) {
    console.error(cannotFetchMessage(pkg, downloadHost().label, result));
    process.exit(1);
  }
}
if (!located.found) {
  const variable = process.env.ELECTRON_EXEC_PATH ? 'ELECTRON_EXEC_PATH' : 'ELECTRON_OVERRIDE_DIST_PATH';
  console.error(
    `Energy Tray cannot start: ${variable} is set, but there is no Electron executable at ${located.expected}. ` +
      `Point it at the folder of an unpacked Electron ${pkg.version.split('.')[0]} release, or unset it to download one.`,
  );
  process.exit(1);
}

const require = createRequire(import.meta.url);
const electronVite = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
const child = spawn(process.execPath, [electronVite, mode, ...rest], {
  stdio: 'inherit',
  env: { ...process.env, ELECTRON_EXEC_PATH: located.path },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
