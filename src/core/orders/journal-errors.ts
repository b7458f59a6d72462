import { DomainError } from '../base/domain-error.ts';
import type { OrderState } from './order-types.ts';

const reasonOf = (cause: unknown): string => {
  const code = (cause as { code?: unknown } | null)?.code;
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'the file system is read-only';
  return typeof code === 'string' ? code : 'an I/O error';
};

/** The journal could not be saved. Before a paid request this means: nothing was sent. */
export class JournalWriteError extends DomainError {
  override readonly name = 'JournalWriteError';
  readonly path: string;

  constructor(path: string, cause: unknown) {
    super(`Could not save the order journal (${reasonOf(cause)}): ${path}`, { cause });
    this.path = path;
  }
}

/**
 * The journal file exists but cannot be read or moved aside. Opening fails
 * rather than starting empty, which would later overwrite tracked orders.
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
