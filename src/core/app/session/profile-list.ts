// app/session: the open account or demo: profiles, settings, the per-profile lists, the TRON node connection, the service balance.
import { KeyedQueue } from '../../base/keyed-queue.ts';
import type { StoredList } from '../../base/stored-list.ts';
import type { Settings } from '../../settings/settings-schema.ts';
import type { SettingsService } from './settings-service.ts';

/** The demo's lists live in memory under this profile id: nothing of the demo can act on a real account. */
export const DEMO_PROFILE_ID = 'demo';

/** An entry of a per-profile list: it names the profile it belongs to. */
export interface Owned {
  id: string;
  profileId: string;
}

/**
 * Where the accounts' entries of a per-profile list are kept (ADR 0022): a
 * list field of the settings file (settingsListStore), or a table of a
 * database in its place. Two calls: the lists as read, and one profile's
 * list written back whole.
 */
export interface ProfileListStore<T extends Owned> {
  /**
   * Hands over every profile's entries each time they are read (at start-up,
   * again after an account change); `dropped` of them could not be read and
   * are left out.
   */
  onLoaded(listener: (loaded: StoredList<T>) => void): void;
  /** Keeps `entries` as the whole list of `profileId`, in one write; other profiles' entries stay as stored. Throws when not written. */
  save(profileId: string, entries: readonly T[]): Promise<void>;
}

export type ProfileListField = 'wallets' | 'rules' | 'presets';

/** A list field of the settings file that holds every profile's entries, each naming its profile. */
export function settingsListStore<T extends Owned>(
  settings: SettingsService,
  field: ProfileListField,
  parse: (stored: readonly unknown[]) => StoredList<T>,
): ProfileListStore<T> {
  return {
    onLoaded: (listener) => void settings.events.on('loaded', (s) => listener(parse(s[field]))),
    save: async (profileId, entries) => {
      await settings.update((s: Settings) => {
        const others = parse(s[field]).items.filter((e) => e.profileId !== profileId);
        return { ...s, [field]: [...others, ...entries].map((e) => ({ ...e })) };
      });
    },
  };
}

/** What a list needs of the session manager: the live session, and a new one opening. */
export interface LiveSessions {
  current(): { demo: boolean; profileId: string } | null;
  readonly events: { on(event: 'opened', listener: (opened: { session: { demo: boolean } }) => void): unknown };
}

export interface ProfileListDeps<T extends Owned> {
  sessions: LiveSessions;
  store: ProfileListStore<T>;
  /** Stored entries could not be read and were left out: say so (a notice). */
  onDropped(dropped: number): void;
  /** What the demo's list holds each time the demo opens; empty unless given. */
  demoStart?: () => T[];
}

/**
 * A list each profile has its own of (watched wallets, auto top-up rules,
 * presets): an account's kept by its store, the demo's in memory only and
 * started afresh with each demo. `current()` is the live session's list.
 * Changes run one at a time, each from the list the previous one left.
 */
export class ProfileList<T extends Owned> {
  private readonly deps: ProfileListDeps<T>;
  private stored: T[] = [];
  private demo: T[] = [];
  private readonly writes = new KeyedQueue();

  constructor(deps: ProfileListDeps<T>) {
    this.deps = deps;
    deps.store.onLoaded(({ items, dropped }) => {
      this.stored = items;
      if (dropped > 0) deps.onDropped(dropped);
    });
    deps.sessions.events.on('opened', ({ session }) => {
      if (session.demo) this.demo = deps.demoStart?.() ?? [];
    });
  }

  /** The profile of the live session ('demo' in demo mode), or null without one. */
  profileId(): string | null {
    const session = this.deps.sessions.current();
    return session ? (session.demo ? DEMO_PROFILE_ID : session.profileId) : null;
  }

  current(): T[] {
    const profileId = this.profileId();
    if (profileId === null) return [];
    return profileId === DEMO_PROFILE_ID ? [...this.demo] : this.storedFor(profileId);
  }

  find(id: string): T | undefined {
    return this.current().find((e) => e.id === id);
  }

  /** Entries stored for `profileId` (another profile's too: no session needed). */
  storedFor(profileId: string): T[] {
    return this.stored.filter((e) => e.profileId === profileId);
  }

  /** Applies `change` to the live profile's list and keeps it (the store for an account); nothing is kept when it throws. */
  change(change: (current: T[]) => T[]): Promise<T[]> {
    return this.writes.run('list', async () => {
      const profileId = this.profileId();
      if (profileId === null) return [];
      if (profileId === DEMO_PROFILE_ID) {
        this.demo = change([...this.demo]);
        return [...this.demo];
      }
      const next = change(this.storedFor(profileId));
      await this.deps.store.save(profileId, next);
      this.keep(profileId, next);
      return next;
    });
  }

  /**
   * Gives the entries of `from` to the live account's profile if it has none
   * of its own. Written to the account first, then taken from `from`: a
   * failure between the two leaves a copy behind, never a loss.
   */
  adopt(from: string): Promise<void> {
    return this.writes.run('list', async () => {
      const profileId = this.profileId();
      const taken = this.storedFor(from);
      if (profileId === null || profileId === DEMO_PROFILE_ID || this.current().length > 0 || taken.length === 0) return;
      const adopted = taken.map((e) => ({ ...e, profileId }));
      await this.deps.store.save(profileId, adopted);
      this.keep(profileId, adopted);
      await this.deps.store.save(from, []);
      this.keep(from, []);
    });
  }

  private keep(profileId: string, entries: readonly T[]): void {
    this.stored = [...this.stored.filter((e) => e.profileId !== profileId), ...entries];
  }
}
