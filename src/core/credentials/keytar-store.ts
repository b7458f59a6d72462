import type * as Keytar from 'keytar';
import { msg } from '../../shared/i18n/message.ts';
import { InvariantError } from '../base/domain-error.ts';
import { KeyedQueue } from '../base/keyed-queue.ts';
import { KeychainError } from './credential-store.ts';
import type { CredentialStore, Credentials } from './credential-store.ts';
import { keychainErrorKind } from './keychain-error-kind.ts';

export type KeytarApi = Pick<typeof Keytar, 'getPassword' | 'setPassword' | 'deletePassword'>;

export const DEFAULT_KEYCHAIN_SERVICE = 'Energy Tray';

export interface KeytarStoreOptions {
  /** Keychain service name; tests use a unique one so they never touch real entries. */
  service?: string;
  platform?: NodeJS.Platform;
  /** Loads the native module; the default imports keytar once, lazily. */
  load?: () => Promise<KeytarApi>;
}

let keytarModule: Promise<KeytarApi> | undefined;

/**
 * Imported on first use, not at start-up: when the native module cannot load
 * (missing libsecret, wrong ABI) the app must still start and offer demo mode.
 */
export function loadKeytar(): Promise<KeytarApi> {
  keytarModule ??= import('keytar').then((mod) => {
    const api = (mod as { default?: KeytarApi }).default ?? mod;
    if (typeof api.getPassword !== 'function') throw new InvariantError('keytar-without-getPassword');
    return api;
  });
  return keytarModule;
}

function loadFailure(platform: NodeJS.Platform, cause: unknown): KeychainError {
  const reason = msg(platform === 'linux' ? 'errors:keychain.moduleMissingLinux' : 'errors:keychain.moduleMissing');
  return new KeychainError('unavailable', { platform, cause, reason });
}

/** The stored password is JSON {"apiKey","apiSecret"}; anything else is a damaged entry. */
export function parseStoredCredentials(stored: string, platform: NodeJS.Platform = process.platform): Credentials {
  const damaged = (): KeychainError =>
    new KeychainError('failed', {
      platform,
      damagedEntry: true,
      reason: msg('errors:keychain.damaged'),
    });
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    throw damaged();
  }
  if (typeof value !== 'object' || value === null) throw damaged();
  const { apiKey, apiSecret } = value as Record<string, unknown>;
  if (typeof apiKey !== 'string' || typeof apiSecret !== 'string' || apiKey === '' || apiSecret === '') throw damaged();
  return { apiKey, apiSecret };
}

/** CredentialStore over the OS keychain: service "Energy Tray", account = profile id. */
export class KeytarStore implements CredentialStore {
  private readonly service: string;
  private readonly platform: NodeJS.Platform;
  private readonly load: () => Promise<KeytarApi>;
  private readonly queue = new KeyedQueue();

  constructor(options: KeytarStoreOptions = {}) {
    this.service = options.service ?? DEFAULT_KEYCHAIN_SERVICE;
    this.platform = options.platform ?? process.platform;
    this.load = options.load ?? loadKeytar;
  }

  get(profileId: string): Promise<Credentials | null> {
    return this.call(profileId, async (keytar) => {
      const stored = await keytar.getPassword(this.service, profileId);
      return stored === null ? null : parseStoredCredentials(stored, this.platform);
    });
  }

  set(profileId: string, credentials: Credentials): Promise<void> {
    const stored = JSON.stringify({ apiKey: credentials.apiKey, apiSecret: credentials.apiSecret });
    return this.call(profileId, (keytar) => keytar.setPassword(this.service, profileId, stored));
  }

  delete(profileId: string): Promise<boolean> {
    return this.call(profileId, (keytar) => keytar.deletePassword(this.service, profileId));
  }

  private call<T>(profileId: string, operation: (keytar: KeytarApi) => Promise<T>): Promise<T> {
    if (profileId === '') {
      return Promise.reject(new KeychainError('failed', { platform: this.platform, reason: msg('errors:keychain.noProfileId') }));
    }
    return this.queue.run(profileId, async () => {
      let keytar: KeytarApi;
      try {
        keytar = await this.load();
      } catch (cause) {
        throw loadFailure(this.platform, cause);
      }
      try {
        return await operation(keytar);
      } catch (cause) {
        if (cause instanceof KeychainError) throw cause;
        throw new KeychainError(keychainErrorKind(cause), { platform: this.platform, cause });
      }
    });
  }
}
