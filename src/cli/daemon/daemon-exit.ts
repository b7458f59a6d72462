import { CliError, type CliErrorKind } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';

/**
 * The daemon's exit codes, one per thing to fix, so that a service manager or
 * a cron wrapper can tell them apart (and systemd's RestartPreventExitStatus
 * can list the ones a restart cannot fix). 0 is a clean stop (SIGTERM,
 * SIGINT, or --once with every answer in), 1 a bug, 2 a wrong command line.
 * The numbers are in the one table of exit codes (exit-codes.ts).
 */
export const DAEMON_EXIT = {
  noProfile: EXIT.noProfile,
  noCredentials: EXIT.noCredentials,
  keychain: EXIT.keychain,
  baseUrl: EXIT.baseUrl,
  noWallets: EXIT.noWallets,
  profileLocked: EXIT.profileLocked,
  roundIncomplete: EXIT.roundIncomplete,
  badConfig: EXIT.badConfig,
} as const;

const KINDS: Record<keyof typeof DAEMON_EXIT, CliErrorKind> = {
  noProfile: 'profile',
  noCredentials: 'credentials',
  keychain: 'keychain',
  baseUrl: 'base_url',
  noWallets: 'no_wallets',
  profileLocked: 'profile_locked',
  roundIncomplete: 'round_incomplete',
  badConfig: 'config',
};

/** One line on stderr and the exit code of `what`. */
export function daemonError(what: keyof typeof DAEMON_EXIT, message: string): CliError {
  return new CliError(message, DAEMON_EXIT[what], KINDS[what]);
}
