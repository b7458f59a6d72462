import type { z } from 'zod';
import {
  AuthenticationError,
  ForbiddenError,
  InvalidInputError,
  MalformedResponseError,
  NotFoundError,
  RejectedError,
  ServerError,
} from './errors.ts';
import { cleanServerMessage } from '../base/http/server-text.ts';
import type { ApiError, ApiErrorInit } from './errors.ts';
import type { EndpointName } from './endpoints.ts';
import { DuplicateKeyError, duplicateKeyProblem, parseJsonBody } from '../base/http/json-number.ts';
import { replyIssue } from '../base/http/reply-problem.ts';
import { msg, type Message } from '../../shared/i18n/message.ts';
import { envelopeSchema } from './schemas.ts';
import { readData } from './plain-readers.ts';
import type { Envelope } from './schemas.ts';
import type { Reply } from './types.ts';

export type Interpreted<T> =
  | { ok: true; reply: Reply<T> }
  | { ok: false; error: ApiError; /** The envelope's time (UNIX seconds), when the body had one. */ serverTime?: number };

export interface ResponseContext {
  endpoint: EndpointName;
  /** A paid call: its failures after the request left have an unknown outcome. */
  paid: boolean;
  /** Removes the secret, API key and signature from server-provided text. */
  redact: (text: string) => string;
}


/**
 * The refusals the spec documents (section 7): the service turned the
 * request down before doing anything. Every other status to a paid call
 * (a redirect, 408, 409, 429, 5xx, …) may come from a proxy or a server
 * that did the work: its outcome is unknown.
 */
const DEFINITE_REFUSALS: ReadonlySet<number> = new Set([400, 401, 403, 404]);

function errorForStatus(status: number, init: ApiErrorInit): ApiError {
  if (status === 400) return new InvalidInputError(init);
  if (status === 401) return new AuthenticationError(init);
  if (status === 403) return new ForbiddenError(init);
  if (status === 404) return new NotFoundError(init);
  if (status >= 500) return new ServerError(init);
  return new RejectedError(init);
}

/**
 * The common envelope read without zod (every call reads one: this is most of
 * the client's own cost per call): a plain object with an integer code, a text
 * msg and a time. Anything else goes through envelopeSchema, which says what
 * is wrong in its words.
 */
function plainEnvelope(value: unknown): Envelope | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { code, msg, time, data } = value as Record<string, unknown>;
  if (typeof code !== 'number' || !Number.isSafeInteger(code) || typeof msg !== 'string') return null;
  const timeText = typeof time === 'string' ? time : typeof time === 'number' && Number.isFinite(time) ? String(time) : null;
  if (timeText === null) return null;
  return data === undefined ? { code, msg, time: timeText } : { code, msg, time: timeText, data };
}

function readEnvelope(text: string): { envelope: Envelope; raw: unknown } | { problem: Message } {
  let parsed: { raw: unknown; exact: unknown };
  try {
    parsed = parseJsonBody(text);
  } catch (err) {
    return { problem: err instanceof DuplicateKeyError ? duplicateKeyProblem(err) : msg('errors:reply.notJson') };
  }
  const plain = plainEnvelope(parsed.exact);
  if (plain) return { envelope: plain, raw: parsed.raw };
  const result = envelopeSchema.safeParse(parsed.exact);
  if (!result.success) return { problem: replyIssue(result.error, 'envelope') };
  return { envelope: result.data, raw: parsed.raw };
}

function secondsOf(time: string): number | undefined {
  const seconds = Number(time);
  return Number.isFinite(seconds) ? seconds : undefined;
}

/**
 * Turns one HTTP response into a reply or a typed error. Both the status and
 * the envelope's code must say success (spec section 7). A body with a key
 * twice in one object is malformed (which value was meant cannot be known).
 */
export function interpretResponse<T>(
  status: number,
  text: string,
  schema: z.ZodType<T>,
  ctx: ResponseContext,
): Interpreted<T> {
  const read = readEnvelope(text);
  const base = { endpoint: ctx.endpoint, httpStatus: status };
  const success = status >= 200 && status < 300;

  if (!success) {
    // Outside 2xx the status carries the category; a body that is not an
    // envelope (a proxy's HTML page, say) only costs us the server's msg.
    const envelope = 'envelope' in read ? read.envelope : undefined;
    const serverMessage = envelope ? cleanServerMessage(ctx.redact(envelope.msg)) : undefined;
    const outcomeUnknown = ctx.paid && !DEFINITE_REFUSALS.has(status);
    const error = errorForStatus(status, { ...base, serverMessage, outcomeUnknown });
    const serverTime = envelope ? secondsOf(envelope.time) : undefined;
    return serverTime === undefined ? { ok: false, error } : { ok: false, error, serverTime };
  }

  if ('problem' in read) {
    return { ok: false, error: new MalformedResponseError({ ...base, reason: read.problem, outcomeUnknown: ctx.paid }) };
  }
  const { envelope, raw } = read;
  if (envelope.code === 0) {
    // The documented refusal in a 200 (spec section 7): nothing was done.
    const serverMessage = cleanServerMessage(ctx.redact(envelope.msg));
    return { ok: false, error: new RejectedError({ ...base, serverMessage }) };
  }
  if (envelope.code !== 1) {
    const reason = msg('errors:reply.codeNeither', { code: String(envelope.code) });
    return { ok: false, error: new MalformedResponseError({ ...base, reason, outcomeUnknown: ctx.paid }) };
  }
  const data = readData(schema, envelope.data);
  if (!data.success) {
    const reason = replyIssue(data.error, 'data');
    return { ok: false, error: new MalformedResponseError({ ...base, reason, outcomeUnknown: ctx.paid }) };
  }
  const rawData = (raw as { data?: unknown }).data;
  return { ok: true, reply: { data: data.data, raw: rawData === undefined ? null : rawData } };
}
