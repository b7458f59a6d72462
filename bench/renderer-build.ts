import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const ROOT = join(import.meta.dirname, '..');
export const RENDERER_OUT = join(ROOT, 'out/renderer');
const ASSETS = join(RENDERER_OUT, 'assets');
const SOURCES = ['src/renderer', 'src/shared'].map((d) => join(ROOT, d));

function newestMtimeMs(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Runs `electron-vite build` when out/renderer is missing or older than the renderer's sources. */
export function ensureRendererBuild(): void {
  const index = join(RENDERER_OUT, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : -1;
  if (builtAt >= Math.max(...SOURCES.map(newestMtimeMs))) return;
  console.log('bench: out/renderer is missing or stale, running electron-vite build');
  const cli = join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js');
  const built = spawnSync(process.execPath, [cli, 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error(`electron-vite build failed (exit ${built.status ?? built.signal}); run \`npm run build\``);
}

/** KiB the renderer's JS files take gzipped (level 9), each file compressed on its own as a server would send it. */
export async function rendererJsGzipKiB(): Promise<number> {
  const files = readdirSync(ASSETS).filter((f) => f.endsWith('.js'));
  if (files.length === 0) throw new Error(`no JS in ${ASSETS}`);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(join(ASSETS, file)), { level: 9 }).length;
  return bytes / 1024;
}
