import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

/** src/main is thin glue, but glue breaks too: each file has a test of its own, next to the fake Electron's. */
describe('every src/main file has its own test', () => {
  it('src/main/<name>.ts is tested in test/main/<name>.test.ts', () => {
    const sources = readdirSync(join(root, 'src/main')).filter((f) => f.endsWith('.ts'));
    expect(sources.length).toBeGreaterThan(10);
    const untested = sources.filter((f) => !existsSync(join(root, 'test/main', f.replace(/\.ts$/, '.test.ts'))));
    expect(untested).toEqual([]);
  });
});
