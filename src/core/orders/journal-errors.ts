import { DomainError } from '../base/domain-error.ts';
import { storageReason as reasonOf } from '../base/sqlite-file.ts';
import type { OrderState } from './order-types.ts';

/** The journal could not be saved (a full disk: SQLITE_FULL). Before a paid request this means: nothing was sent. */
export class JournalWriteError extends DomainError {
  override readonly name = 'JournalWriteError';
  readonly path: string;

  constructor(path: string, cause: unknown) {
    super(`Could not save the order journal (${reasonOf(cause)}): ${path}`, { cause });
    this.path = path;
  }
}

/**
 * An orders.json of an earlier version exists but cannot be read or moved
 * aside. Opening fails rather than starting without it.
 */
export class JournalReadError extends DomainError {
  override readonly name = 'JournalReadError';

  constructor(message: string, cause: unknown) {
    super(`${message} (${reasonOf(cause)})`, { cause });
  }
}

/** A programming error: states only move forward. */
export class OrderTransitionError extends Error {
  override readonly name = 'OrderTransitionError';

  constructor(localId: string, from: OrderState, to: OrderState) {
    super(`Order ${localId} cannot move from ${from} to ${to}`);
  }
}

export class UnknownOrderError extends Error {
  override readonly name = 'UnknownOrderError';

  constructor(localId: string) {
    super(`No order ${localId} in the journal`);
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
