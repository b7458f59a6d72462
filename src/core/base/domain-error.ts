import { englishText } from '../../shared/i18n/english-message.ts';
import { msg, type Message, type MessageArgs, type MessageKey } from '../../shared/i18n/message.ts';

/**
 * An expected failure of the app's own rules or of something it talks to (the
 * service, the keychain, the disk). Its kind is its class and that class's
 * kind field (ApiError.category, AppError.kind, ChainError.kind, …); what
 * happened is a catalogue key and the facts as values, worded where a person
 * reads it, in their language (the dashboard, main's dialogs, the CLI); its
 * `message` is the English text of the same, for logs. It knows no transport:
 * src/core/ipc/to-ipc-error.ts turns it into an IPC error and
 * src/cli/failure.ts into an exit code. Anything that is not a DomainError is
 * a bug and is shown only in generic words (its message could carry a path or
 * a header).
 */
export abstract class DomainError extends Error {
  readonly key: MessageKey;
  readonly values: MessageArgs;

  constructor(text: Message, options?: ErrorOptions) {
    super(englishText(text), options);
    this.key = text.key;
    this.values = text.values ?? {};
  }

  /** The key and values as one message, to word or to put inside another. */
  get text(): Message {
    return msg(this.key, Object.keys(this.values).length === 0 ? undefined : this.values);
  }
}

/** What a bug is called where a person reads it. */
export const UNEXPECTED_ERROR: Message = msg('errors:unexpected');

/** The words a person may see for `err`: its own when it is a DomainError, generic words otherwise. */
export function userText(err: unknown): Message {
  return err instanceof DomainError ? err.text : UNEXPECTED_ERROR;
}

/** The same in English (logs, and the texts still stored in English). */
export function userMessage(err: unknown): string {
  return englishText(userText(err));
}

/**
 * A broken promise of the code itself (a state that cannot happen, a wrong
 * argument from another module): never shown to a person (they read
 * UNEXPECTED_ERROR); its message is a code and facts for the log.
 */
export class InvariantError extends Error {
  override readonly name = 'InvariantError';
  readonly code: string;

  constructor(code: string, facts?: Readonly<Record<string, string | number | boolean | null>>) {
    super(facts === undefined ? code : `${code} ${JSON.stringify(facts)}`);
    this.code = code;
  }
}
