import { DatabaseSync } from 'node:sqlite';

/** The orders as a second connection reads them from the database file: what is on disk, amounts as text. */
export function readOnDisk(path: string): { version: number; orders: Array<Record<string, unknown>> } {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    const rows = db.prepare('SELECT * FROM orders ORDER BY created_at, seq').all() as Array<Record<string, unknown>>;
    const camel = (key: string): string => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    const orders = rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), k === 'tx_ids' ? JSON.parse(String(v)) : v])));
    return { version, orders };
  } finally {
    db.close();
  }
}

/**
 * Another process holding the database's write lock: the journal's writes
 * wait for it (open the journal with a short busyTimeoutMs) and then fail, as
 * they do while the disk refuses them. Returns the release.
 */
export function holdWriteLock(path: string): () => void {
  const db = new DatabaseSync(path);
  db.exec('BEGIN IMMEDIATE');
  return () => {
    db.exec('ROLLBACK');
    db.close();
  };
}
