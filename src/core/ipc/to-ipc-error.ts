import type { IpcError, IpcErrorCode } from '../../shared/ipc.ts';
import { ApiError, type ErrorCategory } from '../api/errors.ts';
import { AppError, type AppErrorKind } from '../app/app-error.ts';
import { DomainError, UNEXPECTED_ERROR } from '../base/domain-error.ts';
import { englishText } from '../../shared/i18n/english-message.ts';
import type { Message } from '../../shared/i18n/message.ts';
import { NewerSchemaError } from '../base/sqlite-file.ts';
import { ChainError } from '../chain/errors.ts';
import { InvalidAccountInputError } from '../credentials/account-input.ts';
import { KeychainError } from '../credentials/credential-store.ts';
import { JournalReadError, JournalWriteError } from '../orders/journal-errors.ts';
import { InvalidOrderIntentError } from '../orders/paid-request.ts';
import { SpendLimitError } from '../orders/spend-limit.ts';
import { InvalidBaseUrlError } from '../settings/base-url.ts';
import { ProfileLockedError } from '../settings/profile-lock.ts';
import { InvalidSettingsError, SettingsStorageError } from '../settings/settings-store.ts';

const API_CODES: Record<ErrorCategory, IpcErrorCode> = {
  invalid_input: 'invalid_input',
  authentication: 'authentication',
  forbidden: 'insufficient_balance',
  not_found: 'not_found',
  server: 'server',
  network: 'network',
  malformed_response: 'malformed_response',
  rejected: 'rejected',
  clock: 'clock',
};

const APP_CODES: Record<AppErrorKind, IpcErrorCode> = {
  not_connected: 'invalid_input',
  invalid_request: 'invalid_input',
  not_found: 'not_found',
  refused: 'rejected',
  failed: 'rejected',
  outcome_unknown: 'outcome_unknown',
  no_balance: 'internal',
  not_approved: 'not_approved',
  export_failed: 'storage',
};

function codeOf(err: DomainError): IpcErrorCode {
  if (err instanceof ApiError) return err.outcomeUnknown ? 'outcome_unknown' : API_CODES[err.category];
  if (err instanceof AppError) return APP_CODES[err.kind];
  if (err instanceof KeychainError) return 'keychain';
  // The TRON node's failures have their own code: the dashboard must not call them the service's.
  if (err instanceof ChainError) return err.kind === 'invalid-input' ? 'invalid_input' : 'node';
  if (err instanceof SpendLimitError) return 'spending_limit';
  // Another process (the daemon, a second app) runs this profile: nothing was opened.
  if (err instanceof ProfileLockedError) return 'rejected';
  if (
    err instanceof JournalWriteError ||
    err instanceof JournalReadError ||
    err instanceof NewerSchemaError ||
    err instanceof SettingsStorageError
  )
    return 'storage';
  if (
    err instanceof InvalidAccountInputError ||
    err instanceof InvalidBaseUrlError ||
    err instanceof InvalidSettingsError ||
    err instanceof InvalidOrderIntentError
  ) {
    return 'invalid_input';
  }
  return 'internal';
}

/** An IPC error of `code` saying `text` (the dashboard words it; `message` is its English, for logs). */
export function ipcError(code: IpcErrorCode, text: Message): IpcError {
  return { code, message: englishText(text), key: text.key, values: text.values ?? {} };
}

/**
 * The one place where domain errors become IPC errors (the CLI's counterpart
 * is src/cli/failure.ts). Anything that is not a DomainError becomes a generic
 * `internal` error, so that no unexpected message (which could carry a path or
 * a header) crosses to the renderer.
 */
export function toIpcError(err: unknown): IpcError {
  if (err instanceof DomainError) return { code: codeOf(err), message: err.message, key: err.key, values: err.values };
  return ipcError('internal', UNEXPECTED_ERROR);
}
