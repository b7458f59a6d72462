import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fresh, empty folder under the system's temp folder, for one test's files
 * (a user-data folder, a settings file, an export). `purpose` names it, so a
 * folder left behind says which test made it: energy-tray-<purpose>-XXXXXX.
 */
export function tempDir(purpose: string): string {
  return mkdtempSync(join(tmpdir(), `energy-tray-${purpose}-`));
}
