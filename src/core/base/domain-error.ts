/**
 * An expected failure of the app's own rules or of something it talks to (the
 * service, the keychain, the disk): its message is written for a person and
 * its fields are the facts (which endpoint, which file, what kind). It knows
 * no transport: src/core/ipc/to-ipc-error.ts turns it into an IPC error and
 * src/cli/failure.ts into an exit code. Anything that is not a DomainError is
 * a bug and is shown only in generic words (its message could carry a path or
 * a header).
 */
export abstract class DomainError extends Error {}

export const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong inside Energy Tray. See the log for details.';

/** The words a person may see for `err`: its own message when it is a DomainError, generic words otherwise. */
export function userMessage(err: unknown): string {
  return err instanceof DomainError ? err.message : UNEXPECTED_ERROR_MESSAGE;
}
