import { randomBytes } from 'node:crypto';
import { access, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A write that is complete or does not happen. write-file-atomic 8 wrote the
 * data with a single fs.write and ignored how many bytes it took, so on a
 * full disk a short write was fsynced and renamed over the good file (a
 * 32 KiB journal of invalid JSON, settings cut to 8 KiB). Here every byte is
 * written in a loop, the size is checked after fsync, and only then is the
 * temp file renamed over the old one; on any error (ENOSPC included) the old
 * file stays as it was and the temp file is removed.
 */

/** The data did not all reach the temp file (reported as ENOSPC: the usual reason). */
export class ShortWriteError extends Error {
  override readonly name = 'ShortWriteError';
  readonly code = 'ENOSPC';

  constructor(path: string, wrote: number, wanted: number) {
    super(`short-write ${JSON.stringify({ wrote, wanted, path })}`);
  }
}

const TEMP_SUFFIX = '.tmp';

/** <file>.<pid>-<12 hex>.tmp: the writer's pid tells a stale temp file (its writer is gone) from a live one. */
function tempNameFor(path: string): string {
  return `${path}.${process.pid}-${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
}

async function writeAll(handle: FileHandle, data: Uint8Array, path: string, at = 0): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset, at + offset);
    // A write that makes no progress would loop for ever; the disk is full in all but name.
    if (bytesWritten <= 0) throw new ShortWriteError(path, offset, data.length);
    offset += bytesWritten;
  }
}

/** Errors of a directory fsync that only say the file system does not support it. */
const DIR_SYNC_UNSUPPORTED = new Set(['EINVAL', 'ENOTSUP', 'EISDIR', 'EPERM', 'EACCES', 'EBADF']);

/** So that the rename itself survives a power loss. Windows cannot open a directory for it. */
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (err) {
    if (!DIR_SYNC_UNSUPPORTED.has(String((err as NodeJS.ErrnoException).code))) throw err;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/**
 * Writes `text` to `path` (mode 0600): a new temp file beside it, every byte
 * written, fsync, size checked, rename, fsync of the folder. Throws the file
 * system's error (ENOSPC, EACCES, …) with the old file untouched.
 */
export async function writePrivateFileAtomic(path: string, dir: string, text: string): Promise<void> {
  await writePrivateFileInPieces(path, dir, (write) => write(text));
}

/**
 * The same for a file written a piece at a time (an export of the whole
 * history, never held as one string): `produce` hands each piece to `write`,
 * which writes all of it; the file appears under `path` only once every
 * piece is on disk. Returns what `produce` returns.
 */
export async function writePrivateFileInPieces<T>(
  path: string,
  dir: string,
  produce: (write: (text: string) => Promise<void>) => Promise<T>,
): Promise<T> {
  const temp = tempNameFor(path);
  let handle: FileHandle | undefined;
  let result: T;
  try {
    const file = await open(temp, 'wx', 0o600);
    handle = file;
    let written = 0;
    result = await produce(async (text) => {
      const data = Buffer.from(text, 'utf8');
      await writeAll(file, data, temp, written);
      written += data.length;
    });
    await file.sync();
    const { size } = await file.stat();
    if (size !== written) throw new ShortWriteError(temp, size, written);
    await file.close();
    handle = undefined;
    await rename(temp, path);
  } catch (err) {
    await handle?.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    throw err;
  }
  await syncDirectory(dir);
  return result;
}

/** Whether a process with this id exists (EPERM: it exists but belongs to someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** write-file-atomic's temp names (<file>.<uint32>), left by versions before this writer. */
const LEGACY_TEMP_MIN_AGE_MS = 60_000;

/**
 * Removes temp files that a killed writer (kill -9, power loss) left beside
 * `fileName` in `dir`: ours when their writer's process is gone, and
 * write-file-atomic's once they are a minute old. A live writer's temp file
 * (another process, the CLI say) is left alone. Returns how many were removed.
 */
export async function removeStaleTempFiles(
  dir: string,
  fileName: string,
  options: { alive?: (pid: number) => boolean; now?: number } = {},
): Promise<number> {
  const alive = options.alive ?? processAlive;
  const now = options.now ?? Date.now();
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  const prefix = `${fileName}.`;
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const rest = name.slice(prefix.length);
    const ours = /^(\d{1,10})-[0-9a-f]{12}\.tmp$/.exec(rest);
    let stale = false;
    if (ours) stale = !alive(Number(ours[1]));
    else if (/^\d{1,10}$/.test(rest)) stale = await olderThan(join(dir, name), now - LEGACY_TEMP_MIN_AGE_MS);
    if (
      stale &&
      (await rm(join(dir, name), { force: true }).then(
        () => true,
        () => false,
      ))
    )
      removed++;
  }
  return removed;
}

async function olderThan(path: string, before: number): Promise<boolean> {
  try {
    return (await stat(path)).mtimeMs < before;
  } catch {
    return false;
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
