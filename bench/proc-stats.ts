import { readFileSync } from 'node:fs';

/**
 * Linux's per-process I/O counters (/proc/self/io): `wchar` counts the bytes
 * the process passed to write() and friends (files and sockets alike);
 * `writeBytes` the bytes it caused to reach the storage layer (page-sized,
 * files only). null elsewhere.
 */
export function procIo(): { wchar: number; writeBytes: number } | null {
  try {
    const text = readFileSync('/proc/self/io', 'utf8');
    const field = (name: string): number => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
    return { wchar: field('wchar'), writeBytes: field('write_bytes') };
  } catch {
    return null;
  }
}
