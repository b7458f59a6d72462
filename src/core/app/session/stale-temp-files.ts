// app/session: the open account or demo: profiles, settings, the per-profile lists, the TRON node connection, the service balance.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { removeStaleTempFiles } from '../../base/atomic-file.ts';
import { JOURNAL_FILE_NAME } from '../../orders/order-journal.ts';
import { SETTINGS_FILE } from '../../settings/settings-store.ts';

/**
 * Temp files a killed writer (kill -9, power loss) left in the user-data
 * folder: beside settings.json, and beside each journal (profiles/<id>/ and
 * demo/). Run at start-up, before anything is written; a live writer's temp
 * file (the CLI's, say) is left alone. Returns how many were removed.
 */
export async function removeStaleTempFilesUnder(userDataDir: string): Promise<number> {
  let removed = await removeStaleTempFiles(userDataDir, SETTINGS_FILE);
  const profiles = join(userDataDir, 'profiles');
  const profileDirs = await readdir(profiles).then(
    (names) => names.map((name) => join(profiles, name)),
    () => [],
  );
  for (const dir of [join(userDataDir, 'demo'), ...profileDirs]) removed += await removeStaleTempFiles(dir, JOURNAL_FILE_NAME);
  return removed;
}
