import { join } from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { inTransaction, moveSqliteFileAside, openSqliteFile, sqliteCode } from '../base/sqlite-file.ts';
import { changedColumns, INSERT_COLUMNS, insertValues, searchTerms, type Origin } from './order-rows.ts';
import { ORDER_MIGRATIONS } from './order-schema.ts';
import type { TrackedOrder } from './order-types.ts';

export const ORDER_DB_FILE_NAME = 'orders.sqlite';

const SQLITE_CORRUPT = 11;
const DEFAULT_BUSY_TIMEOUT_MS = 5_000;
const SQLITE_NOTADB = 26;

export interface OrderStoreOptions {
  /** How long a write waits while another process (the CLI, the app) writes. Default 5 s. */
  busyTimeoutMs?: number;
  /** Tests: SQLite's page cap (a write past it fails with SQLITE_FULL, as on a full disk). */
  maxPageCount?: number;
}

/**
 * The SQL of the order store: rows in, rows out, nothing kept in memory.
 * OrderJournal (order-journal.ts) holds the rules; OrderHistory the queries.
 */
export class OrderStore {
  readonly db: DatabaseSync;
  readonly path: string;
  private readonly busyTimeoutMs: number;
  private readonly statements = new Map<string, StatementSync>();

  private constructor(db: DatabaseSync, path: string, busyTimeoutMs = DEFAULT_BUSY_TIMEOUT_MS) {
    this.db = db;
    this.path = path;
    this.busyTimeoutMs = Math.max(0, Math.round(busyTimeoutMs));
  }

  /**
   * Opens the store in `dir`. A file SQLite cannot read as a database is moved
   * aside (returned as `quarantined`) and an empty one started; a file of a
   * newer schema throws NewerSchemaError with nothing written.
   */
  static open(dir: string, at: number, options: OrderStoreOptions = {}): { store: OrderStore; quarantined: string | null } {
    const path = join(dir, ORDER_DB_FILE_NAME);
    const sqliteOptions = { ...options, migrations: ORDER_MIGRATIONS };
    try {
      return { store: new OrderStore(openSqliteFile(path, dir, sqliteOptions), path, options.busyTimeoutMs), quarantined: null };
    } catch (err) {
      const code = sqliteCode(err);
      if (code !== SQLITE_NOTADB && code !== SQLITE_CORRUPT) throw err;
      const aside = moveSqliteFileAside(path, at);
      return { store: new OrderStore(openSqliteFile(path, dir, sqliteOptions), path, options.busyTimeoutMs), quarantined: aside };
    }
  }

  /** One cached prepared statement per SQL text. */
  statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  transaction<T>(work: () => T): T {
    return inTransaction(this.db, work);
  }

  /** Inserts a new order with its search terms; returns its row number. Call inside a transaction. */
  insert(order: TrackedOrder, origin: Origin, originPid: number | null): number {
    const marks = INSERT_COLUMNS.map(() => '?').join(', ');
    const insert = this.statement(`INSERT INTO orders (${INSERT_COLUMNS.join(', ')}) VALUES (${marks})`);
    const result = insert.run(...insertValues(order, origin, originPid));
    const seq = Number(result.lastInsertRowid);
    this.addTerms(seq, order.state, searchTerms(order));
    return seq;
  }

  /**
   * Writes the columns that changed since `before` (all of them when `before`
   * is null: what is on disk is not known) and the search terms that changed.
   * Call inside a transaction.
   */
  update(seq: number, before: TrackedOrder | null, after: TrackedOrder): void {
    const changed = changedColumns(before, after);
    if (changed.length > 0) {
      const sets = changed.map(([column]) => `${column} = ?`).join(', ');
      this.statement(`UPDATE orders SET ${sets} WHERE seq = ?`).run(...changed.map(([, value]) => value), seq);
    }
    const old = before === null ? null : searchTerms(before);
    const now = searchTerms(after);
    if (before === null || before.state !== after.state) {
      this.statement('UPDATE order_terms SET state = ? WHERE seq = ?').run(after.state, seq);
    }
    const added = old === null ? now : new Set([...now].filter((t) => !old.has(t)));
    this.addTerms(seq, after.state, added);
    if (old !== null) {
      const drop = this.statement('DELETE FROM order_terms WHERE term = ? AND seq = ?');
      for (const term of old) if (!now.has(term)) drop.run(term, seq);
    }
  }

  private addTerms(seq: number, state: string, terms: Iterable<string>): void {
    const add = this.statement('INSERT OR IGNORE INTO order_terms (term, seq, state) VALUES (?, ?, ?)');
    for (const term of terms) add.run(term, seq, state);
  }

  rowByLocalId(localId: string): unknown {
    return this.statement('SELECT * FROM orders WHERE local_id = ?').get(localId);
  }

  hasLocalId(localId: string): boolean {
    return this.statement('SELECT 1 FROM orders WHERE local_id = ?').get(localId) !== undefined;
  }

  /** Orders still under way or not yet notified (the partial index orders_open), oldest first. */
  openRows(): unknown[] {
    return this.statement(
      `SELECT * FROM orders WHERE state IN ('submitting', 'running', 'stalled') OR notified_at IS NULL ORDER BY created_at, seq`,
    ).all();
  }

  /** Every row, oldest first. */
  allRows(): IterableIterator<unknown> {
    return this.statement('SELECT * FROM orders ORDER BY created_at, seq').iterate();
  }

  /** Rows inserted after row `seq` (another process's new orders), by the primary key. */
  rowsAfter(seq: number): unknown[] {
    return this.statement('SELECT * FROM orders WHERE seq > ? ORDER BY seq').all(seq);
  }

  rowBySeq(seq: number): unknown {
    return this.statement('SELECT * FROM orders WHERE seq = ?').get(seq);
  }

  /** The newest row's number, id and time (null: no order at all). */
  lastRow(): { seq: number; localId: string; createdAt: number } | null {
    const row = this.statement('SELECT seq, local_id, created_at FROM orders ORDER BY seq DESC LIMIT 1').get() as
      | { seq: number; local_id: string; created_at: number }
      | undefined;
    return row ? { seq: row.seq, localId: row.local_id, createdAt: row.created_at } : null;
  }

  /** Whether an unreadable row of this order was set aside (it is not missing, it is kept there). */
  setAsideHolds(localId: string): boolean {
    return this.statement('SELECT 1 FROM set_aside WHERE instr(record, ?) > 0 LIMIT 1').get(localId) !== undefined;
  }

  /** When the order was marked notified on disk, by whichever process (null: not yet). */
  notifiedAtOf(seq: number): number | null {
    const row = this.statement('SELECT notified_at FROM orders WHERE seq = ?').get(seq) as { notified_at: number | null } | undefined;
    return row?.notified_at ?? null;
  }

  /**
   * SQLite's PRAGMA data_version: changes when another connection (another
   * process) commits to the file, never for this one's own commits. Reading
   * it is one look at the log's shared memory.
   */
  dataVersion(): number {
    return Number((this.statement('PRAGMA data_version').get() as { data_version: number }).data_version);
  }

  /**
   * Copies the log into the database file, syncs it and empties the log
   * (TRUNCATE). Emptied, not only copied: a log lost or cut afterwards would
   * otherwise be replayed, in part, over the newer pages already copied.
   * Waits at most `waitMs` for another process's reader; false when it gave up.
   */
  checkpoint(waitMs: number): boolean {
    this.db.exec(`PRAGMA busy_timeout = ${Math.round(waitMs)}`);
    try {
      return (this.db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get() as { busy: number }).busy === 0;
    } finally {
      this.db.exec(`PRAGMA busy_timeout = ${this.busyTimeoutMs}`);
    }
  }

  /** Keeps a record that could not be read, for a person to look at. Call inside a transaction. */
  setAside(at: number, source: string, reason: string, record: unknown): void {
    const insert = this.statement('INSERT INTO set_aside (at, source, reason, record) VALUES (?, ?, ?, ?)');
    insert.run(at, source, reason, JSON.stringify(record) ?? 'null');
  }

  /** Removes a row that could not be read (after setAside). Call inside a transaction. */
  removeRow(seq: number): void {
    this.statement('DELETE FROM order_terms WHERE seq = ?').run(seq);
    this.statement('DELETE FROM orders WHERE seq = ?').run(seq);
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
