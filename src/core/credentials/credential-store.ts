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
  /** Replaces the default message for the kind; must never contain the key or secret. */
  message?: string;
  platform?: NodeJS.Platform;
  /** The underlying error, for logs; never shown to the user. */
  cause?: unknown;
  /** Set when the entry exists but does not hold credentials (replacing it repairs it). */
  damagedEntry?: boolean;
}

function defaultMessage(kind: KeychainErrorKind, platform: NodeJS.Platform): string {
  const keep = ' Energy Tray keeps working in demo mode and never stores the secret in a plain file.';
  switch (kind) {
    case 'unavailable':
      if (platform === 'darwin') return `The macOS keychain could not be reached: log in to a desktop session and try again.${keep}`;
      if (platform === 'win32') return `Windows Credential Manager could not be reached: log in to a desktop session and try again.${keep}`;
      return `No Secret Service found: install and start gnome-keyring (or KWallet) and log in to a desktop session.${keep}`;
    case 'locked':
      if (platform === 'darwin') return 'The keychain is locked: unlock your login keychain (Keychain Access) and try again.';
      return 'The keychain is locked: unlock your keyring (login keyring, e.g. in Passwords and Keys) and try again.';
    case 'denied':
      return 'Access to the keychain was denied: allow Energy Tray to use the keychain when the system asks, then try again.';
    case 'failed':
      return 'The keychain could not complete the operation. Try again; if it keeps failing, check your keychain application.';
  }
}

/** The one error type every CredentialStore throws; `kind` says what went wrong. */
export class KeychainError extends DomainError {
  readonly kind: KeychainErrorKind;
  readonly damagedEntry: boolean;

  constructor(kind: KeychainErrorKind, options: KeychainErrorOptions = {}) {
    super(options.message ?? defaultMessage(kind, options.platform ?? process.platform), { cause: options.cause });
    this.name = 'KeychainError';
    this.kind = kind;
    this.damagedEntry = options.damagedEntry ?? false;
  }
}
