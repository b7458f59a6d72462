import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { join, relative, isAbsolute } from 'node:path';
import { resolveAppPath } from '../../src/main/app-protocol-path.ts';

const root = '/opt/energy-tray/out/renderer';

describe('app:// path resolution', () => {
  it('serves files inside the renderer folder', () => {
    expect(resolveAppPath(root, 'app://bundle/')).toBe(join(root, 'index.html'));
    expect(resolveAppPath(root, 'app://bundle/index.html')).toBe(join(root, 'index.html'));
    expect(resolveAppPath(root, 'app://bundle/assets/index-abc.js?v=1#x')).toBe(join(root, 'assets/index-abc.js'));
  });

  const inside = (p: string | null) => p === null || (!relative(root, p).startsWith('..') && !isAbsolute(relative(root, p)));

  it.each([
    ['app://bundle/../main/index.js', join(root, 'main/index.js')],
    ['app://bundle/%2e%2e/main/index.js', join(root, 'main/index.js')],
    ['app://bundle/assets/%2E%2E/%2E%2E/secret', join(root, 'secret')],
  ])('clamps dot segments the URL parser resolves: %s stays inside', (url, expected) => {
    const resolved = resolveAppPath(root, url);
    expect(resolved).toBe(expected);
    expect(inside(resolved)).toBe(true);
  });

  it.each([
    'app://bundle/..%2f..%2fetc/passwd',
    'app://bundle/..\\..\\windows',
    'app://bundle/assets%5c..%5c..%5csecret',
    'app://bundle/C:/Windows/win.ini',
    'app://bundle/%00.js',
    'app://other/index.html',
    'file:///etc/passwd',
    'app://bundle/%E0%A4%A',
  ])('refuses %s', (url) => {
    expect(resolveAppPath(root, url)).toBeNull();
  });

  it('never resolves outside the renderer folder, whatever the path', () => {
    const segment = fc.oneof(
      fc.constantFrom('..', '.', '%2e%2e', '%2E%2e', '%2f', '%5c', '\\', '/', 'C:', '%00', 'assets', 'index.html', '..%2f', '%2e'),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (parts) => {
        const resolved = resolveAppPath(root, `app://bundle/${parts.join('/')}`);
        if (resolved === null) return true;
        const rel = relative(root, resolved);
        return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
      }),
      { numRuns: 2000 },
    );
  });
});
