import { msg, type Message } from '../../shared/i18n/message.ts';
import { randomUUID } from 'node:crypto';
import { KeyedQueue } from '../base/keyed-queue.ts';
import { normalizeBaseUrl } from '../settings/base-url.ts';
import type { Profile, Settings } from '../settings/settings-schema.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import { InvalidAccountInputError, checkApiKey, checkApiSecret, checkProfileName, keyHint } from './account-input.ts';
import { KeychainError } from './credential-store.ts';
import type { CredentialStore, Credentials } from './credential-store.ts';

export interface Balances {
  trxSun: bigint;
  usdtMicros: bigint;
}

/** user_info through the API client; throws its typed error (e.g. authentication) on failure. */
export type VerifyCredentials = (baseUrl: string, credentials: Credentials) => Promise<Balances>;

export interface ProfileStatus {
  id: string;
  name: string;
  baseUrl: string;
  keyHint: string | null;
  lastVerifiedAt: number | null;
  active: boolean;
  /** A key and secret were saved for this profile (keyHint is set only by a successful save). */
  configured: boolean;
}

/** Everything the UI and `cli status` may show: never the secret, never the full key. */
export interface AccountStatus {
  profiles: ProfileStatus[];
  activeProfileId: string | null;
  demo: boolean;
}

export interface ConnectInput {
  /** Replace this profile's credentials; absent: create a new profile. */
  profileId?: string;
  name?: string;
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
}

/** Where a connect is about to send the key, for a caller that asks the person first. */
export interface ConnectTarget {
  profileName: string;
  /** The profile whose credentials would be replaced, as it is now; null for a new profile. */
  existing: { baseUrl: string; keyHint: string | null } | null;
  /** Normalised. */
  baseUrl: string;
  keyHint: string;
}

export interface ConnectResult {
  status: AccountStatus;
  balances: Balances;
  warnings: Message[];
}

export interface AccountServiceDeps {
  store: CredentialStore;
  settings: SettingsStore;
  verify: VerifyCredentials;
  now: () => number;
  newId?: () => string;
}

const DEFAULT_PROFILE_NAME = 'Default';

export function toStatus(settings: Settings): AccountStatus {
  return {
    profiles: settings.profiles.map((p) => ({
      id: p.id,
      name: p.name,
      baseUrl: p.baseUrl,
      keyHint: p.keyHint,
      lastVerifiedAt: p.lastVerifiedAt,
      active: p.id === settings.activeProfileId,
      configured: p.keyHint !== null,
    })),
    activeProfileId: settings.activeProfileId,
    demo: settings.demo,
  };
}

function findProfile(settings: Settings, profileId: string): Profile {
  const profile = settings.profiles.find((p) => p.id === profileId);
  if (!profile) throw new InvalidAccountInputError('profileId', msg('errors:account.noProfile'));
  return profile;
}

function checkUniqueName(settings: Settings, name: string, exceptId?: string): void {
  const taken = settings.profiles.some((p) => p.id !== exceptId && p.name.toLowerCase() === name.toLowerCase());
  if (taken) throw new InvalidAccountInputError('name', msg('errors:account.nameTaken', { name: { name } }));
}

function freeDefaultName(settings: Settings): string {
  const names = new Set(settings.profiles.map((p) => p.name.toLowerCase()));
  let name = DEFAULT_PROFILE_NAME;
  for (let n = 2; names.has(name.toLowerCase()); n++) name = `${DEFAULT_PROFILE_NAME} ${n}`;
  return name;
}

/**
 * Verify-and-save for accounts, shared by the app's handlers and the CLI.
 * Credentials are saved only after the service accepted them, the keychain is
 * written before the settings, and a failure at any step leaves the previous
 * credentials and settings as they were.
 */
export class AccountService {
  private readonly deps: AccountServiceDeps;
  private readonly newId: () => string;
  // One mutation at a time, so a keychain entry and its settings row are never
  // written by two operations interleaved.
  private readonly mutations = new KeyedQueue();

  constructor(deps: AccountServiceDeps) {
    this.deps = deps;
    this.newId = deps.newId ?? randomUUID;
  }

  async status(): Promise<AccountStatus> {
    const { settings } = await this.deps.settings.load();
    return toStatus(settings);
  }

  /**
   * `beforeVerify` runs after the input checks and before anything is sent:
   * the app asks the person there (a main-drawn approval), and a throw stops
   * the connect with nothing sent and nothing saved.
   */
  async connect(input: ConnectInput, beforeVerify?: (target: ConnectTarget) => Promise<void>): Promise<ConnectResult> {
    const credentials: Credentials = { apiKey: checkApiKey(input.apiKey), apiSecret: checkApiSecret(input.apiSecret) };
    const name = input.name === undefined ? undefined : checkProfileName(input.name);
    const { url, warnings } = normalizeBaseUrl(input.baseUrl);
    const target = await this.checkTarget(input.profileId, name);
    if (beforeVerify) await beforeVerify({ ...target, baseUrl: url, keyHint: keyHint(credentials.apiKey) });

    // Outside the mutation queue: a slow service must not block other profiles.
    const balances = await this.deps.verify(url, credentials);
    const verifiedAt = this.deps.now();

    const settings = await this.mutate(async () => {
      const { settings: before } = await this.deps.settings.load();
      const existing = input.profileId === undefined ? undefined : findProfile(before, input.profileId);
      const profileName = name ?? existing?.name ?? freeDefaultName(before);
      checkUniqueName(before, profileName, existing?.id);
      const profile: Profile = {
        id: existing?.id ?? this.newId(),
        name: profileName,
        baseUrl: url,
        keyHint: keyHint(credentials.apiKey),
        lastVerifiedAt: verifiedAt,
      };
      const previous = await this.readForRollback(profile.id);
      await this.deps.store.set(profile.id, credentials);
      try {
        return await this.deps.settings.update((s) => ({
          ...s,
          profiles: existing ? s.profiles.map((p) => (p.id === profile.id ? profile : p)) : [...s.profiles, profile],
          activeProfileId: profile.id,
          demo: false,
        }));
      } catch (err) {
        await this.rollback(profile.id, previous);
        throw err;
      }
    });
    return { status: toStatus(settings), balances, warnings };
  }

  /** Deletes the keychain entry; the profile (and state keyed by its id) stays, not configured. */
  async remove(profileId: string): Promise<AccountStatus> {
    const settings = await this.mutate(async () => {
      findProfile((await this.deps.settings.load()).settings, profileId);
      await this.deps.store.delete(profileId);
      return this.deps.settings.update((s) => ({
        ...s,
        profiles: s.profiles.map((p) => (p.id === profileId ? { ...p, keyHint: null, lastVerifiedAt: null } : p)),
      }));
    });
    return toStatus(settings);
  }

  async rename(profileId: string, name: string): Promise<AccountStatus> {
    const checked = checkProfileName(name);
    const settings = await this.mutate(() =>
      this.deps.settings.update((s) => {
        findProfile(s, profileId);
        checkUniqueName(s, checked, profileId);
        return { ...s, profiles: s.profiles.map((p) => (p.id === profileId ? { ...p, name: checked } : p)) };
      }),
    );
    return toStatus(settings);
  }

  async setActive(profileId: string): Promise<AccountStatus> {
    const settings = await this.mutate(() =>
      this.deps.settings.update((s) => {
        findProfile(s, profileId);
        return { ...s, activeProfileId: profileId };
      }),
    );
    return toStatus(settings);
  }

  /** The welcome screen's choice; leaving demo mode does not touch any profile. */
  async setDemo(demo: boolean): Promise<AccountStatus> {
    const settings = await this.mutate(() => this.deps.settings.update((s) => ({ ...s, demo })));
    return toStatus(settings);
  }

  /** Removes the keychain entry and the profile; another profile (if any) becomes active. */
  async deleteProfile(profileId: string): Promise<AccountStatus> {
    const settings = await this.mutate(async () => {
      findProfile((await this.deps.settings.load()).settings, profileId);
      await this.deps.store.delete(profileId);
      return this.deps.settings.update((s) => {
        const profiles = s.profiles.filter((p) => p.id !== profileId);
        const activeProfileId = s.activeProfileId === profileId ? (profiles[0]?.id ?? null) : s.activeProfileId;
        return { ...s, profiles, activeProfileId };
      });
    });
    return toStatus(settings);
  }

  /**
   * For the main process and the CLI only: the secret must not go further.
   * Null when there is no such profile or nothing is stored for it. The stored
   * base URL is checked again, so a hand-edited settings file cannot send the
   * key over plain http.
   */
  async credentialsFor(profileId?: string): Promise<{ profile: Profile; credentials: Credentials } | null> {
    const { settings } = await this.deps.settings.load();
    const id = profileId ?? settings.activeProfileId;
    const profile = id === null ? undefined : settings.profiles.find((p) => p.id === id);
    if (!profile) return null;
    const credentials = await this.deps.store.get(profile.id);
    if (!credentials) return null;
    return { profile: { ...profile, baseUrl: normalizeBaseUrl(profile.baseUrl).url }, credentials };
  }

  private async checkTarget(
    profileId: string | undefined,
    name: string | undefined,
  ): Promise<Pick<ConnectTarget, 'profileName' | 'existing'>> {
    const { settings } = await this.deps.settings.load();
    const existing = profileId === undefined ? undefined : findProfile(settings, profileId);
    if (name !== undefined) checkUniqueName(settings, name, existing?.id);
    return {
      profileName: name ?? existing?.name ?? freeDefaultName(settings),
      existing: existing ? { baseUrl: normalizeBaseUrl(existing.baseUrl).url, keyHint: existing.keyHint } : null,
    };
  }

  private mutate<T>(task: () => Promise<T>): Promise<T> {
    return this.mutations.run('accounts', task);
  }

  /** Undefined when the previous entry is damaged: then there is nothing worth restoring. */
  private async readForRollback(profileId: string): Promise<Credentials | null | undefined> {
    try {
      return await this.deps.store.get(profileId);
    } catch (err) {
      if (err instanceof KeychainError && err.damagedEntry) return undefined;
      throw err;
    }
  }

  private async rollback(profileId: string, previous: Credentials | null | undefined): Promise<void> {
    try {
      if (previous) await this.deps.store.set(profileId, previous);
      else if (previous === null) await this.deps.store.delete(profileId);
    } catch {
      // Best effort: the settings error is the one to report.
    }
  }
}
