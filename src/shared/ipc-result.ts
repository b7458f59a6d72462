import type { MessageArgs, MessageKey } from './i18n/message.ts';

/** What an IPC call answers: its value, or an error the dashboard words in its language. */

export type IpcErrorCode =
  | 'invalid_input'
  | 'forbidden_sender'
  | 'unknown_method'
  | 'authentication'
  | 'insufficient_balance'
  | 'not_found'
  | 'server'
  | 'network'
  | 'malformed_response'
  | 'rejected'
  | 'outcome_unknown'
  /** A main-drawn approval was declined (or could not be shown): nothing was sent or changed. */
  | 'not_approved'
  /** The daily spending limit would be exceeded: nothing was sent. */
  | 'spending_limit'
  /** This computer's clock is too far from the service's: nothing was done. */
  | 'clock'
  | 'keychain'
  | 'storage'
  | 'node'
  | 'internal';

/**
 * `code` is the kind the dashboard acts on (and titles); `key` and `values`
 * are what happened as a message of the catalogues (shared/i18n/message.ts),
 * which the dashboard words in its language; `message` is the same in
 * English, for logs and developers.
 */
export interface IpcError {
  code: IpcErrorCode;
  message: string;
  key: MessageKey;
  values: MessageArgs;
}

/** Handlers never throw across IPC (Electron would keep only the message); they return this. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };
