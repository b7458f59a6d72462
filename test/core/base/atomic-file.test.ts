import { readFile, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import type * as Fs from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { limitWrites, smallDisk, type SmallDisk } from '../../support/small-disk.ts';
import { tempDirs } from '../../support/temp-dir.ts';

/**
 * The writer behind the journal and the settings. Short writes are injected
 * by wrapping fs/promises' open (the writer's only way to the disk); the
 * full-disk case also runs on a real 16 KiB tmpfs where the machine allows
 * mounting one (the test names which ran).
 */
const control = vi.hoisted(() => ({ real: null as unknown as typeof Fs.open, open: null as unknown as typeof Fs.open }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof Fs>();
  control.real = real.open;
  control.open = real.open;
  return { ...real, open: (...args: Parameters<typeof real.open>) => control.open(...args) };
});
const realFs = { get open(): typeof Fs.open { return control.real; } };
const { removeStaleTempFiles, writePrivateFileAtomic, writePrivateFileInPieces } = await import('../../../src/core/base/atomic-file.ts');

const disks: SmallDisk[] = [];
const tempDir = tempDirs('atomic');
afterEach(() => {
  control.open = realFs.open;
  for (const disk of disks.splice(0)) disk.release();
});

/** Every write call takes at most `chunk` bytes, as a busy or nearly full disk may. */
function shortWrites(chunk: number, seen: number[]): typeof Fs.open {
  return (async (path: string, flags?: string | number, mode?: number) => {
    const handle = await realFs.open(path, flags, mode);
    const write = handle.write.bind(handle) as (b: Uint8Array, o: number, l: number, p: number | null) => Promise<{ bytesWritten: number }>;
    return new Proxy(handle, {
      get: (target, key) => {
        if (key === 'write') {
          return (b: Uint8Array, o = 0, l = b.length - o, p: number | null = null) => {
            seen.push(Math.min(l, chunk));
            return write(b, o, Math.min(l, chunk), p);
          };
        }
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }) as typeof Fs.open;
}

describe('writePrivateFileAtomic', () => {
  it('writes the whole text with mode 0600 and leaves no temp file', async () => {
    const dir = tempDir();
    const file = join(dir, 'settings.json');
    await writePrivateFileAtomic(file, dir, 'x'.repeat(100_000));
    expect(await readFile(file, 'utf8')).toBe('x'.repeat(100_000));
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('keeps writing after short writes until every byte is on disk', async () => {
    const dir = tempDir();
    const file = join(dir, 'orders.json');
    const seen: number[] = [];
    control.open = shortWrites(4096, seen);
    const text = `${JSON.stringify({ orders: Array.from({ length: 400 }, (_, i) => ({ i, pad: 'é'.repeat(20) })) })}\n`;
    await writePrivateFileAtomic(file, dir, text);
    expect(seen.length).toBeGreaterThan(3);
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('on a full disk (injected short write, then ENOSPC) keeps the old file and removes the temp file', async () => {
    const disk = smallDisk(16, { forceSimulated: true });
    disks.push(disk);
    const file = join(disk.dir, 'settings.json');
    await writePrivateFileAtomic(file, disk.dir, 'old and complete\n');
    control.open = limitWrites(realFs.open, disk);
    const err = await writePrivateFileAtomic(file, disk.dir, 'y'.repeat(40_000)).catch((e: unknown) => e);
    expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
    expect(await readFile(file, 'utf8')).toBe('old and complete\n');
    expect(await readdir(disk.dir)).toEqual(['settings.json']);
  });

  it('on a real small file system that is full keeps the old file and removes the temp file', async () => {
    const disk = smallDisk(16);
    disks.push(disk);
    console.log(`atomic-file full disk: ${disk.description}`);
    if (disk.kind === 'simulated') control.open = limitWrites(realFs.open, disk);
    const file = join(disk.dir, 'orders.json');
    await writePrivateFileAtomic(file, disk.dir, `${'a'.repeat(6_000)}\n`);
    // The old file takes 8 KiB of the 16: a new file of 12 KiB cannot fit beside it.
    const err = await writePrivateFileAtomic(file, disk.dir, 'b'.repeat(12_000)).catch((e: unknown) => e);
    expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
    expect(await readFile(file, 'utf8')).toBe(`${'a'.repeat(6_000)}\n`);
    expect(await readdir(disk.dir)).toEqual(['orders.json']);
    // A smaller write still fits: the failed one left nothing behind.
    await writePrivateFileAtomic(file, disk.dir, 'c'.repeat(3_000));
    expect(await readFile(file, 'utf8')).toBe('c'.repeat(3_000));
  });

  it('writes a file given in pieces in order, each piece whole after short writes, and shows it only when done', async () => {
    const dir = tempDir();
    const file = join(dir, 'export.csv');
    const seen: number[] = [];
    control.open = shortWrites(1000, seen);
    const pieces = Array.from({ length: 5 }, (_, i) => `${i},${'é'.repeat(900)}\n`);
    const rows = await writePrivateFileInPieces(file, dir, async (write) => {
      for (const piece of pieces) {
        await write(piece);
        expect(await readdir(dir)).not.toContain('export.csv');
      }
      return pieces.length;
    });
    expect(rows).toBe(5);
    expect(seen.length).toBeGreaterThan(pieces.length);
    expect(await readFile(file, 'utf8')).toBe(pieces.join(''));
    expect(await readdir(dir)).toEqual(['export.csv']);
  });

  it('refuses to report success when the size on disk differs from what was written', async () => {
    const dir = tempDir();
    const file = join(dir, 'settings.json');
    await writePrivateFileAtomic(file, dir, 'good\n');
    control.open = (async (path: string, flags?: string | number, mode?: number) => {
      const handle = await realFs.open(path, flags, mode);
      return new Proxy(handle, {
        get: (target, key) => {
          // A file system that claims every byte but keeps fewer.
          if (key === 'write') return async (b: Uint8Array, o = 0, l = b.length - o) => ({ bytesWritten: l, buffer: b });
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
    }) as typeof Fs.open;
    await expect(writePrivateFileAtomic(file, dir, 'new text\n')).rejects.toMatchObject({ name: 'ShortWriteError', code: 'ENOSPC' });
    expect(await readFile(file, 'utf8')).toBe('good\n');
    expect(await readdir(dir)).toEqual(['settings.json']);
  });
});

describe('removeStaleTempFiles', () => {
  it('removes temp files of dead writers and old write-file-atomic ones, keeps live writers and other files', async () => {
    const dir = tempDir();
    const names = {
      dead: 'orders.json.4000001-0123456789ab.tmp',
      live: `orders.json.${process.pid}-abcdefabcdef.tmp`,
      legacyOld: 'orders.json.3129412394',
      legacyNew: 'orders.json.2222222222',
      quarantined: 'orders.json.corrupt-2024-01-01T00-00-00-000Z',
      other: 'settings.json.4000001-0123456789ab.tmp',
    };
    for (const name of [...Object.values(names), 'orders.json']) await writeFile(join(dir, name), 'x');
    const old = new Date(Date.now() - 10 * 60_000);
    await utimes(join(dir, names.legacyOld), old, old);
    const removed = await removeStaleTempFiles(dir, 'orders.json', { alive: (pid) => pid === process.pid });
    expect(removed).toBe(2);
    expect((await readdir(dir)).sort()).toEqual([names.legacyNew, names.live, 'orders.json', names.quarantined, names.other].sort());
  });

  it('answers 0 for a folder that does not exist', async () => {
    expect(await removeStaleTempFiles(join(tempDir(), 'missing'), 'settings.json')).toBe(0);
  });
});
