import type { Message } from '../../shared/i18n/message.ts';
import { userText } from '../base/domain-error.ts';
/**
 * What the order code needs to know about a failed API call, read structurally
 * from the typed ApiError (src/core/api/errors.ts: `category`, `outcomeUnknown`)
 * so that this module does not depend on the client's classes.
 */
export interface ErrorFacts {
  /** The ApiError category, or undefined for anything that is not an ApiError. */
  category: string | undefined;
  /**
   * True when the request may have reached the service and its effect is not
   * known. Anything that is not an ApiError counts as unknown: it may have
   * been thrown after the request left.
   */
  outcomeUnknown: boolean;
  /** In English: the log, and the order's stored error. */
  message: string;
  /** The same as a catalogue key and values (generic words for anything that is not a DomainError). */
  text: Message;
}

export function errorFacts(err: unknown): ErrorFacts {
  const fields =
    typeof err === 'object' && err !== null ? (err as { category?: unknown; outcomeUnknown?: unknown; message?: unknown }) : {};
  const category = typeof fields.category === 'string' ? fields.category : undefined;
  const message = typeof fields.message === 'string' && fields.message !== '' ? fields.message : String(err);
  const outcomeUnknown = category === undefined ? true : fields.outcomeUnknown === true;
  return { category, outcomeUnknown, message, text: userText(err) };
}

export const errorCategory = (err: unknown): string | undefined => errorFacts(err).category;

export const isAuthenticationError = (err: unknown): boolean => errorCategory(err) === 'authentication';
