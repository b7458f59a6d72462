// app/session: the open account or demo: profiles, settings, the per-profile lists, the TRON node connection, the service balance.
import type { Clock } from '../../base/clock.ts';
import type { StoredList } from '../../base/stored-list.ts';
import { jsonOrNull, type ListName, type ListRow, type ListRows } from '../../orders/list-rows.ts';
import type { Settings } from '../../settings/settings-schema.ts';
import type { Owned, ProfileListStore } from './profile-list.ts';
import type { SessionManager } from './session-manager.ts';
import { InvariantError } from '../../base/domain-error.ts';
import type { SettingsService } from './settings-service.ts';

export interface SqliteListStoreDeps<T extends Owned> {
  sessions: Pick<SessionManager, 'events'>;
  settings: SettingsService;
  clock: Clock;
  list: ListName;
  parse(stored: readonly unknown[]): StoredList<T>;
  /** The settings file kept entries already moved (its write failed): they are removed at the next start. */
  onSettingsKept(err: unknown): void;
}

interface Written<T> {
  entry: T;
  position: number;
}

/**
 * A per-profile list kept in the account's order store (ADR 0022's seam,
 * issue 25): one row an entry, read when the account's session opens. A
 * change writes only the entries that are new or changed and removes the
 * ones gone, in one transaction, so renaming one of 10,000 wallets writes one
 * row. An entry handed over is frozen: a change makes a new entry instead of
 * editing one, and an unchanged entry is the same object it was, which is how
 * it is known to need no write.
 *
 * On opening, entries an earlier version kept in the settings file are moved
 * here: written first, each remembered as taken (list_imports), then removed
 * from the settings file. A failure between the two leaves a copy in the file,
 * which the next start removes without taking again; entries an older version
 * adds after a downgrade are taken at the next start.
 */
export function sqliteListStore<T extends Owned>(deps: SqliteListStoreDeps<T>): ProfileListStore<T> {
  let open: { profileId: string; rows: ListRows } | null = null;
  let written = new Map<string, Written<T>>();
  const listeners: Array<(loaded: StoredList<T>) => void> = [];

  deps.sessions.events.on('opened', ({ session }) => {
    if (session.demo) return;
    const rows = session.journal.lists[deps.list];
    open = { profileId: session.profileId, rows };
    const inSettings = deps.parse(deps.settings.loaded?.[deps.list] ?? []).items.filter((e) => e.profileId === session.profileId);
    let moved = true;
    try {
      rows.importOnce(session.profileId, inSettings, deps.clock.now());
    } catch (err) {
      // Not written (a full disk): listed from the file this time, written with the list's next change.
      moved = false;
      deps.onSettingsKept(err);
    }
    const stored = rows.load(session.profileId);
    const loaded = deps.parse(stored.map((row) => jsonOrNull(row.entry)));
    const positions = new Map(stored.map((r) => [r.id, r.position]));
    written = new Map(loaded.items.map((e) => [e.id, { entry: Object.freeze(e), position: positions.get(e.id) ?? 0 }]));
    const notMoved = moved ? [] : inSettings.filter((e) => !written.has(e.id));
    for (const listener of listeners) listener({ ...loaded, items: [...loaded.items, ...notMoved] });
    const taken = new Set(inSettings.map((e) => `${e.profileId}|${e.id}`));
    if (moved && taken.size > 0) void removeFromSettings(deps, taken).catch(deps.onSettingsKept);
  });
  deps.sessions.events.on('closed', (session) => {
    if (open?.rows !== session.journal.lists[deps.list]) return;
    open = null;
    written = new Map();
  });

  return {
    onLoaded: (listener) => void listeners.push(listener),
    save: async (profileId, entries) => {
      if (open === null || open.profileId !== profileId) throw new InvariantError('list-not-open', { list: deps.list, profileId });
      const changes = changesOf(written, entries);
      open.rows.apply(profileId, changes.upserts, changes.deletes);
      changes.commit(written);
    },
  };
}

/**
 * What to write for `entries` to be the stored list: an entry that is not
 * the object written for its id, or would sit out of order, is (re)written
 * after the entry before it; an id no longer listed is removed. `written`
 * becomes what is stored once the rows are applied (`commit`).
 */
function changesOf<T extends Owned>(
  written: ReadonlyMap<string, Written<T>>,
  entries: readonly T[],
): { upserts: ListRow[]; deletes: string[]; commit(into: Map<string, Written<T>>): void } {
  const upserts: ListRow[] = [];
  const moved: Array<[string, Written<T>]> = [];
  let previous = -1;
  let kept = 0;
  for (const entry of entries) {
    const before = written.get(entry.id);
    if (before !== undefined && before.entry === entry && before.position > previous) {
      previous = before.position;
      kept++;
      continue;
    }
    previous += 1;
    upserts.push({ id: entry.id, position: previous, entry: JSON.stringify(entry) });
    moved.push([entry.id, { entry: Object.freeze(entry), position: previous }]);
  }
  // Every id written before is still listed when the kept and rewritten ones of them account for all.
  const rewritten = moved.filter(([id]) => written.has(id)).length;
  const listed = kept + rewritten === written.size ? null : new Set(entries.map((e) => e.id));
  const deletes = listed === null ? [] : [...written.keys()].filter((id) => !listed.has(id));
  return {
    upserts,
    deletes,
    commit: (into) => {
      for (const id of deletes) into.delete(id);
      for (const [id, w] of moved) into.set(id, w);
    },
  };
}

/** Removes the moved entries from the settings file; any other entry (another profile's, one not readable) stays as it was. */
async function removeFromSettings<T extends Owned>(deps: SqliteListStoreDeps<T>, moved: ReadonlySet<string>): Promise<void> {
  await deps.settings.update((s: Settings) => ({ ...s, [deps.list]: s[deps.list].filter((e) => !moved.has(keyOf(e))) }));
}

const keyOf = (entry: unknown): string => {
  const { profileId, id } = (typeof entry === 'object' && entry !== null ? entry : {}) as { profileId?: unknown; id?: unknown };
  return typeof profileId === 'string' && typeof id === 'string' ? `${profileId}|${id}` : '';
};
