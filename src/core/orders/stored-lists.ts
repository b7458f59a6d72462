import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { StoredList } from '../base/stored-list.ts';
import { jsonOrNull, ListRows, type ListName } from './list-rows.ts';
import { ORDER_DB_FILE_NAME, OrderStore } from './order-store.ts';

interface Keyed {
  id: string;
  profileId: string;
}

/**
 * A profile's watched wallets or rules for a reader beside the app (the CLI,
 * the daemon's start, the MCP server): the rows of its order store in `dir`,
 * read without opening the journal, then the entries of the settings file
 * not moved yet (a profile the app has not opened since the upgrade). The
 * app's own list reads the store through its session (sqlite-list-store.ts).
 */
export function storedListOf<T extends Keyed>(
  dir: string,
  profileId: string,
  list: ListName,
  inSettings: readonly unknown[],
  parse: (stored: readonly unknown[]) => StoredList<T>,
): T[] {
  const { entries, known } = readRows(join(dir, ORDER_DB_FILE_NAME), profileId, list);
  const stored = parse(entries).items;
  const notMoved = parse(inSettings).items.filter((e) => e.profileId === profileId && !known.has(e.id));
  return [...stored, ...notMoved];
}

function readRows(path: string, profileId: string, list: ListName): { entries: unknown[]; known: Set<string> } {
  if (!existsSync(path)) return { entries: [], known: new Set() };
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const hasTables = db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'list_entries'`).get() !== undefined;
    if (!hasTables) return { entries: [], known: new Set() };
    const rows = db
      .prepare('SELECT id, entry FROM list_entries WHERE list = ? AND profile_id = ? ORDER BY position, id')
      .all(list, profileId) as Array<{ id: string; entry: string }>;
    const taken = db.prepare('SELECT id FROM list_imports WHERE list = ? AND profile_id = ?').all(list, profileId) as Array<{ id: string }>;
    const known = new Set([...rows.map((r) => r.id), ...taken.map((r) => r.id)]);
    return { entries: rows.map((r) => jsonOrNull(r.entry)), known };
  } finally {
    db.close();
  }
}

/**
 * Makes a profile's watched wallets and rules exactly these, in one
 * transaction of its order store in `dir` (created or migrated as needed):
 * the daemon's configuration file, which is their authority. Throws when not
 * written (a store of a newer version, a full disk).
 */
export function replaceStoredLists(
  dir: string,
  profileId: string,
  lists: { wallets: ReadonlyArray<{ id: string }>; rules: ReadonlyArray<{ id: string }> },
  at: number,
): void {
  const { store } = OrderStore.open(dir, at);
  try {
    const wallets = new ListRows(store, 'wallets');
    const rules = new ListRows(store, 'rules');
    store.transaction(() => {
      wallets.replace(profileId, lists.wallets, at);
      rules.replace(profileId, lists.rules, at);
    });
  } finally {
    store.close();
  }
}
