import { msg, type Message } from '../../shared/i18n/message.ts';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { DomainError } from '../base/domain-error.ts';
import { isOtherProcess, ownProcessStart, processStart, startedAfter, type ProcessStart } from '../base/process-start.ts';

/**
 * One process at a time runs a profile: the app's session or the headless
 * daemon (two of them would both poll, both notify and, with auto top-up,
 * both buy for the same wallet). The lock is a file in the profile's folder,
 * created with O_EXCL (open 'wx': the file system decides who wins, also
 * across processes of different users), holding who holds it: pid, program,
 * executable and when that process started (process-start.ts: /proc's start
 * tick on Linux). A lock whose process is gone (a crash, a kill -9, a power
 * cut) is stale and taken over; so is one whose pid now belongs to another
 * process (pids are reused: `sleep`, or pid 1 after a reboot in a container),
 * which a check of the pid alone took for the holder.
 *
 * Hand-written rather than proper-lockfile: that library judges staleness by
 * the lock's age and keeps it fresh with a timer, so a machine that sleeps
 * longer than the stale time loses its lock to a second process while it
 * still runs; and its lock holds no owner, while the refusal here must say
 * which process holds the profile and since when.
 */
export const PROFILE_LOCK_FILE = 'profile.lock';

/**
 * The lock files this process holds. A lock naming this process's pid that is
 * not among them was left by an earlier process that had the same pid (pids
 * start over after a reboot, a crash leaves its lock): stale, not ours.
 */
const heldHere = new Set<string>();

/** A lock file that cannot be read yet may be one being written this instant: younger than this, it counts as held. */
const UNREADABLE_GRACE_MS = 5_000;

export interface LockHolder {
  pid: number;
  /** When it took the lock (ms since epoch). */
  since: number;
  host: string;
  /** Which program: "Energy Tray" (the app) or "energy-tray daemon". */
  program: string;
  /** Its executable (process.execPath); null in a lock of an earlier version. */
  exe: string | null;
  /** When that process started (ms since epoch); null in a lock of an earlier version. */
  startedAt: number | null;
  /** Linux: the exact start (boot id and /proc/<pid>/stat field 22); null elsewhere or in an older lock. */
  startToken: string | null;
}

export interface ProfileLockOptions {
  program: string;
  pid?: number;
  now?: () => number;
  host?: string;
  /** Whether a process of this machine is still running (tests replace it). */
  isAlive?: (pid: number) => boolean;
  /** When a process of this machine started (tests replace it); default process-start.ts. */
  processStart?: (pid: number) => ProcessStart | null;
}

/** The profile is in use by another process: who, since when, and what to do. */
export class ProfileLockedError extends DomainError {
  readonly holder: LockHolder | null;
  readonly lockFile: string;

  constructor(lockFile: string, holder: LockHolder | null) {
    super(lockedMessage(lockFile, holder));
    this.name = 'ProfileLockedError';
    this.holder = holder;
    this.lockFile = lockFile;
  }
}

function lockedMessage(file: string, holder: LockHolder | null): Message {
  if (holder === null) return msg('errors:profileLock.opening', { file });
  const where = holder.host === hostname() ? '' : msg('errors:profileLock.onHost', { host: holder.host });
  const since = new Date(holder.since).toISOString();
  return msg('errors:profileLock.locked', { program: holder.program, pid: String(holder.pid), where, since, file });
}

export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const orNull = <T>(value: unknown, is: (v: unknown) => v is T): T | null => (is(value) ? value : null);
const isString = (v: unknown): v is string => typeof v === 'string';
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const { pid, since, host, program } = value;
    if (!Number.isInteger(pid) || !isTime(since) || typeof host !== 'string' || typeof program !== 'string') return null;
    const started = {
      exe: orNull(value['exe'], isString),
      startedAt: orNull(value['startedAt'], isTime),
      startToken: orNull(value['startToken'], isString),
    };
    return { pid: pid as number, since, host, program, ...started };
  } catch {
    return null;
  }
}

/**
 * The holder's pid now names another process: the holder ended and the number
 * was given again. Judged by the start the lock recorded, or, in a lock of an
 * earlier version, by the lock's own time (its holder had started by then).
 * When the start of the pid cannot be read, it is not judged reused.
 */
function pidReused(holder: LockHolder, startOf: (pid: number) => ProcessStart | null): boolean {
  const now = startOf(holder.pid);
  if (holder.startedAt === null) return startedAfter(now, holder.since);
  return isOtherProcess({ token: holder.startToken, startedAtMs: holder.startedAt }, now);
}

function readHolder(file: string): LockHolder | null | 'gone' {
  try {
    return parseHolder(readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw err;
  }
}

const sameHolder = (a: LockHolder | null, b: LockHolder | null): boolean =>
  a !== null && b !== null && a.pid === b.pid && a.since === b.since && a.host === b.host;

/** The lock this process holds on one profile folder; release() when the profile is closed. */
export class ProfileLock {
  readonly file: string;
  readonly holder: LockHolder;
  private released = false;

  private constructor(file: string, holder: LockHolder) {
    this.file = file;
    this.holder = holder;
  }

  /** Takes the lock of `dir` (created if missing), or throws ProfileLockedError naming the holder. */
  static acquire(dir: string, options: ProfileLockOptions): ProfileLock {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = resolve(join(dir, PROFILE_LOCK_FILE));
    const startOf = options.processStart ?? processStart;
    const pid = options.pid ?? process.pid;
    const start = pid === process.pid ? ownProcessStart() : startOf(pid);
    const holder: LockHolder = {
      pid,
      since: (options.now ?? Date.now)(),
      host: options.host ?? hostname(),
      program: options.program,
      exe: process.execPath,
      startedAt: start?.startedAtMs ?? null,
      startToken: start?.token ?? null,
    };
    const isAlive = (other: LockHolder): boolean => (options.isAlive ?? processIsAlive)(other.pid) && !pidReused(other, startOf);
    // Two rounds: a stale lock removed in the first lets the second create ours.
    for (let round = 0; round < 2; round++) {
      if (tryCreate(file, holder)) {
        heldHere.add(file);
        return new ProfileLock(file, holder);
      }
      const found = readHolder(file);
      if (found === 'gone') continue;
      if (found === null) {
        if (ageMs(file, options.now ?? Date.now) < UNREADABLE_GRACE_MS) throw new ProfileLockedError(file, null);
      } else if (found.host !== holder.host || (found.pid === process.pid ? heldHere.has(file) : isAlive(found))) {
        // On another machine (a shared folder) nobody here can tell whether it still runs: held.
        throw new ProfileLockedError(file, found);
      }
      takeOverStale(file, found);
    }
    const last = readHolder(file);
    throw new ProfileLockedError(file, last === 'gone' ? null : last);
  }

  /** Removes the lock file if it is still ours (never another process's that took over meanwhile). */
  release(): void {
    if (this.released) return;
    this.released = true;
    heldHere.delete(this.file);
    const found = readHolder(this.file);
    if (found !== 'gone' && sameHolder(found, this.holder)) unlinkSync(this.file);
  }
}

function tryCreate(file: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, `${JSON.stringify(holder)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

function ageMs(file: string, now: () => number): number {
  try {
    return now() - statSync(file).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * Moves the stale lock aside under a name of our own (rename is atomic: of
 * two processes taking over, one finds nothing to move). If what was moved is
 * not the stale lock judged (another process took over in between and wrote
 * its own), it is put back (link never replaces a file) and that one holds.
 */
function takeOverStale(file: string, stale: LockHolder | null): void {
  const aside = `${file}.stale-${process.pid}-${Date.now()}`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = readHolder(aside);
  const wasStale = moved !== 'gone' && (stale === null ? moved === null : sameHolder(moved, stale));
  if (!wasStale) {
    try {
      linkSync(aside, file);
    } catch {
      // A third process created a lock meanwhile: it holds.
    }
    unlinkSync(aside);
    throw new ProfileLockedError(file, moved === 'gone' ? null : moved);
  }
  unlinkSync(aside);
}
