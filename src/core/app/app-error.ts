import { msg, type Message } from '../../shared/i18n/message.ts';
import { DomainError } from '../base/domain-error.ts';

/**
 * not_connected: no account or demo is open;
 * invalid_request: the request breaks one of the app's rules (a reorder that drops a preset, a reclaim of an
 *   order that cannot be reclaimed);
 * not_found: the order or preset named does not exist (any more);
 * refused: the app declined (over a preset's cap, not enough balance, already buying, the account changed meanwhile);
 * failed / outcome_unknown: a paid call ended so, and no error of the call is left to show;
 * no_balance: a balance was expected and none is known (a bug if it ever shows);
 * not_approved: the person declined a main-drawn approval (or it could not be shown): nothing was sent or changed;
 * export_failed: the file chosen for an export could not be written.
 */
export type AppErrorKind =
  | 'not_connected'
  | 'invalid_request'
  | 'not_found'
  | 'refused'
  | 'failed'
  | 'outcome_unknown'
  | 'no_balance'
  | 'not_approved'
  | 'export_failed';

/** An error of the app's own rules (not the service's): its kind, and what happened as a catalogue key and values. */
export class AppError extends DomainError {
  /** Which of the app's rules refused: core/ipc maps it to an IPC code. */
  readonly kind: AppErrorKind;
  override readonly name = 'AppError';

  constructor(kind: AppErrorKind, text: Message) {
    super(text);
    this.kind = kind;
  }
}

export const notConnected = (): AppError => new AppError('not_connected', msg('errors:app.notConnected'));
