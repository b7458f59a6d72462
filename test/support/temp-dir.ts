import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * A fresh, empty folder under the system's temp folder, for one test's files
 * (a user-data folder, a settings file, an export). `purpose` names it, so a
 * folder left behind says which test made it: energy-tray-<purpose>-XXXXXX.
 */
export function tempDir(purpose: string): string {
  return mkdtempSync(join(tmpdir(), `energy-tray-${purpose}-`));
}

/**
 * For one test file: `purpose`-named temp folders, each removed after the
 * test that made it (call at the file's top level; it registers an afterEach).
 */
export function tempDirs(purpose: string): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = tempDir(purpose);
    made.push(dir);
    return dir;
  };
}
