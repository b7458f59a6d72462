import type { z } from 'zod';
import { msg, type Message, type MessageKey, type MessageValue } from '../../../shared/i18n/message.ts';

/**
 * What is wrong with a reply (the service's or a TRON node's), in catalogue
 * words: the schemas' own checks name their problem by a key of the errors
 * catalogue (`problemKey`), and zod's generic issues (English, and about
 * types a person does not need) read "not the documented form".
 */

/** A schema check's message: a key of the errors catalogue (`reply.*`), so the problem reaches people in their language. */
export const problemKey = (key: MessageKey): string => key;

const isReplyKey = (text: string): text is MessageKey => text.startsWith('errors:reply.');

/** A check's message as words: its key, or the generic "not the documented form". */
export function problemOf(text: string | undefined): Message {
  return msg(text !== undefined && isReplyKey(text) ? text : 'errors:reply.unexpectedValue');
}

/** "data.balance: an amount below zero": where the first issue is (below `root`), and what it is. */
export function replyIssue(error: z.ZodError, root: MessageValue, path: readonly PropertyKey[] = error.issues[0]?.path ?? []): Message {
  const inner = path.map(String).join('.');
  const field = typeof root === 'string' ? [root, inner].filter((p) => p !== '').join('.') : inner === '' ? root : inner;
  return msg('errors:reply.field', { field, problem: problemOf(error.issues[0]?.message) });
}

/** " (HTTP 404)", or nothing when no status is known. */
export function statusText(httpStatus: number | undefined): MessageValue {
  return httpStatus === undefined ? '' : msg('errors:httpStatus', { status: String(httpStatus) });
}
