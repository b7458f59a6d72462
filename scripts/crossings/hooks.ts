/**
 * Module hooks for scripts/folder-crossings.ts: each module of src/ gets a
 * last line that hands its exported functions and classes to the tracer
 * (globalThis.__crossings), which wraps them. A function declaration's
 * binding is reassigned, so importers call the wrapper; a class keeps its
 * binding and has its prototype's methods wrapped.
 */
import { fileURLToPath } from 'node:url';
import { dirname, relative } from 'node:path';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

interface LoadResult {
  format?: string | null;
  source?: string | ArrayBuffer | Uint8Array | null;
}

export async function load(url: string, context: unknown, nextLoad: (url: string, context: unknown) => Promise<LoadResult>): Promise<LoadResult> {
  const result = await nextLoad(url, context);
  if (!url.startsWith('file:') || !url.endsWith('.ts') || result.source === null || result.source === undefined) return result;
  const file = fileURLToPath(url);
  if (!file.startsWith(src) || file.includes('/simulator/')) return result;
  const folder = dirname(relative(src, file));
  const text = typeof result.source === 'string' ? result.source : new TextDecoder().decode(result.source);
  const functions = [...new Set([...text.matchAll(/^export (?:async )?function\*? ?(\w+)/gm)].map((m) => m[1]!))];
  const classes = [...text.matchAll(/^export (?:abstract )?class (\w+)/gm)].map((m) => m[1]!);
  if (functions.length === 0 && classes.length === 0) return result;
  const tracer = 'globalThis.__crossings';
  const lines = [
    ...functions.map((name) => `${name} = ${tracer}.fn(${name}, ${JSON.stringify(folder)}, ${JSON.stringify(name)});`),
    ...classes.map((name) => `${tracer}.cls(${name}, ${JSON.stringify(folder)});`),
  ];
  return { ...result, source: `${text}\nif (${tracer}) { ${lines.join(' ')} }\n` };
}
