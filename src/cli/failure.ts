import { ApiError } from '../core/api/errors.ts';
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

const oneLine = (text: string): string => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/**
 * Exit codes: 0 success; 2 invalid input or usage; 3 authentication or
 * missing credentials; 4 forbidden/insufficient; 5 not found; 6 server,
 * timeout, network or malformed reply; 1 anything else (ApiError.exitCode
 * carries the service categories).
 */
export function toFailure(err: unknown): Failure {
  if (err instanceof ApiError || err instanceof CliError) return { exitCode: err.exitCode, message: oneLine(err.message) };
  if (err instanceof InvalidAccountInputError || err instanceof InvalidBaseUrlError || err instanceof InvalidSettingsError) {
    return { exitCode: 2, message: oneLine(err.message) };
  }
  if (err instanceof KeychainError) return { exitCode: 1, message: oneLine(cliKeychainMessage(err)) };
  if (err instanceof SettingsStorageError) return { exitCode: 1, message: oneLine(err.message) };
  const stack = err instanceof Error ? (err.stack ?? err.message) : String(err);
  return { exitCode: 1, message: 'Unexpected error (a bug in Energy Tray):', stack };
}
