import { KeychainError } from './credential-store.ts';
import type { CredentialStore, Credentials, KeychainErrorKind } from './credential-store.ts';

type Operation = 'get' | 'set' | 'delete';

/** An in-memory CredentialStore for unit tests of the modules that use one. */
export class MemoryCredentialStore implements CredentialStore {
  private readonly entries = new Map<string, Credentials>();
  private readonly failures: Array<{ kind: KeychainErrorKind; operation: Operation | undefined }> = [];

  /** The next call (of `operation`, or of any operation) throws KeychainError(kind) and changes nothing. */
  failNext(kind: KeychainErrorKind, operation?: Operation): void {
    this.failures.push({ kind, operation });
  }

  async get(profileId: string): Promise<Credentials | null> {
    this.maybeFail('get');
    const found = this.entries.get(profileId);
    return found ? { ...found } : null;
  }

  async set(profileId: string, credentials: Credentials): Promise<void> {
    this.maybeFail('set');
    this.entries.set(profileId, { apiKey: credentials.apiKey, apiSecret: credentials.apiSecret });
  }

  async delete(profileId: string): Promise<boolean> {
    this.maybeFail('delete');
    return this.entries.delete(profileId);
  }

  /** Profile ids that have an entry, for assertions. */
  profileIds(): string[] {
    return [...this.entries.keys()];
  }

  private maybeFail(operation: Operation): void {
    const index = this.failures.findIndex((f) => f.operation === undefined || f.operation === operation);
    if (index === -1) return;
    const [failure] = this.failures.splice(index, 1);
    if (failure) throw new KeychainError(failure.kind);
  }
}
