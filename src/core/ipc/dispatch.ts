import type { z } from 'zod';
import { msg, type Message, type MessageKey } from '../../shared/i18n/message.ts';
import type { IpcResult, Method } from '../../shared/ipc.ts';
import type { HandlerTable } from './handler-table.ts';
import { requestSchemas } from './request-schemas.ts';
import { ipcError, toIpcError } from './to-ipc-error.ts';

/** What a field is called in "… is too long". */
const FIELD_WORDS: Readonly<Record<string, MessageKey>> = {
  address: 'errors:request.field.address',
  count: 'errors:request.field.count',
  period: 'errors:request.field.period',
  name: 'errors:request.field.name',
  label: 'errors:request.field.name',
  capSun: 'errors:request.field.cap',
  baseUrl: 'errors:request.field.baseUrl',
  apiKey: 'errors:request.field.apiKey',
  apiSecret: 'errors:request.field.apiSecret',
  url: 'errors:request.field.url',
  nodeUrl: 'errors:request.field.nodeUrl',
};

/** A request the schema refused, in a person's words: a check's own message where it has one, else which field and how. */
function requestProblem(issue: z.core.$ZodIssue | undefined): Message {
  const own = (issue as { params?: { text?: Message } } | undefined)?.params?.text;
  if (own !== undefined) return own;
  const field = String(issue?.path.findLast((p) => typeof p === 'string') ?? '');
  const subject = msg(Object.hasOwn(FIELD_WORDS, field) ? FIELD_WORDS[field]! : 'errors:request.field.any');
  if (issue?.code === 'too_big') return msg('errors:request.tooLong', { subject });
  if (issue?.code === 'too_small') return msg('errors:request.tooSmall', { subject });
  return msg('errors:request.invalid', { subject });
}

function isMethod(name: unknown): name is Method {
  return typeof name === 'string' && Object.hasOwn(requestSchemas, name);
}

/**
 * The single entry point for every IPC call, shared by Electron's ipcMain
 * registration and the e2e bridge. It never throws: untrusted input becomes an
 * `invalid_input` result before any handler (and so the API client) is reached.
 */
export async function dispatch(
  table: HandlerTable,
  method: unknown,
  rawRequest: unknown,
): Promise<IpcResult<unknown>> {
  if (!isMethod(method)) return { ok: false, error: ipcError('unknown_method', msg('errors:request.unknownMethod')) };
  const parsed = requestSchemas[method].safeParse(rawRequest);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first && first.path.length > 0 ? ` (${first.path.join('.')})` : '';
    // The developer's words go to the log (message); a person reads which field and what is wrong (key and values).
    const message = `Invalid request for ${method}${where}: ${first?.message ?? 'malformed'}`;
    const error = { ...ipcError('invalid_input', requestProblem(first)), message };
    return { ok: false, error };
  }
  try {
    const handler = table[method] as (request: unknown) => Promise<unknown>;
    const value = await handler(parsed.data);
    return { ok: true, value };
  } catch (err) {
    return { ok: false, error: toIpcError(err) };
  }
}
