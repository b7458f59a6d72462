import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

const out = join(import.meta.dirname, '../../out');
const rendererAssets = join(out, 'renderer/assets');

function read(path: string): string {
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first (npm test does).`);
  return readFileSync(path, 'utf8');
}

describe('electron-vite build output', () => {
  it('has main, preload and renderer bundles', () => {
    expect(read(join(out, 'main/index.js')).length).toBeGreaterThan(0);
    expect(read(join(out, 'preload/index.cjs'))).toContain('exposeInMainWorld');
    expect(read(join(out, 'renderer/index.html'))).toContain('<div id="root">');
  });

  it('loads SQLite from the runtime (node:sqlite, built into Node and Electron), never bundled', () => {
    const main = read(join(out, 'main/index.js'));
    expect(main).toMatch(/^import \{[^}]*DatabaseSync[^}]*\} from "node:sqlite";$/m);
  });

  it('builds the preload as CommonJS (sandboxed preloads cannot be ESM)', () => {
    const preload = read(join(out, 'preload/index.cjs'));
    expect(preload).toMatch(/require\(["']electron["']\)/);
    expect(preload).not.toMatch(/^import /m);
  });

  it('keeps Node built-ins and electron out of the renderer bundle', () => {
    const files = readdirSync(rendererAssets).filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(0);
    const names = builtinModules.filter((m) => !m.startsWith('_'));
    for (const file of files) {
      const code = read(join(rendererAssets, file));
      expect(code).not.toMatch(/\brequire\(/);
      for (const name of [...names, 'electron']) {
        const imported = new RegExp(`(from|import)\\s*\\(?\\s*["'](node:)?${name.replace('/', '\\/')}["']`);
        expect(code, `${file} imports ${name}`).not.toMatch(imported);
      }
    }
  });

  it("keeps the strict Content-Security-Policy in the built index.html", () => {
    const html = read(join(out, 'renderer/index.html'));
    const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? '';
    const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v.join(' ')]));
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('style-src')).toBe("'self'");
    expect(directives.get('img-src')).toBe("'self' data:");
    expect(directives.get('connect-src')).toBe("'none'");
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('puts only the dashboard’s own catalogue and the core’s messages’ in the page: English in the entry, each other language in one chunk loaded when used', () => {
    const files = readdirSync(rendererAssets).filter((f) => f.endsWith('.js'));
    const entry = read(join(out, 'renderer/index.html')).match(/assets\/(index-[\w-]+\.js)/)?.[1] ?? '';
    const code = (file: string): string => read(join(rendererAssets, file));
    const catalogue = (language: string, namespace: string): Record<string, unknown> =>
      JSON.parse(readFileSync(join(import.meta.dirname, `../../src/shared/i18n/locales/${language}/${namespace}.json`), 'utf8')) as Record<string, unknown>;
    // One message of each namespace that is long and unique enough to be found.
    const sample = (language: string, namespace: string): string => {
      const leaves: string[] = [];
      const walk = (node: unknown): void => {
        if (typeof node === 'string') leaves.push(node);
        else if (node && typeof node === 'object') Object.values(node).forEach(walk);
      };
      walk(catalogue(language, namespace));
      return leaves.filter((l) => l.length > 40 && !l.includes('"')).sort((a, b) => b.length - a.length)[0]!;
    };
    // The dashboard's words, and what main's core sends as a key and values (errors, decisions, notices).
    const pageNamespaces = ['renderer', 'errors', 'decisions', 'notices'];
    for (const namespace of pageNamespaces) expect(code(entry)).toContain(sample('en', namespace));
    for (const namespace of ['cli', 'tray', 'dialogs', 'notifications']) {
      for (const file of files) expect(code(file), `${file} holds the ${namespace} catalogue`).not.toContain(sample('en', namespace));
    }
    for (const language of ['ru', 'zh-CN']) {
      const holders = new Set<string>();
      for (const namespace of pageNamespaces) {
        expect(code(entry)).not.toContain(sample(language, namespace));
        const holding = files.filter((f) => code(f).includes(sample(language, namespace)));
        expect(holding).toHaveLength(1);
        holders.add(holding[0]!);
      }
      // A language is one chunk (one request, compressed once), not one per namespace.
      expect([...holders], `${language}'s catalogues`).toHaveLength(1);
    }
  });
});
