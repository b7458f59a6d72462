import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';

let built: string | null = null;

/**
 * Builds the fixed plain React page (bench/plain-page) once per run, minified
 * like the renderer, into a temporary folder: the baseline the dashboard's
 * first render is measured against in the same run.
 */
export async function plainPageDir(): Promise<string> {
  if (built) return built;
  const outDir = mkdtempSync(join(tmpdir(), 'bench-plain-page-'));
  await build({
    configFile: false,
    root: join(import.meta.dirname, 'plain-page'),
    base: './',
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, minify: true, target: 'chrome130' },
  });
  built = outDir;
  return outDir;
}
