import type { MessageArgs, MessageKey } from '../shared/i18n/message.ts';
import type { ErrorCategory } from '../core/api/errors.ts';
import { jsonForTerminal } from '../core/base/http/server-text.ts';
import type { CliError, CliErrorKind } from './cli-error.ts';
import type { ExitCode } from './exit-codes.ts';

/**
 * A failure as the command line reports it. Kept apart from failure.ts (which
 * knows every error class of the core) so that a usage error is reported
 * without loading the core.
 */

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
  exitCode: ExitCode;
  /** error.kind of the --json object. */
  kind: FailureKind;
  /** One line for stderr. */
  message: string;
  /** The service's HTTP status, when there was one. */
  httpStatus: number | null;
  /** Set only for unexpected errors (bugs), where a stack helps more than it harms. */
  stack?: string;
  /** A domain error's catalogue key and values (shared/i18n/message.ts): --json carries them beside the words. */
  key?: MessageKey;
  values?: MessageArgs;
}

export const oneLine = (text: string): string => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/** A failure the CLI worded itself, already in the chosen language. */
export const cliFailure = (err: CliError): Failure => ({
  exitCode: err.exitCode,
  kind: err.kind,
  message: oneLine(err.message),
  httpStatus: null,
});

/** stderr text of a failure: one plain line, or with --json exactly one JSON object. */
export function failureText(failure: Failure, json: boolean): string {
  if (json) {
    const { kind, message, httpStatus: status, key, values } = failure;
    return `${jsonForTerminal({ error: { kind, message, status, ...(key === undefined ? {} : { key, values }) } })}\n`;
  }
  return `${failure.message}\n${failure.stack === undefined ? '' : `${failure.stack}\n`}`;
}
