import { access, open, rename } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';

/**
 * Writes a private file atomically: temp file, fsync, rename (write-file-atomic),
 * then fsync of the directory so that the rename itself survives a power loss.
 * A crash at any point leaves either the old or the new file, never a mix.
 */
export async function writePrivateFileAtomic(path: string, dir: string, text: string): Promise<void> {
  await writeFileAtomic(path, text, { mode: 0o600, fsync: true });
  if (process.platform === 'win32') return;
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort: some file systems refuse fsync on a directory; the data file itself was synced.
  }
}

/** Moves a damaged file aside, next to it, under a name that says when; returns the new path. */
export async function moveAside(path: string, at: number): Promise<string> {
  const stamp = new Date(at).toISOString().replace(/[:.]/g, '-');
  for (let n = 0; ; n++) {
    const target = `${path}.corrupt-${stamp}${n === 0 ? '' : `-${n}`}`;
    // rename() would replace an earlier quarantined file of the same name: probe first.
    try {
      await access(target);
    } catch {
      await rename(path, target);
      return target;
    }
  }
}
