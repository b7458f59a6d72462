import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeFileSync, writeSync, type Dirent } from 'node:fs';
import type { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A folder on a small file system, for the full-disk tests. Where this
 * machine allows it (root, CAP_SYS_ADMIN) a real tmpfs of `sizeKiB` is
 * mounted; otherwise the folder is a plain temp folder and `simulated` is
 * set: the test then installs `limitWrites` on node:fs/promises, which gives
 * short writes and ENOSPC once the folder holds `sizeKiB`. Each test says
 * which one ran.
 */
export interface SmallDisk {
  dir: string;
  kind: 'tmpfs' | 'simulated';
  /** Which one ran, in words, for the test's output line. */
  description: string;
  capacityBytes: number;
  /** Gives the disk more room (a tmpfs is remounted bigger), as when space is freed elsewhere. */
  grow(sizeKiB: number): void;
  release(): void;
}

export function smallDisk(sizeKiB: number, options: { forceSimulated?: boolean } = {}): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'energy-tray-small-disk-'));
  const capacityBytes = sizeKiB * 1024;
  const forced = options.forceSimulated === true || process.env['ENERGY_TRAY_SIMULATE_FULL_DISK'] === '1';
  if (!forced) {
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKiB}k,mode=0700`, 'tmpfs', dir], { stdio: 'ignore' });
      return {
        dir,
        kind: 'tmpfs',
        description: `a real ${sizeKiB} KiB tmpfs`,
        capacityBytes,
        grow(size) {
          execFileSync('mount', ['-o', `remount,size=${size}k`, dir], { stdio: 'ignore' });
          this.capacityBytes = size * 1024;
        },
        release: () => {
          execFileSync('umount', [dir], { stdio: 'ignore' });
          rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch {
      // Not permitted here: fall back to the simulated disk.
    }
  }
  mkdirSync(dir, { recursive: true });
  const why = forced ? 'asked for' : 'mounting a tmpfs is not permitted here';
  const description = `a simulated ${sizeKiB} KiB disk: injected short writes and ENOSPC (${why})`;
  return {
    dir,
    kind: 'simulated',
    description,
    capacityBytes,
    grow(size) {
      this.capacityBytes = size * 1024;
    },
    release: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Bytes held by the files under `dir`, rounded up to 4 KiB blocks like tmpfs. */
export function bytesUsed(dir: string): number {
  let used = 0;
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    try {
      used += Math.ceil(statSync(join(entry.parentPath, entry.name)).size / 4096) * 4096;
    } catch {
      // Removed meanwhile.
    }
  }
  return used;
}

type OpenFn = typeof open;

/**
 * Wraps fs/promises' open so that writes into `disk.dir` behave like a full
 * disk: a write gets at most the free space (a short write), and a write with
 * no free space fails with ENOSPC, as tmpfs does.
 */
export function limitWrites(realOpen: OpenFn, disk: { dir: string; capacityBytes: number }): OpenFn {
  return async (path, flags, mode) => {
    const handle = await realOpen(path, flags, mode);
    if (!String(path).startsWith(disk.dir)) return handle;
    const write = handle.write.bind(handle) as (...args: unknown[]) => Promise<{ bytesWritten: number; buffer: unknown }>;
    const limited = async (buffer: Uint8Array, offset = 0, length = buffer.length - offset, position: number | null = null) => {
      const free = Math.max(0, disk.capacityBytes - bytesUsed(disk.dir));
      if (free === 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
      return write(buffer, offset, Math.min(length, free), position);
    };
    return new Proxy(handle, {
      get: (target, key) => {
        if (key === 'write') return limited;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  };
}

/** Fills what is left of the disk with one file (as another program would); returns its path, to free the space again. */
export function fillDisk(disk: SmallDisk): string {
  const path = join(disk.dir, 'filler');
  if (disk.kind === 'simulated') {
    writeFileSync(path, Buffer.alloc(Math.max(0, disk.capacityBytes - bytesUsed(disk.dir))));
    return path;
  }
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
  return path;
}
