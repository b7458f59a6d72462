import { msg, type Message } from '../../shared/i18n/message.ts';
import { DomainError } from '../base/domain-error.ts';
import { storageReason as reasonOf } from '../base/sqlite-file.ts';
import type { OrderState } from './order-types.ts';

/** The journal could not be saved (a full disk: SQLITE_FULL). Before a paid request this means: nothing was sent. */
export class JournalWriteError extends DomainError {
  override readonly name = 'JournalWriteError';
  readonly path: string;

  constructor(path: string, cause: unknown) {
    super(msg('errors:journal.saveFailed', { reason: reasonOf(cause), path }), { cause });
    this.path = path;
  }
}

/**
 * An orders.json of an earlier version exists but cannot be read or moved
 * aside. Opening fails rather than starting without it.
 */
export class JournalReadError extends DomainError {
  override readonly name = 'JournalReadError';

  constructor(text: Message, cause: unknown) {
    super(msg('errors:journal.withReason', { text, reason: reasonOf(cause) }), { cause });
  }
}

/** A programming error: states only move forward. */
export class OrderTransitionError extends Error {
  override readonly name = 'OrderTransitionError';

  constructor(localId: string, from: OrderState, to: OrderState) {
    super(`order-transition ${JSON.stringify({ localId, from, to })}`);
  }
}

export class UnknownOrderError extends Error {
  override readonly name = 'UnknownOrderError';

  constructor(localId: string) {
    super(`unknown-order ${localId}`);
  }
}

/** What a check run inside the journal's write transaction threw (carried out of it, then rethrown as it was). */
export class CheckRefusal {
  readonly err: unknown;

  constructor(err: unknown) {
    this.err = err;
  }
}

/** Runs `check`, turning what it throws into a CheckRefusal (not a storage failure). */
export function runCheck(check: (() => void) | undefined): void {
  try {
    check?.();
  } catch (err) {
    throw new CheckRefusal(err);
  }
}
