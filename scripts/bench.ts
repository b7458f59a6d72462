/**
 * `npm run bench`: runs every bench/*.bench.ts in one process, one after the
 * other (ratios are measured side by side inside each file, since this machine
 * is shared and noisy). Each prints lines of the form
 *   bench <name>: <value> (target <op> <value>)
 * A benchmark measures and prints; it never fails on a slow machine. It exits
 * non-zero only when a benchmark could not run at all.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = join(import.meta.dirname, '../bench');
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of files) {
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default?: () => Promise<void> };
  if (typeof mod.default !== 'function') {
    console.error(`${file}: no default export to run`);
    failed++;
    continue;
  }
  try {
    await mod.default();
  } catch (err) {
    console.error(`${file} could not run: ${err instanceof Error ? err.message : String(err)}`);
    failed++;
  }
}
process.exit(failed > 0 ? 1 : 0);
