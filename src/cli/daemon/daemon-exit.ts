import { CliError, type CliErrorKind } from '../cli-error.ts';

/**
 * The daemon's exit codes, one per thing to fix, so that a service manager or
 * a cron wrapper can tell them apart (and systemd's RestartPreventExitStatus
 * can list the ones a restart cannot fix). 0 is a clean stop (SIGTERM,
 * SIGINT, or --once with every answer in), 1 a bug, 2 a wrong command line.
 */
export const DAEMON_EXIT = {
  noProfile: 10,
  noCredentials: 11,
  keychain: 12,
  baseUrl: 13,
  noWallets: 14,
  profileLocked: 15,
  roundIncomplete: 16,
} as const;

const KINDS: Record<keyof typeof DAEMON_EXIT, CliErrorKind> = {
  noProfile: 'profile',
  noCredentials: 'credentials',
  keychain: 'keychain',
  baseUrl: 'base_url',
  noWallets: 'no_wallets',
  profileLocked: 'profile_locked',
  roundIncomplete: 'round_incomplete',
};

/** One line on stderr and the exit code of `what`. */
export function daemonError(what: keyof typeof DAEMON_EXIT, message: string): CliError {
  return new CliError(message, DAEMON_EXIT[what], KINDS[what]);
}
