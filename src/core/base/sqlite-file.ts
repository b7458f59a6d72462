import { chmodSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { msg, type Message } from '../../shared/i18n/message.ts';
import { DomainError } from './domain-error.ts';

/**
 * One SQLite database file through node:sqlite (built into Node and into
 * Electron's main process: no native addon to rebuild), with the settings a
 * store of paid orders needs:
 * - WAL journal, so that another process (the CLI beside the app) can read and
 *   write the same file, and a reader never blocks the writer;
 * - synchronous=FULL: in WAL mode every commit fsyncs the log, so a committed
 *   transaction survives a power loss, not only a crash of the process
 *   (NORMAL would only survive the crash);
 * - a small page (1 KiB): a change to one row writes one page to the log;
 * - a versioned schema: forward migrations keyed by PRAGMA user_version, each
 *   in one transaction; a file written by a newer version is refused before
 *   anything is written to it.
 */

export interface Migration {
  /** The user_version this migration brings the file to (1, 2, 3, …). */
  version: number;
  up(db: DatabaseSync): void;
}

export interface SqliteFileOptions {
  /** Forward migrations in order; the last one's version is the schema version this code knows. */
  migrations: readonly Migration[];
  /** How long a write waits for another process's write to finish. */
  busyTimeoutMs?: number;
  /** Tests: SQLite's own page cap, so a write past it fails with SQLITE_FULL as on a full disk. */
  maxPageCount?: number;
  /**
   * 'wal' (default): a write-ahead log beside the file. 'persist': a rollback
   * journal kept between transactions (no file created per commit): every
   * commit is in the database file itself, which a lost -wal cannot touch.
   */
  journal?: 'wal' | 'persist';
  /** Bytes a page of a new file takes (default 1 KiB); a tiny file of a row or two takes SQLite's least, 512. */
  pageSize?: number;
}

const DEFAULT_PAGE_SIZE = 1024;
const SQLITE_FULL = 13;
const SQLITE_BUSY = 5;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;
const SQLITE_CANTOPEN = 14;

/** The primary result code of a node:sqlite error (extended codes keep it in the low byte). */
export function sqliteCode(err: unknown): number | undefined {
  const code = (err as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' ? code & 0xff : undefined;
}

/** A person's words for why SQLite (or the file system under it) failed. */
export function storageReason(err: unknown): Message {
  switch (sqliteCode(err)) {
    case SQLITE_FULL:
      return msg('errors:storage.diskFull');
    case SQLITE_BUSY:
      return msg('errors:storage.busy');
    case SQLITE_READONLY:
      return msg('errors:storage.readOnly');
    case SQLITE_IOERR:
      return msg('errors:storage.io');
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return msg('errors:storage.damaged');
    case SQLITE_CANTOPEN:
      return msg('errors:storage.cannotOpen');
    default:
      return fileSystemReason(err);
  }
}

/** The same for a file-system error (its code: ENOSPC, EACCES, …). */
export function fileSystemReason(err: unknown): Message {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'ENOSPC') return msg('errors:storage.diskFull');
  if (code === 'EACCES' || code === 'EPERM') return msg('errors:storage.denied');
  if (code === 'EROFS') return msg('errors:storage.readOnlyFileSystem');
  return typeof code === 'string' && code !== 'ERR_SQLITE_ERROR' ? msg('errors:storage.code', { code }) : msg('errors:storage.io');
}

/** The file's schema is newer than this code: nothing was written to it. */
export class NewerSchemaError extends DomainError {
  override readonly name = 'NewerSchemaError';
  readonly path: string;
  readonly found: number;
  readonly known: number;

  constructor(path: string, found: number, known: number) {
    super(msg('errors:storage.newerSchema', { path, found, known }));
    this.path = path;
    this.found = found;
    this.known = known;
  }
}

const userVersion = (db: DatabaseSync): number =>
  Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);

/** Runs `work` in one transaction (BEGIN IMMEDIATE: takes the write lock first); rolls back if it throws. */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw err;
  }
}

/**
 * Opens (or creates, mode 0600 in a 0700 folder) the database at `path` and
 * brings its schema up to date. Throws NewerSchemaError, with nothing written,
 * when the file is newer than the migrations; any other failure is SQLite's.
 */
export function openSqliteFile(path: string, dir: string, options: SqliteFileOptions): DatabaseSync {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const known = options.migrations.at(-1)?.version ?? 0;
  const db = new DatabaseSync(path);
  try {
    if (process.platform !== 'win32') chmodSync(path, 0o600);
    // Read before any pragma that writes: a newer file must stay exactly as it was.
    const found = userVersion(db);
    if (found > known) throw new NewerSchemaError(path, found, known);
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.round(options.busyTimeoutMs ?? 5_000))}`);
    if (found === 0) db.exec(`PRAGMA page_size = ${options.pageSize ?? DEFAULT_PAGE_SIZE}`);
    db.exec(`PRAGMA journal_mode = ${options.journal === 'persist' ? 'PERSIST' : 'WAL'}`);
    db.exec('PRAGMA synchronous = FULL');
    if (options.maxPageCount !== undefined) db.exec(`PRAGMA max_page_count = ${Math.max(1, Math.round(options.maxPageCount))}`);
    for (const migration of options.migrations) {
      if (migration.version <= found) continue;
      inTransaction(db, () => {
        // Another process may have migrated meanwhile: check again under the write lock.
        if (userVersion(db) >= migration.version) return;
        migration.up(db);
        db.exec(`PRAGMA user_version = ${migration.version}`);
      });
    }
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** Removes a database and its WAL, shared-memory and rollback journal files (the demo's orders, which start afresh). */
export function removeSqliteFile(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
}

/**
 * SQLite's quick_check: every page and index entry is readable and in order
 * (not that indexes match their tables, which integrity_check adds at about
 * four times the cost). The problems it names, or [] when the file is sound.
 */
export function quickCheck(db: DatabaseSync): string[] {
  const rows = db.prepare('PRAGMA quick_check').all() as Array<{ quick_check: string }>;
  const problems = rows.map((r) => r.quick_check);
  return problems.length === 1 && problems[0] === 'ok' ? [] : problems;
}

/**
 * Moves a database SQLite cannot read (and its WAL) aside, under a name that
 * says when, so that a new one can start; returns the new path. Nothing is
 * deleted but the shared-memory index, which SQLite rebuilds.
 */
export function moveSqliteFileAside(path: string, at: number): string {
  const stamp = new Date(at).toISOString().replace(/[:.]/g, '-');
  let target = `${path}.corrupt-${stamp}`;
  for (let n = 1; existsSync(target); n++) target = `${path}.corrupt-${stamp}-${n}`;
  renameSync(path, target);
  if (existsSync(`${path}-wal`)) renameSync(`${path}-wal`, `${target}-wal`);
  rmSync(`${path}-shm`, { force: true });
  return target;
}
