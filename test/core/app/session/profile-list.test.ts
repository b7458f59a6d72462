import { describe, expect, it } from 'vitest';
import { TypedEmitter } from '../../../../src/core/base/typed-emitter.ts';
import { parseStoredList, type StoredList } from '../../../../src/core/base/stored-list.ts';
import { DEMO_PROFILE_ID, ProfileList, type ProfileListStore } from '../../../../src/core/app/session/profile-list.ts';

interface Entry {
  id: string;
  profileId: string;
  name: string;
}

/** A store in memory, as a database table would be: every profile's rows, one profile's list written back whole. */
class MemoryStore implements ProfileListStore<Entry> {
  rows: Entry[] = [];
  writes: Array<{ profileId: string; ids: string[] }> = [];
  failNext = false;
  private listener: ((loaded: StoredList<Entry>) => void) | null = null;

  onLoaded(listener: (loaded: StoredList<Entry>) => void): void {
    this.listener = listener;
  }

  load(raw: unknown[]): void {
    this.listener?.(parseStoredList(raw, { safeParse: entrySchema }, (e) => [`id:${e.id}`]));
  }

  async save(profileId: string, entries: readonly Entry[]): Promise<void> {
    await Promise.resolve();
    if (this.failNext) {
      this.failNext = false;
      throw new Error('disk full');
    }
    this.writes.push({ profileId, ids: entries.map((e) => e.id) });
    this.rows = [...this.rows.filter((e) => e.profileId !== profileId), ...entries];
  }
}

const entrySchema = (raw: unknown): { success: true; data: Entry } | { success: false } => {
  const e = raw as Partial<Entry> | null;
  return typeof e?.id === 'string' && typeof e.profileId === 'string' && typeof e.name === 'string'
    ? { success: true, data: { id: e.id, profileId: e.profileId, name: e.name } }
    : { success: false };
};

function harness(demoStart?: () => Entry[]) {
  const events = new TypedEmitter<{ opened: { session: { demo: boolean } } }>();
  let live: { demo: boolean; profileId: string } | null = null;
  const dropped: number[] = [];
  const store = new MemoryStore();
  const list = new ProfileList<Entry>({
    sessions: { current: () => live, events },
    store,
    onDropped: (n) => dropped.push(n),
    ...(demoStart ? { demoStart } : {}),
  });
  const open = (profileId: string, demo = false): void => {
    live = { demo, profileId };
    events.emit('opened', { session: { demo } });
  };
  return { list, store, dropped, open };
}

const entry = (id: string, profileId: string, name = id): Entry => ({ id, profileId, name });

describe('ProfileList: one list per profile behind a store', () => {
  it('shows the live profile its own entries only, and counts the stored entries that could not be read', () => {
    const { list, store, dropped, open } = harness();
    store.load([entry('a1', 'A'), entry('b1', 'B'), { id: 7 }, entry('a1', 'B')]);
    expect(dropped).toEqual([2]);
    expect(list.current()).toEqual([]);
    open('A');
    expect(list.current()).toEqual([entry('a1', 'A')]);
    expect(list.find('b1')).toBeUndefined();
    open('B');
    expect(list.current().map((e) => e.id)).toEqual(['b1']);
  });

  it('writes one profile whole through the store, changes one at a time from what the previous one left', async () => {
    const { list, store, open } = harness();
    store.load([entry('b1', 'B')]);
    open('A');
    await Promise.all([list.change((c) => [...c, entry('a1', 'A')]), list.change((c) => [...c, entry('a2', 'A')])]);
    expect(list.current().map((e) => e.id)).toEqual(['a1', 'a2']);
    expect(store.writes).toEqual([
      { profileId: 'A', ids: ['a1'] },
      { profileId: 'A', ids: ['a1', 'a2'] },
    ]);
    expect(list.storedFor('B')).toEqual([entry('b1', 'B')]);
  });

  it('keeps nothing when the store fails or the change throws', async () => {
    const { list, store, open } = harness();
    open('A');
    await list.change(() => [entry('a1', 'A')]);
    store.failNext = true;
    await expect(list.change((c) => [...c, entry('a2', 'A')])).rejects.toThrow('disk full');
    await expect(list.change(() => { throw new Error('refused'); })).rejects.toThrow('refused');
    expect(list.current().map((e) => e.id)).toEqual(['a1']);
    expect(store.rows.map((e) => e.id)).toEqual(['a1']);
  });

  it('keeps the demo in memory only, started afresh with each demo', async () => {
    const { list, store, open } = harness(() => [entry('d1', DEMO_PROFILE_ID)]);
    open('ignored', true);
    await list.change((c) => [...c, entry('d2', DEMO_PROFILE_ID)]);
    expect(list.current().map((e) => e.id)).toEqual(['d1', 'd2']);
    expect(store.writes).toEqual([]);
    open('ignored', true);
    expect(list.current().map((e) => e.id)).toEqual(['d1']);
  });

  it('an account with none of its own adopts the unowned entries; one with its own, or the demo, does not', async () => {
    const { list, store, open } = harness();
    store.load([entry('u1', ''), entry('b1', 'B')]);
    open('B');
    await list.adopt('');
    expect(list.storedFor('')).toHaveLength(1);
    open('ignored', true);
    await list.adopt('');
    expect(list.storedFor('')).toHaveLength(1);
    open('A');
    await list.adopt('');
    expect(list.current()).toEqual([entry('u1', 'A')]);
    expect(list.storedFor('')).toEqual([]);
    expect(store.writes).toEqual([
      { profileId: 'A', ids: ['u1'] },
      { profileId: '', ids: [] },
    ]);
  });
});
