import type { IpcError, IpcResult, Method } from '../../shared/ipc.ts';
import type { HandlerTable } from './handler-table.ts';
import { requestSchemas } from './request-schemas.ts';
import { toIpcError } from './to-ipc-error.ts';

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
  if (!isMethod(method)) {
    return { ok: false, error: { code: 'unknown_method', message: 'Unknown method.' } };
  }
  const parsed = requestSchemas[method].safeParse(rawRequest);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first && first.path.length > 0 ? ` (${first.path.join('.')})` : '';
    const error: IpcError = {
      code: 'invalid_input',
      message: `Invalid request for ${method}${where}: ${first?.message ?? 'malformed'}`,
    };
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
