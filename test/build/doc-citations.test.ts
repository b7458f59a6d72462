import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
/** A file of the repository's (tracked or new, not ignored), as git lists it. */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|js|md)$/.test(f) && existsSync(join(root, f)));

describe('citations of the architecture documents', () => {
  it('name a path that exists: docs/architecture.md, or the sketch beside the repository', () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const match of text.matchAll(/([\w./-]*)architecture\.md/gi)) {
        const cited = match[0];
        const fromRoot = join(root, cited);
        const fromFile = join(root, dirname(file), cited);
        if (!existsSync(fromRoot) && !existsSync(fromFile)) broken.push(`${file}: ${cited}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
