import { EXIT, type ExitCode } from './exit-codes.ts';
import { t } from './i18n.ts';
import { commandLine } from './program.ts';

/**
 * What a --json failure reports as error.kind, besides the service error
 * categories (ApiError.category) and 'outcome_unknown'.
 */
export type CliErrorKind =
  | 'usage'
  | 'base_url'
  | 'credentials'
  | 'cancelled'
  | 'still_running'
  | 'order_failed'
  // The daemon's misconfigurations (src/cli/daemon/daemon-exit.ts).
  | 'profile'
  | 'keychain'
  | 'no_wallets'
  | 'profile_locked'
  | 'round_incomplete'
  // The daemon's --config file (src/cli/daemon/config-file.ts).
  | 'config';

/**
 * A failure the CLI itself detects (usage, missing credentials, a failed
 * watch): printed as one line on stderr, never with a stack trace.
 */
export class CliError extends Error {
  readonly exitCode: ExitCode;
  readonly kind: CliErrorKind;

  constructor(message: string, exitCode: ExitCode, kind: CliErrorKind) {
    super(message);
    // eslint-disable-next-line no-restricted-syntax -- the class's name, not words for people
    this.name = 'CliError';
    this.exitCode = exitCode;
    this.kind = kind;
  }
}

export const loginHint = (): string => commandLine('login');

/** Exit 2: the command line itself is wrong; nothing was sent. Points at the command's own help when known. */
export function usageError(message: string, command?: string): CliError {
  const help = commandLine(command === undefined ? 'help' : `help ${command}`);
  return new CliError(t('errors.seeHelp', { message, help }), EXIT.usage, 'usage');
}
