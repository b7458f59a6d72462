import { KeychainError, type CredentialStore, type Credentials } from '../../core/credentials/credential-store.ts';
import { msg } from '../../shared/i18n/message.ts';
import { commandLine } from '../program.ts';

/**
 * The daemon's credential store: entries given from the environment (the
 * service's key and secret under the profile's id, the node provider's key
 * under its entry) answer first; anything else comes from the keychain, or
 * from nowhere when the daemon runs on environment credentials (a system
 * service has no keychain). It never writes: the daemon changes no saved
 * credentials.
 */
export class HeadlessCredentialStore implements CredentialStore {
  private readonly given: ReadonlyMap<string, Credentials>;
  private readonly keychain: CredentialStore | null;

  constructor(given: ReadonlyMap<string, Credentials>, keychain: CredentialStore | null) {
    this.given = given;
    this.keychain = keychain;
  }

  async get(entry: string): Promise<Credentials | null> {
    const given = this.given.get(entry);
    if (given) return { ...given };
    return this.keychain ? this.keychain.get(entry) : null;
  }

  async set(): Promise<void> {
    throw new KeychainError('denied', { reason: msg('errors:keychain.readOnly', { command: commandLine('login') }), demoNote: false });
  }

  async delete(): Promise<boolean> {
    throw new KeychainError('denied', { reason: msg('errors:keychain.readOnly', { command: commandLine('logout') }), demoNote: false });
  }
}
