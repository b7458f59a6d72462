import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { Sun } from '../base/money.ts';
import { inTransaction, openSqliteFile, type Migration } from '../base/sqlite-file.ts';

/**
 * The order store's high-water mark (ADR 0018): the last paid intent's row
 * number, local id and time, and that day's spend as the store counted it
 * then, kept outside orders.sqlite in a second SQLite file in rollback-journal
 * mode (PERSIST, synchronous=FULL): each commit is in that file itself, so a
 * lost or torn orders.sqlite-wal cannot take it along. A store that comes back
 * without the intent the mark names lost orders; what was found is kept here
 * too (`damage`), so that a second start of the same day still counts the
 * recorded spend, whichever process (the app, a CLI run) found it.
 */
export const MARK_DB_FILE_NAME = 'orders-mark.sqlite';

export interface StoreMarkRecord {
  seq: number;
  localId: string;
  createdAt: number;
  /** Local midnight of the intent's day, and the day's spend with it (orderSpendSun, integer SUN). */
  dayStart: number;
  daySpentSun: Sun;
}

/** Orders the store lost: the rows after `fromSeq − 1` up to `toSeq`, and the spend of `dayStart` they took with them. */
export interface StoreDamage {
  detectedAt: number;
  dayStart: number;
  missingSun: Sun;
  fromSeq: number;
  toSeq: number;
  /** The newest order the store kept (null: none), and the newest intent it lost. */
  fromAt: number | null;
  toAt: number;
  lastLocalId: string;
}

const MARK_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    up: (db) =>
      db.exec(`
        CREATE TABLE mark (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          seq INTEGER NOT NULL,
          local_id TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          day_start INTEGER NOT NULL,
          day_spent_sun TEXT NOT NULL
        );
        CREATE TABLE damage (
          id INTEGER PRIMARY KEY,
          detected_at INTEGER NOT NULL,
          day_start INTEGER NOT NULL,
          missing_sun TEXT NOT NULL,
          from_seq INTEGER NOT NULL,
          to_seq INTEGER NOT NULL,
          from_at INTEGER,
          to_at INTEGER NOT NULL,
          last_local_id TEXT NOT NULL
        );
      `),
  },
];

interface MarkRow {
  seq: number;
  local_id: string;
  created_at: number;
  day_start: number;
  day_spent_sun: string;
}

interface DamageRow {
  detected_at: number;
  day_start: number;
  missing_sun: string;
  from_seq: number;
  to_seq: number;
  from_at: number | null;
  to_at: number;
  last_local_id: string;
}

const toDamage = (r: DamageRow): StoreDamage => ({
  detectedAt: r.detected_at,
  dayStart: r.day_start,
  missingSun: BigInt(r.missing_sun),
  fromSeq: r.from_seq,
  toSeq: r.to_seq,
  fromAt: r.from_at,
  toAt: r.to_at,
  lastLocalId: r.last_local_id,
});

export class StoreMark {
  private readonly db: DatabaseSync;

  private constructor(db: DatabaseSync) {
    this.db = db;
  }

  /**
   * Opens the mark of the store in `dir`, creating it when `create` (the first
   * paid intent); null when there is none yet. Made at the first intent, not
   * at open: a profile never used to pay, or a store opened on a full disk to
   * show its history, needs no file for it. Two small tables in 512-byte pages.
   */
  static open(dir: string, create: boolean, busyTimeoutMs?: number): StoreMark | null {
    const path = join(dir, MARK_DB_FILE_NAME);
    if (!create && !existsSync(path)) return null;
    const options = { migrations: MARK_MIGRATIONS, journal: 'persist' as const, pageSize: 512 };
    return new StoreMark(openSqliteFile(path, dir, busyTimeoutMs === undefined ? options : { ...options, busyTimeoutMs }));
  }

  read(): StoreMarkRecord | null {
    const row = this.db.prepare('SELECT * FROM mark WHERE id = 1').get() as MarkRow | undefined;
    if (!row) return null;
    const { seq, local_id: localId, created_at: createdAt, day_start: dayStart } = row;
    return { seq, localId, createdAt, dayStart, daySpentSun: BigInt(row.day_spent_sun) };
  }

  /**
   * Opens the mark's own transaction and writes `record` in it, uncommitted:
   * called inside the store's write transaction of the intent (whose lock
   * orders marks of every process as their intents), committed just after it
   * (`commit`), rolled back if the intent's commit fails (`rollback`).
   */
  stage(record: StoreMarkRecord): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      this.write(record);
    } catch (err) {
      this.rollback();
      throw err;
    }
  }

  commit(): void {
    this.db.exec('COMMIT');
  }

  rollback(): void {
    if (this.db.isTransaction) this.db.exec('ROLLBACK');
  }

  /** Records what was found missing and moves the mark to what the store holds now (null: it holds nothing), in one transaction. */
  recordDamage(damage: StoreDamage, rebased: StoreMarkRecord | null): void {
    inTransaction(this.db, () => {
      const { detectedAt, dayStart, missingSun, fromSeq, toSeq, fromAt, toAt, lastLocalId } = damage;
      const columns = 'detected_at, day_start, missing_sun, from_seq, to_seq, from_at, to_at, last_local_id';
      this.db
        .prepare(`INSERT INTO damage (${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(detectedAt, dayStart, missingSun.toString(), fromSeq, toSeq, fromAt, toAt, lastLocalId);
      if (rebased === null) this.db.exec('DELETE FROM mark');
      else this.write(rebased);
    });
  }

  /** Damage found for days starting at or after `dayStart`, oldest first. */
  damageSince(dayStart: number): StoreDamage[] {
    const rows = this.db.prepare('SELECT * FROM damage WHERE day_start >= ? ORDER BY id').all(dayStart) as unknown as DamageRow[];
    return rows.map(toDamage);
  }

  close(): void {
    if (!this.db.isOpen) return;
    this.rollback();
    this.db.close();
  }

  private write(record: StoreMarkRecord): void {
    this.db
      .prepare(
        `INSERT INTO mark (id, seq, local_id, created_at, day_start, day_spent_sun) VALUES (1, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, local_id = excluded.local_id, created_at = excluded.created_at,
           day_start = excluded.day_start, day_spent_sun = excluded.day_spent_sun`,
      )
      .run(record.seq, record.localId, record.createdAt, record.dayStart, record.daySpentSun.toString());
  }
}
