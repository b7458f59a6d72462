import type { KeyOf } from '../shared/i18n/catalogue.ts';

/**
 * Every exit code the command line and the daemon end with, in one table:
 * CliError, the failure mapping (failure.ts) and the daemon (daemon-exit.ts)
 * take their codes from here, the type ExitCode lets no other number through,
 * and `help`, docs/cli.md and test/cli/exit-code-table.test.ts read this list.
 * The daemon's codes start at 10 so that a service manager can tell each
 * misconfiguration apart (systemd's RestartPreventExitStatus lists the ones a
 * restart cannot fix).
 */
export const EXIT = {
  success: 0,
  failure: 1,
  usage: 2,
  authentication: 3,
  forbidden: 4,
  notFound: 5,
  unavailable: 6,
  noProfile: 10,
  noCredentials: 11,
  keychain: 12,
  baseUrl: 13,
  noWallets: 14,
  profileLocked: 15,
  roundIncomplete: 16,
  badConfig: 17,
  interrupted: 130,
} as const;

export type ExitName = keyof typeof EXIT;
export type ExitCode = (typeof EXIT)[ExitName];

/** What each code means, for `help` (a key of the cli catalogue per code). */
export const EXIT_MEANINGS: Readonly<Record<ExitName, KeyOf<'cli'>>> = {
  success: 'exitCodes.success',
  failure: 'exitCodes.failure',
  usage: 'exitCodes.usage',
  authentication: 'exitCodes.authentication',
  forbidden: 'exitCodes.forbidden',
  notFound: 'exitCodes.notFound',
  unavailable: 'exitCodes.unavailable',
  noProfile: 'exitCodes.noProfile',
  noCredentials: 'exitCodes.noCredentials',
  keychain: 'exitCodes.keychain',
  baseUrl: 'exitCodes.baseUrl',
  noWallets: 'exitCodes.noWallets',
  profileLocked: 'exitCodes.profileLocked',
  roundIncomplete: 'exitCodes.roundIncomplete',
  badConfig: 'exitCodes.badConfig',
  interrupted: 'exitCodes.interrupted',
};

/** The table's codes in ascending order, each with its name. */
export const EXIT_TABLE: ReadonlyArray<{ readonly name: ExitName; readonly code: ExitCode }> = (Object.keys(EXIT) as ExitName[])
  .map((name) => ({ name, code: EXIT[name] }))
  .sort((a, b) => a.code - b.code);
