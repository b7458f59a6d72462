import { ApiError, type ErrorCategory } from '../core/api/errors.ts';
import { AppError } from '../core/app/app-error.ts';
import { ChainError, type ChainErrorKind } from '../core/chain/errors.ts';
import { InvalidAccountInputError } from '../core/credentials/account-input.ts';
import { NewerSchemaError } from '../core/base/sqlite-file.ts';
import { KeychainError } from '../core/credentials/credential-store.ts';
import { JournalReadError, JournalWriteError } from '../core/orders/journal-errors.ts';
import { SpendLimitError } from '../core/orders/spend-limit.ts';
import { InvalidBaseUrlError } from '../core/settings/base-url.ts';
import { InvalidSettingsError, SettingsStorageError } from '../core/settings/settings-store.ts';
import type { DomainError } from '../core/base/domain-error.ts';
import { CliError, type CliErrorKind } from './cli-error.ts';
import { EXIT, type ExitCode } from './exit-codes.ts';
import { cliFailure, oneLine, type Failure, type FailureKind } from './failure-text.ts';
import { cliKeychainMessage } from './keychain-message.ts';
import { t, words } from './i18n.ts';
import type { KeyOf } from '../shared/i18n/catalogue.ts';

export type { Failure, FailureKind } from './failure-text.ts';
export { failureText } from './failure-text.ts';

/** The service's error categories as exit codes (0 is success and never an error). */
export const API_EXIT_CODES: Readonly<Record<ErrorCategory, ExitCode>> = {
  invalid_input: EXIT.usage,
  authentication: EXIT.authentication,
  forbidden: EXIT.forbidden,
  not_found: EXIT.notFound,
  server: EXIT.unavailable,
  network: EXIT.unavailable,
  malformed_response: EXIT.unavailable,
  rejected: EXIT.failure,
  clock: EXIT.authentication,
};

/**
 * The TRON node's failures, by the service's rules: 2 invalid input (nothing
 * sent), 3 the provider refused the key, 5 not found, 6 unreachable, 5xx,
 * rate limited or an unreadable reply, 1 a refusal or a reverted dry run.
 */
export const CHAIN_FAILURES: Readonly<Record<ChainErrorKind, { exitCode: ExitCode; kind: FailureKind }>> = {
  'invalid-input': { exitCode: EXIT.usage, kind: 'invalid_input' },
  unreachable: { exitCode: EXIT.unavailable, kind: 'network' },
  cancelled: { exitCode: EXIT.failure, kind: 'cancelled' },
  'rate-limited': { exitCode: EXIT.unavailable, kind: 'rate_limited' },
  forbidden: { exitCode: EXIT.authentication, kind: 'authentication' },
  'not-found': { exitCode: EXIT.notFound, kind: 'not_found' },
  server: { exitCode: EXIT.unavailable, kind: 'server' },
  rejected: { exitCode: EXIT.failure, kind: 'rejected' },
  reverted: { exitCode: EXIT.failure, kind: 'rejected' },
  malformed: { exitCode: EXIT.unavailable, kind: 'malformed_response' },
};

/**
 * A domain error of `kind`: what the core said (its key and values) worded
 * in the chosen language; --json also carries the key and values, so a
 * script can tell failures apart without parsing words. `text` replaces the
 * words where the CLI says more (the keychain's advice, "nothing was sent").
 */
const CORE_LEAD: Readonly<Record<Exclude<FailureKind, CliErrorKind>, KeyOf<'cli'>>> = {
  invalid_input: 'failure.invalidInput',
  authentication: 'failure.authentication',
  forbidden: 'failure.forbidden',
  not_found: 'failure.notFound',
  server: 'failure.server',
  network: 'failure.network',
  malformed_response: 'failure.malformedResponse',
  rejected: 'failure.rejected',
  clock: 'failure.clock',
  outcome_unknown: 'failure.outcomeUnknown',
  settings: 'failure.settings',
  storage: 'failure.storage',
  rate_limited: 'failure.rateLimited',
  spending_limit: 'failure.spendingLimit',
  internal: 'failure.internal',
};

/** The kinds the CLI words itself, already in the chosen language (a kind missing here does not compile). */
const CLI_KINDS: Readonly<Record<CliErrorKind, true>> = {
  usage: true,
  base_url: true,
  credentials: true,
  cancelled: true,
  still_running: true,
  order_failed: true,
  // A KeychainError's advice is the CLI's own (keychain-message.ts); the daemon's misconfigurations are its own lines.
  keychain: true,
  profile: true,
  no_wallets: true,
  profile_locked: true,
  round_incomplete: true,
  config: true,
};
const isCliKind = (kind: FailureKind): kind is CliErrorKind => Object.hasOwn(CLI_KINDS, kind);

/**
 * A domain error of `kind`: the kind's lead ("Not found: …") in front of what
 * the core said, its key and values worded in the chosen language; --json
 * also carries the key and values, so a script can tell failures apart
 * without parsing words. `text` replaces the core's words where the CLI says
 * more (the keychain's advice, "nothing was sent").
 */
function known(exitCode: ExitCode, kind: FailureKind, err: DomainError, httpStatus: number | null = null, text = words(err.text)): Failure {
  const body = oneLine(text);
  const message = isCliKind(kind) ? body : t(CORE_LEAD[kind], { detail: body });
  return { exitCode, kind, message: oneLine(message), httpStatus, key: err.key, values: err.values };
}

/**
 * The one place where errors become exit codes (the IPC counterpart is
 * src/core/ipc/to-ipc-error.ts); the codes and what each means are the table
 * in exit-codes.ts.
 */
export function toFailure(err: unknown): Failure {
  if (err instanceof ApiError) {
    // A paid request that may have been carried out: scripts must not simply retry it.
    const kind = err.outcomeUnknown ? 'outcome_unknown' : err.category;
    return known(API_EXIT_CODES[err.category], kind, err, err.httpStatus ?? null);
  }
  if (err instanceof CliError) return cliFailure(err);
  if (err instanceof ChainError) {
    const { exitCode, kind } = CHAIN_FAILURES[err.kind];
    return known(exitCode, kind, err, err.facts.httpStatus ?? null);
  }
  if (err instanceof InvalidAccountInputError || err instanceof InvalidBaseUrlError || err instanceof InvalidSettingsError) {
    return known(EXIT.usage, 'invalid_input', err);
  }
  if (err instanceof KeychainError) return known(EXIT.failure, 'keychain', err, null, cliKeychainMessage(err));
  if (err instanceof AppError) return appFailure(err);
  if (err instanceof SpendLimitError) return known(EXIT.forbidden, 'spending_limit', err);
  if (err instanceof SettingsStorageError) return known(EXIT.failure, 'settings', err);
  // The order store: a paid request whose intent could not be journaled was not sent.
  if (err instanceof JournalWriteError) {
    return known(EXIT.failure, 'storage', err, null, t('failure.nothingSent', { detail: words(err.text) }));
  }
  if (err instanceof JournalReadError || err instanceof NewerSchemaError) return known(EXIT.failure, 'storage', err);
  const stack = err instanceof Error ? (err.stack ?? err.message) : String(err);
  const detail = err instanceof Error ? ` ${oneLine(err.message)}` : '';
  return { exitCode: EXIT.failure, kind: 'internal', message: t('failure.unexpected', { detail }), httpStatus: null, stack };
}

/** The app's own refusals (the wallet and rule commands run the app's services): what the person can fix, in its words. */
function appFailure(err: AppError): Failure {
  if (err.kind === 'invalid_request') return known(EXIT.usage, 'invalid_input', err);
  if (err.kind === 'not_found') return known(EXIT.notFound, 'not_found', err);
  if (err.kind === 'not_approved') return known(EXIT.failure, 'cancelled', err);
  return known(EXIT.failure, 'rejected', err);
}

export const exitCodeOf = (err: unknown): ExitCode => toFailure(err).exitCode;
