import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processStart } from '../../../src/core/base/process-start.ts';
import { PROFILE_LOCK_FILE, ProfileLock, ProfileLockedError, processIsAlive } from '../../../src/core/settings/profile-lock.ts';
import { tempDir } from '../../support/temp-dir.ts';

let dir: string;
beforeEach(() => {
  dir = tempDir('lock');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lockFile = (): string => join(dir, 'profiles', 'p1', PROFILE_LOCK_FILE);
const profileDir = (): string => join(dir, 'profiles', 'p1');

/** A pid that surely runs no process: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid ?? 0;
}

/** A live process that is not Energy Tray: `sleep`, under the name given (a copy of the binary). */
async function unrelated(name = 'sleep'): Promise<ChildProcess> {
  const file = join(dir, name);
  copyFileSync('/bin/sleep', file);
  const child = spawn(file, ['30'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  children.push(child);
  return child;
}
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('ProfileLock', () => {
  it('writes who holds it, refuses a second holder with pid and time, and frees the profile on release', () => {
    const lock = ProfileLock.acquire(profileDir(), { program: 'Energy Tray', now: () => Date.UTC(2026, 10, 23, 16, 0) });
    const startTick = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[22 - 3];
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toEqual({
      pid: process.pid,
      since: Date.UTC(2026, 10, 23, 16, 0),
      host: hostname(),
      program: 'Energy Tray',
      exe: process.execPath,
      startedAt: expect.closeTo(performance.timeOrigin, -4),
      startToken: expect.stringMatching(new RegExp(`:${startTick}$`)),
    });
    let refusal: unknown;
    try {
      ProfileLock.acquire(profileDir(), { program: 'energy-tray daemon', pid: process.pid + 1 });
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(ProfileLockedError);
    expect((refusal as ProfileLockedError).holder).toMatchObject({ pid: process.pid, program: 'Energy Tray' });
    expect((refusal as Error).message).toContain(`in use by Energy Tray (pid ${process.pid}) since 2026-11-23T16:00:00.000Z`);
    expect((refusal as Error).message).toContain(lockFile());
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
    ProfileLock.acquire(profileDir(), { program: 'energy-tray daemon' }).release();
  });

  it('takes over a lock whose process is gone, and only that one', async () => {
    const pid = await deadPid();
    expect(processIsAlive(pid)).toBe(false);
    ProfileLock.acquire(profileDir(), { program: 'energy-tray daemon', pid }); // never released: a crash
    const lock = ProfileLock.acquire(profileDir(), { program: 'Energy Tray' });
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid, program: 'Energy Tray' });
    lock.release();
  });

  it('refuses a second holder in this process, and takes over a lock with this pid that this process does not hold (an earlier life of the pid)', () => {
    const lock = ProfileLock.acquire(profileDir(), { program: 'energy-tray daemon' });
    expect(() => ProfileLock.acquire(profileDir(), { program: 'energy-tray daemon' })).toThrow(`pid ${process.pid})`);
    lock.release();
    // Left by a process that had our pid before a reboot (or copied with the folder).
    writeFileSync(lockFile(), JSON.stringify({ pid: process.pid, since: 5, host: hostname(), program: 'Energy Tray' }));
    const taken = ProfileLock.acquire(profileDir(), { program: 'energy-tray daemon', now: () => 6 });
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ since: 6, program: 'energy-tray daemon' });
    taken.release();
  });

  it('counts a lock of another machine (a shared folder) as held: its process cannot be checked from here', () => {
    ProfileLock.acquire(profileDir(), { program: 'energy-tray daemon', host: 'server-7', pid: 1 });
    expect(() => ProfileLock.acquire(profileDir(), { program: 'Energy Tray', isAlive: () => false })).toThrow(/pid 1 on server-7/);
  });

  it('treats an unreadable lock as being written now while it is young, and as stale once old', () => {
    ProfileLock.acquire(profileDir(), { program: 'x' }).release();
    writeFileSync(lockFile(), '{"pid":');
    expect(() => ProfileLock.acquire(profileDir(), { program: 'Energy Tray' })).toThrow(/being opened by another Energy Tray process/);
    const later = Date.now() + 60_000;
    const lock = ProfileLock.acquire(profileDir(), { program: 'Energy Tray', now: () => later });
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ program: 'Energy Tray' });
    lock.release();
  });

  it('never deletes a lock another process took over meanwhile', () => {
    const lock = ProfileLock.acquire(profileDir(), { program: 'energy-tray daemon' });
    rmSync(lockFile());
    const other = ProfileLock.acquire(profileDir(), { program: 'Energy Tray', pid: process.pid + 1, now: () => 1 });
    lock.release();
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ program: 'Energy Tray', since: 1 });
    expect(other.file).toBe(lockFile());
  });

  it('takes over a lock whose pid is alive but another process now (a sleep that started after the lock was written)', async () => {
    const sleeper = await unrelated();
    const pid = sleeper.pid ?? 0;
    expect(processIsAlive(pid)).toBe(true);
    const before = Date.now() - 60_000;
    mkdirSync(profileDir(), { recursive: true });
    // As this version writes it: the holder's start, which the sleep does not have.
    writeFileSync(lockFile(), JSON.stringify({ pid, since: before, host: hostname(), program: 'energy-tray daemon', exe: process.execPath, startedAt: before - 5_000, startToken: 'earlier-boot:77' }));
    ProfileLock.acquire(profileDir(), { program: 'Energy Tray' }).release();
    // As an earlier version wrote it, with no start: the sleep began after the lock's time, so it is not its holder.
    writeFileSync(lockFile(), JSON.stringify({ pid, since: before, host: hostname(), program: 'energy-tray daemon' }));
    const lock = ProfileLock.acquire(profileDir(), { program: 'Energy Tray' });
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid, program: 'Energy Tray' });
    lock.release();
  });

  it('still refuses a lock whose live process is the one that wrote it, and one whose start cannot be read', async () => {
    const sleeper = await unrelated();
    const pid = sleeper.pid ?? 0;
    // Written for the sleep itself (as a holder with that pid would write it): held.
    ProfileLock.acquire(profileDir(), { program: 'energy-tray daemon', pid });
    expect(() => ProfileLock.acquire(profileDir(), { program: 'Energy Tray' })).toThrow(`pid ${pid})`);
    rmSync(lockFile());
    writeFileSync(lockFile(), JSON.stringify({ pid, since: 1, host: hostname(), program: 'energy-tray daemon', exe: null, startedAt: 1, startToken: 'x:1' }));
    expect(() => ProfileLock.acquire(profileDir(), { program: 'Energy Tray', processStart: () => null })).toThrow(ProfileLockedError);
  });

  it("reads a process's start after the last ')' of /proc/<pid>/stat, whatever its name", async () => {
    const odd = await unrelated('we) (ird 1 2');
    const start = processStart(odd.pid ?? 0);
    expect(start?.token).toMatch(/^[0-9a-f-]{36}:\d+$/);
    expect(Math.abs((start?.startedAtMs ?? 0) - Date.now())).toBeLessThan(5_000);
    expect(processStart(await deadPid())).toBeNull();
  });
});
