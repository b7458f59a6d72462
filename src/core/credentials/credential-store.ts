import { msg, type Message } from '../../shared/i18n/message.ts';
import { DomainError } from '../base/domain-error.ts';

export interface Credentials {
  apiKey: string;
  apiSecret: string;
}

/**
 * Where the API key and secret live: the OS keychain in the app and the CLI
 * (keytar-store.ts), memory in unit tests (memory-store.ts). One entry per
 * profile id. Implementations throw KeychainError, never a raw native error.
 */
export interface CredentialStore {
  get(profileId: string): Promise<Credentials | null>;
  set(profileId: string, credentials: Credentials): Promise<void>;
  /** Resolves false when there was no entry to delete. */
  delete(profileId: string): Promise<boolean>;
}

/**
 * unavailable: no keychain at all (no Secret Service, native module missing);
 * locked: a keychain exists but must be unlocked first;
 * denied: the user or the OS refused access;
 * failed: anything else, including a damaged entry.
 */
export type KeychainErrorKind = 'unavailable' | 'locked' | 'denied' | 'failed';

export interface KeychainErrorOptions {
  /** Replaces the default words for the kind; must never contain the key or secret. */
  reason?: Message;
  platform?: NodeJS.Platform;
  /** The underlying error, for logs; never shown to the user. */
  cause?: unknown;
  /** Set when the entry exists but does not hold credentials (replacing it repairs it). */
  damagedEntry?: boolean;
  /** Whether the app's note "keeps working in demo mode" follows (default: for `unavailable`). */
  demoNote?: boolean;
}

function defaultReason(kind: KeychainErrorKind, platform: NodeJS.Platform): Message {
  switch (kind) {
    case 'unavailable':
      if (platform === 'darwin') return msg('errors:keychain.unavailableMac');
      if (platform === 'win32') return msg('errors:keychain.unavailableWindows');
      return msg('errors:keychain.unavailableLinux');
    case 'locked':
      return msg(platform === 'darwin' ? 'errors:keychain.lockedMac' : 'errors:keychain.locked');
    case 'denied':
      return msg('errors:keychain.denied');
    case 'failed':
      return msg('errors:keychain.failed');
  }
}

/** The one error type every CredentialStore throws; `kind` says what went wrong. */
export class KeychainError extends DomainError {
  readonly kind: KeychainErrorKind;
  readonly damagedEntry: boolean;
  /** What went wrong and what to do, without the app's note about demo mode (the CLI has none). */
  readonly reason: Message;

  constructor(kind: KeychainErrorKind, options: KeychainErrorOptions = {}) {
    const reason = options.reason ?? defaultReason(kind, options.platform ?? process.platform);
    const demoNote = options.demoNote ?? kind === 'unavailable';
    super(demoNote ? msg('errors:keychain.keepsDemo', { reason }) : reason, { cause: options.cause });
    this.name = 'KeychainError';
    this.kind = kind;
    this.damagedEntry = options.damagedEntry ?? false;
    this.reason = reason;
  }
}
