import type { OrderStore } from './order-store.ts';

/**
 * A profile's watched wallets and auto top-up rules, kept in its order store
 * (issue 25: thousands of entries, each change one row, where the settings
 * file was rewritten whole). A row holds one entry as the JSON the settings
 * file held, read back through the same schema (parseStoredWallets,
 * parseStoredRules), so an entry keeps its shape across versions without a
 * table rebuild; `position` keeps the list's order.
 */
export type ListName = 'wallets' | 'rules';

/**
 * The tables (migration 6, order-schema.ts): both lists in one table, two
 * pages for a new store (a nearly full disk keeps its room for an order,
 * disk-full.test.ts). Each statement is "IF NOT EXISTS", so the migration can
 * be renumbered when branches meet without a second run doing anything.
 * `list_imports` names the entries taken from the settings file, so an entry
 * removed since is never taken again (sqlite-list-store.ts).
 */
export const LIST_TABLES_SQL = `
  CREATE TABLE IF NOT EXISTS list_entries (
    list TEXT NOT NULL,
    profile_id TEXT NOT NULL,
    id TEXT NOT NULL,
    position INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (list, profile_id, id)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS list_imports (
    list TEXT NOT NULL,
    profile_id TEXT NOT NULL,
    id TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (list, profile_id, id)
  ) WITHOUT ROWID;
`;

/** One stored row: the entry's id, its place in the list, and the entry as JSON text. */
export interface ListRow {
  id: string;
  position: number;
  entry: string;
}

/** The rows of one list (wallets or rules) of the store's profiles. */
export class ListRows {
  readonly name: ListName;
  private readonly store: OrderStore;

  constructor(store: OrderStore, name: ListName) {
    this.store = store;
    this.name = name;
  }

  /** The profile's rows in list order. */
  load(profileId: string): ListRow[] {
    return this.store
      .statement('SELECT id, position, entry FROM list_entries WHERE list = ? AND profile_id = ? ORDER BY position, id')
      .all(this.name, profileId) as unknown as ListRow[];
  }

  /** Every profile's entries of the list (a store holds its own profile's), as stored; text that is not JSON as null. */
  everyEntry(): unknown[] {
    const select = this.store.statement('SELECT entry FROM list_entries WHERE list = ? ORDER BY position, id');
    const rows = select.all(this.name) as Array<{ entry: string }>;
    return rows.map((r) => jsonOrNull(r.entry));
  }

  /** Writes `upserts` and removes `deletes` of the profile's rows, in one transaction. */
  apply(profileId: string, upserts: readonly ListRow[], deletes: readonly string[]): void {
    if (upserts.length === 0 && deletes.length === 0) return;
    this.store.transaction(() => {
      this.write(profileId, upserts);
      const remove = this.store.statement('DELETE FROM list_entries WHERE list = ? AND profile_id = ? AND id = ?');
      for (const id of deletes) remove.run(this.name, profileId, id);
    });
  }

  /** Writes rows (inserted or replaced by id). Call inside a transaction. */
  write(profileId: string, rows: readonly ListRow[]): void {
    const upsert = this.store.statement(
      `INSERT INTO list_entries (list, profile_id, id, position, entry) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (list, profile_id, id) DO UPDATE SET position = excluded.position, entry = excluded.entry`,
    );
    for (const row of rows) upsert.run(this.name, profileId, row.id, row.position, row.entry);
  }

  /** Runs `work` in one transaction of the store (both lists are in it: an import writes its wallets and rules at once). */
  transaction<T>(work: () => T): T {
    return this.store.transaction(work);
  }

  /**
   * Makes `entries` the profile's whole list, and remembers each as taken so
   * that a copy in the settings file is never added again. Call inside a
   * transaction.
   */
  replace(profileId: string, entries: ReadonlyArray<{ id: string }>, at: number): void {
    this.store.statement('DELETE FROM list_entries WHERE list = ? AND profile_id = ?').run(this.name, profileId);
    this.append(profileId, entries);
    const remember = this.store.statement('INSERT OR IGNORE INTO list_imports (list, profile_id, id, at) VALUES (?, ?, ?, ?)');
    for (const entry of entries) remember.run(this.name, profileId, entry.id, at);
  }

  /** Adds entries after the profile's last row. Call inside a transaction. */
  append(profileId: string, entries: ReadonlyArray<{ id: string }>): void {
    let position = this.lastPosition(profileId) + 1;
    this.write(profileId, entries.map((e) => ({ id: e.id, position: position++, entry: JSON.stringify(e) })));
  }

  private lastPosition(profileId: string): number {
    const sql = 'SELECT max(position) AS last FROM list_entries WHERE list = ? AND profile_id = ?';
    return (this.store.statement(sql).get(this.name, profileId) as { last: number | null }).last ?? -1;
  }

  /**
   * Takes entries of an earlier version's settings file: each one not taken
   * before is added after the list's last row and remembered as taken; an
   * entry taken before (and perhaps removed since) is not added again.
   * Returns how many were added. One transaction.
   */
  importOnce(profileId: string, entries: ReadonlyArray<{ id: string }>, at: number): number {
    if (entries.length === 0) return 0;
    return this.store.transaction(() => {
      const taken = this.store.statement('SELECT 1 FROM list_imports WHERE list = ? AND profile_id = ? AND id = ?');
      const remember = this.store.statement('INSERT INTO list_imports (list, profile_id, id, at) VALUES (?, ?, ?, ?)');
      const exists = this.store.statement('SELECT 1 FROM list_entries WHERE list = ? AND profile_id = ? AND id = ?');
      let position = this.lastPosition(profileId) + 1;
      let added = 0;
      for (const entry of entries) {
        if (taken.get(this.name, profileId, entry.id) !== undefined) continue;
        remember.run(this.name, profileId, entry.id, at);
        if (exists.get(this.name, profileId, entry.id) !== undefined) continue;
        this.write(profileId, [{ id: entry.id, position: position++, entry: JSON.stringify(entry) }]);
        added++;
      }
      return added;
    });
  }
}

/** A stored entry's JSON; text that is not JSON is left to the entry parser to refuse (and count). */
export function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
