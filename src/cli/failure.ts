import { ApiError, type ErrorCategory } from '../core/api/errors.ts';
import { jsonForTerminal } from '../core/base/http/server-text.ts';
import { ChainError, type ChainErrorKind } from '../core/chain/errors.ts';
import { InvalidAccountInputError } from '../core/credentials/account-input.ts';
import { NewerSchemaError } from '../core/base/sqlite-file.ts';
import { KeychainError } from '../core/credentials/credential-store.ts';
import { JournalReadError, JournalWriteError } from '../core/orders/journal-errors.ts';
import { SpendLimitError } from '../core/orders/spend-limit.ts';
import { InvalidBaseUrlError } from '../core/settings/base-url.ts';
import { InvalidSettingsError, SettingsStorageError } from '../core/settings/settings-store.ts';
import { CliError } from './cli-error.ts';
import type { CliErrorKind } from './cli-error.ts';
import { cliKeychainMessage } from './keychain-message.ts';
import { t } from './i18n.ts';
import type { KeyOf } from '../shared/i18n/catalogue.ts';

export type FailureKind =
  | ErrorCategory
  | CliErrorKind
  | 'outcome_unknown'
  | 'keychain'
  | 'settings'
  | 'storage'
  | 'rate_limited'
  | 'spending_limit'
  | 'internal';

export interface Failure {
  exitCode: number;
  /** error.kind of the --json object. */
  kind: FailureKind;
  /** One line for stderr. */
  message: string;
  /** The service's HTTP status, when there was one. */
  httpStatus: number | null;
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
  clock: 3,
};

/**
 * The TRON node's failures, by the service's rules: 2 invalid input (nothing
 * sent), 3 the provider refused the key, 5 not found, 6 unreachable, 5xx,
 * rate limited or an unreadable reply, 1 a refusal or a reverted dry run.
 */
const CHAIN_FAILURES: Record<ChainErrorKind, { exitCode: number; kind: FailureKind }> = {
  'invalid-input': { exitCode: 2, kind: 'invalid_input' },
  unreachable: { exitCode: 6, kind: 'network' },
  cancelled: { exitCode: 1, kind: 'cancelled' },
  'rate-limited': { exitCode: 6, kind: 'rate_limited' },
  forbidden: { exitCode: 3, kind: 'authentication' },
  'not-found': { exitCode: 5, kind: 'not_found' },
  server: { exitCode: 6, kind: 'server' },
  rejected: { exitCode: 1, kind: 'rejected' },
  reverted: { exitCode: 1, kind: 'rejected' },
  malformed: { exitCode: 6, kind: 'malformed_response' },
};

const oneLine = (text: string): string => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/**
 * The words the core wrote (ApiError, ChainError, the stores: English, with
 * the facts in them) behind a sentence in the chosen language that says what
 * kind of failure it is; in English the core's words alone.
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
};
const isCliKind = (kind: FailureKind): kind is CliErrorKind => Object.hasOwn(CLI_KINDS, kind);

function known(exitCode: number, kind: FailureKind, message: string, httpStatus: number | null = null): Failure {
  const text = isCliKind(kind) ? message : t(CORE_LEAD[kind], { detail: oneLine(message) });
  return { exitCode, kind, message: oneLine(text), httpStatus };
}

/**
 * The one place where errors become exit codes (the IPC counterpart is
 * src/core/ipc/to-ipc-error.ts). Exit codes: 0 success; 2 invalid input or
 * usage; 3 authentication or missing credentials; 4 forbidden/insufficient;
 * 5 not found; 6 server, timeout, network or malformed reply, or a watch still
 * running; 1 anything else.
 */
export function toFailure(err: unknown): Failure {
  if (err instanceof ApiError) {
    // A paid request that may have been carried out: scripts must not simply retry it.
    const kind = err.outcomeUnknown ? 'outcome_unknown' : err.category;
    return known(API_EXIT_CODES[err.category], kind, err.message, err.httpStatus ?? null);
  }
  if (err instanceof CliError) return known(err.exitCode, err.kind, err.message);
  if (err instanceof ChainError) {
    const { exitCode, kind } = CHAIN_FAILURES[err.kind];
    return known(exitCode, kind, err.message, err.facts.httpStatus ?? null);
  }
  if (err instanceof InvalidAccountInputError || err instanceof InvalidBaseUrlError || err instanceof InvalidSettingsError) {
    return known(2, 'invalid_input', err.message);
  }
  if (err instanceof KeychainError) return known(1, 'keychain', cliKeychainMessage(err));
  if (err instanceof SpendLimitError) return known(4, 'spending_limit', err.message);
  if (err instanceof SettingsStorageError) return known(1, 'settings', err.message);
  // The order store: a paid request whose intent could not be journaled was not sent.
  if (err instanceof JournalWriteError) return known(1, 'storage', t('failure.nothingSent', { detail: err.message }));
  if (err instanceof JournalReadError || err instanceof NewerSchemaError) return known(1, 'storage', err.message);
  const stack = err instanceof Error ? (err.stack ?? err.message) : String(err);
  const detail = err instanceof Error ? ` ${oneLine(err.message)}` : '';
  return { exitCode: 1, kind: 'internal', message: t('failure.unexpected', { detail }), httpStatus: null, stack };
}

/** stderr text of a failure: one plain line, or with --json exactly one JSON object. */
export function failureText(failure: Failure, json: boolean): string {
  if (json) return `${jsonForTerminal({ error: { kind: failure.kind, message: failure.message, status: failure.httpStatus } })}\n`;
  return `${failure.message}\n${failure.stack === undefined ? '' : `${failure.stack}\n`}`;
}

export const exitCodeOf = (err: unknown): number => toFailure(err).exitCode;
