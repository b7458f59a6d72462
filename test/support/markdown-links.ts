import GithubSlugger from 'github-slugger';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, relative, resolve } from 'node:path';

/**
 * The relative links of Markdown pages, checked the way GitHub renders them: the
 * target file exists inside the repository, and a `#anchor` names a heading of the
 * target page by GitHub's slug rule (github-slugger, with -1, -2 … for repeats) or
 * an explicit `<a id>`/`<a name>`. Links inside code (fenced blocks, inline code
 * spans) are text, not links, and are not checked. External links (a scheme such
 * as https: or mailto:) are left to their hosts.
 */

export interface LinkProblem {
  /** The page holding the link, relative to the root. */
  readonly file: string;
  readonly line: number;
  readonly target: string;
  readonly reason: 'missing file' | 'outside the repository' | 'missing anchor';
}

export interface MarkdownLink {
  readonly line: number;
  readonly target: string;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const INLINE_LINK = /!?\[(?:[^[\]]|\[[^[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const HTML_LINK = /<(?:a|img)\b[^>]*?\s(?:href|src)\s*=\s*["']([^"']+)["']/gi;
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/;
const HTML_ANCHOR = /<a\b[^>]*?\s(?:id|name)\s*=\s*["']([^"']+)["']/gi;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/;
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** The page's lines with fenced code blocks blanked, so line numbers stay. */
function linesOutsideFences(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split('\n').map((line) => {
    const opener = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (opener !== undefined && opener[0] === fence[0] && opener.length >= fence.length) fence = null;
      return '';
    }
    if (opener !== undefined) {
      fence = opener;
      return '';
    }
    return line;
  });
}

const withoutInlineCode = (line: string): string => line.replace(/(`+)[^`][\s\S]*?\1/g, '');

/** Every link and image target of a page, in order, with its 1-based line. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const [index, line] of linesOutsideFences(markdown).map(withoutInlineCode).entries()) {
    const add = (target: string | undefined): void => {
      if (target !== undefined) links.push({ line: index + 1, target });
    };
    for (const match of line.matchAll(INLINE_LINK)) add(match[1]);
    for (const match of line.matchAll(HTML_LINK)) add(match[1]);
    add(REFERENCE_DEFINITION.exec(line)?.[1]);
  }
  return links;
}

/** A heading's text as GitHub renders it before slugging: no inline code marks, link targets, emphasis or tags. */
function headingText(raw: string): string {
  return raw
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(\*\*|__|\*)(.+?)\1/g, '$2');
}

/** The anchors a page offers: its headings' GitHub slugs and any explicit `<a id>` or `<a name>`. */
export function markdownAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const line of linesOutsideFences(markdown)) {
    const heading = HEADING.exec(line)?.[1];
    if (heading !== undefined) anchors.add(slugger.slug(headingText(heading)));
    for (const match of withoutInlineCode(line).matchAll(HTML_ANCHOR)) if (match[1] !== undefined) anchors.add(match[1]);
  }
  return anchors;
}

/** Checks every relative link of the given pages (paths relative to root). */
export function checkMarkdownLinks(root: string, files: readonly string[]): LinkProblem[] {
  const problems: LinkProblem[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchorsOf = (path: string): Set<string> => {
    let anchors = anchorCache.get(path);
    if (anchors === undefined) {
      anchors = markdownAnchors(readFileSync(path, 'utf8'));
      anchorCache.set(path, anchors);
    }
    return anchors;
  };
  for (const file of files) {
    const source = join(root, file);
    for (const { line, target } of markdownLinks(readFileSync(source, 'utf8'))) {
      if (EXTERNAL.test(target)) continue;
      const hashAt = target.indexOf('#');
      const pathPart = decodeURIComponent(hashAt === -1 ? target : target.slice(0, hashAt));
      const anchor = hashAt === -1 ? null : decodeURIComponent(target.slice(hashAt + 1));
      const resolved = pathPart === '' ? source : resolve(dirname(source), pathPart);
      const fromRoot = relative(root, resolved);
      const problem = (reason: LinkProblem['reason']): void => {
        problems.push({ file, line, target, reason });
      };
      if (fromRoot.startsWith('..') || isAbsolute(fromRoot)) problem('outside the repository');
      else if (!existsSync(resolved)) problem('missing file');
      else if (anchor !== null && anchor !== '' && statSync(resolved).isFile() && extname(resolved) === '.md') {
        if (!anchorsOf(resolved).has(anchor)) problem('missing anchor');
      }
    }
  }
  return problems;
}
