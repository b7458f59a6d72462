import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkMarkdownLinks, markdownAnchors, markdownLinks } from '../support/markdown-links.ts';

const ROOT = join(import.meta.dirname, '../..');
const README_MAX_LINES = 200;

function markdownUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => relative(ROOT, join(ROOT, dir, name)))
    .sort();
}

const PAGES = ['README.md', 'CONTRIBUTING.md', ...markdownUnder('docs')];

describe('the documentation', () => {
  it('has no broken relative link or anchor in README.md, CONTRIBUTING.md and docs/**/*.md', () => {
    expect(PAGES.length).toBeGreaterThan(20);
    expect(checkMarkdownLinks(ROOT, PAGES)).toEqual([]);
  });

  it('keeps README.md a front door: at most 200 lines, the two set-up commands at the top', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const lines = readme.split('\n');
    expect(lines.length - (readme.endsWith('\n') ? 1 : 0)).toBeLessThanOrEqual(README_MAX_LINES);
    const top = lines.slice(0, 15).join('\n');
    expect(top).toContain('npm install && npm start');
    expect(top).toContain('npm install && npm test');
  });

  it('reaches every page of docs/ from README.md by following links (no orphan page)', () => {
    const reached = new Set<string>(['README.md']);
    const queue = ['README.md'];
    for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
      for (const { target } of markdownLinks(readFileSync(join(ROOT, page), 'utf8'))) {
        const path = target.split('#')[0] ?? '';
        if (!path.endsWith('.md') || /^[a-z]+:/i.test(path)) continue;
        const linked = relative(ROOT, resolve(dirname(join(ROOT, page)), decodeURIComponent(path)));
        if (!reached.has(linked) && existsSync(join(ROOT, linked))) {
          reached.add(linked);
          queue.push(linked);
        }
      }
    }
    expect(markdownUnder('docs').filter((page) => !reached.has(page))).toEqual([]);
  });
});

/** Every text file of the repository that may cite a document: sources, tests, scripts, docs and the root's files. */
function repositoryTextFiles(): string[] {
  const folders = ['src', 'test', 'bench', 'scripts', 'bin', 'docs', '.ci'];
  const nested = folders.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((name) => join(dir, name)),
  );
  const rootFiles = readdirSync(ROOT).filter((name) => /\.(?:md|json|js|ts)$/.test(name) && name !== 'package-lock.json');
  return [...rootFiles, ...nested].filter((name) => /(?:\.(?:md|ts|tsx|js|json|sh)|\/run)$/.test(name));
}

describe('citations of ARCHITECTURE.md', () => {
  it('name a path that exists in the repository (the sketch outside it is cited as docs/architecture.md)', () => {
    const dangling: string[] = [];
    for (const file of repositoryTextFiles()) {
      if (file === 'test/build/doc-links.test.ts') continue;
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const match of text.matchAll(/[\w./-]*ARCHITECTURE\.md/g)) {
        const cited = match[0];
        const found = [resolve(dirname(join(ROOT, file)), cited), resolve(ROOT, cited)].some(
          (path) => !relative(ROOT, path).startsWith('..') && existsSync(path),
        );
        if (!found) dangling.push(`${file}: ${cited}`);
      }
    }
    expect(dangling).toEqual([]);
  });
});

describe('the link check', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  function site(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'doc-links-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(root, name, '..'), { recursive: true });
      writeFileSync(join(root, name), text);
    }
    dir = root;
    return root;
  }

  it('fails a missing file, a missing anchor and a path out of the repository; passes the rest', () => {
    const root = site({
      'README.md': [
        '# Front',
        'See [usage](docs/usage.md), [its CLI part](docs/usage.md#the-cli-energy-tray), [gone](docs/gone.md).',
        'A [bad anchor](docs/usage.md#no-such-heading) and [the sketch](../shared/ARCHITECTURE.md).',
        '![shot](docs/shot.png) <img src="docs/missing.png" alt="x"> [web](https://example.com/x) [self](#front)',
        '```sh',
        'cat [not a link](nowhere.md)',
        '```',
        'Inline code `[not a link](nowhere.md)` is text.',
        '[ref]: docs/also-gone.md',
      ].join('\n'),
      'docs/usage.md': '# Usage\n\n## The CLI (`energy-tray`)\n\ntext\n',
      'docs/shot.png': 'png',
    });
    expect(checkMarkdownLinks(root, ['README.md'])).toEqual([
      { file: 'README.md', line: 2, target: 'docs/gone.md', reason: 'missing file' },
      { file: 'README.md', line: 3, target: 'docs/usage.md#no-such-heading', reason: 'missing anchor' },
      { file: 'README.md', line: 3, target: '../shared/ARCHITECTURE.md', reason: 'outside the repository' },
      { file: 'README.md', line: 4, target: 'docs/missing.png', reason: 'missing file' },
      { file: 'README.md', line: 9, target: 'docs/also-gone.md', reason: 'missing file' },
    ]);
  });

  it('passes a page whose every link resolves', () => {
    const root = site({
      'docs/a.md': '# A\n\n[b](b.md#two-words) [up](../README.md) [here](#a)\n',
      'docs/b.md': '# B\n\n## Two words\n',
      'README.md': '# R\n',
    });
    expect(checkMarkdownLinks(root, ['docs/a.md'])).toEqual([]);
  });

  it('slugs headings by GitHub’s rule: lower case, punctuation dropped, spaces to hyphens, repeats numbered', () => {
    const anchors = markdownAnchors(
      [
        '# Energy Tray',
        '## AI assistants (MCP)',
        '## Wallets: the energy your sending addresses really have',
        '## The TRON node (`src/core/chain`)',
        '## Notes',
        '## Notes',
        '<a id="custom-anchor"></a>',
        '```md',
        '## Not a heading',
        '```',
      ].join('\n'),
    );
    expect([...anchors]).toEqual([
      'energy-tray',
      'ai-assistants-mcp',
      'wallets-the-energy-your-sending-addresses-really-have',
      'the-tron-node-srccorechain',
      'notes',
      'notes-1',
      'custom-anchor',
    ]);
  });
});
