import { ApiError, type ErrorCategory } from '../core/api/errors.ts';
import { InvalidAccountInputError } from '../core/credentials/account-input.ts';
import { KeychainError } from '../core/credentials/credential-store.ts';
import { InvalidBaseUrlError } from '../core/settings/base-url.ts';
import { InvalidSettingsError, SettingsStorageError } from '../core/settings/settings-store.ts';
import { CliError } from './cli-error.ts';
import { cliKeychainMessage } from './keychain-message.ts';

export interface Failure {
  exitCode: number;
  /** One line for stderr. */
  message: string;
  /** Set only for unexpected errors (bugs), where a stack helps more than it harms. */
  stack?: string;
}

/** The service's error categories as exit codes (0 is success and never an error). */
const API_EXIT_CODES: Record<ErrorCategory, number> = {
  invalid_input: 2,
  authentication: 3,
  forbidden: 4,
  not_found: 5,
  server: 6,
  network: 6,
  malformed_response: 6,
  rejected: 1,
};

const oneLine = (text: string): string => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/**
 * The one place where errors become exit codes (the IPC counterpart is
 * src/core/ipc/to-ipc-error.ts). Exit codes: 0 success; 2 invalid input or
 * usage; 3 authentication or missing credentials; 4 forbidden/insufficient;
 * 5 not found; 6 server, timeout, network or malformed reply; 1 anything else.
 */
export function toFailure(err: unknown): Failure {
  if (err instanceof ApiError) return { exitCode: API_EXIT_CODES[err.category], message: oneLine(err.message) };
  if (err instanceof CliError) return { exitCode: err.exitCode, message: oneLine(err.message) };
  if (err instanceof InvalidAccountInputError || err instanceof InvalidBaseUrlError || err instanceof InvalidSettingsError) {
    return { exitCode: 2, message: oneLine(err.message) };
  }
  if (err instanceof KeychainError) return { exitCode: 1, message: oneLine(cliKeychainMessage(err)) };
  if (err instanceof SettingsStorageError) return { exitCode: 1, message: oneLine(err.message) };
  const stack = err instanceof Error ? (err.stack ?? err.message) : String(err);
  return { exitCode: 1, message: 'Unexpected error (a bug in Energy Tray):', stack };
}

export const exitCodeOf = (err: unknown): number => toFailure(err).exitCode;
