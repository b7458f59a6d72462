import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RingLog } from '../../base/ring-log.ts';
import type { FaultTable } from '../faults.ts';
import type { NodeContext } from './node-context.ts';
import { nodeJson } from './node-json.ts';
import { NodeRequestError, parseExactJson, readNodeRequest } from './node-request.ts';
import { NODE_ROUTES } from './node-routes.ts';

/** The HTTP side of the node simulator: records, faults, routing, java-tron's error bodies. */

export type NodeFault =
  /** An HTTP status with java-tron's {"Error": message} body. */
  | { kind: 'status'; status: number; message?: string }
  /** 429 or 503 with an optional Retry-After header (seconds or an HTTP date). */
  | { kind: 'rate-limit'; status?: 429 | 503; retryAfter?: string }
  | { kind: 'hang' }
  | { kind: 'reset' }
  /** Truncated JSON. */
  | { kind: 'malformed' }
  /** Valid JSON of the wrong shape. */
  | { kind: 'bad-shape' }
  /** HTTP 200 with java-tron's {"Error": …}. */
  | { kind: 'node-error'; message?: string };

export interface NodeRequestRecord {
  method: string;
  path: string;
  /** The JSON body (a GET's query parameters); the provider key is a header and is not recorded. */
  body: unknown;
  /** Whether TRON-PRO-API-KEY was absent, matched `apiKey`, or did not. */
  key: 'absent' | 'valid' | 'invalid';
  at: number;
  /** 0 while unanswered and for hang or reset faults. */
  status: number;
}

export interface NodeServerDeps {
  readonly now: () => number;
  readonly apiKey: string | undefined;
  readonly faults: FaultTable<NodeFault>;
  readonly log: RingLog<NodeRequestRecord>;
  readonly counts: Map<string, number>;
  /** Settles the chain to now and gives the endpoints' view of it. */
  readonly context: () => NodeContext;
}

function sendText(
  res: ServerResponse,
  record: NodeRequestRecord,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  record.status = status;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(body);
}

function sendFault(req: IncomingMessage, res: ServerResponse, record: NodeRequestRecord, fault: NodeFault): void {
  switch (fault.kind) {
    case 'status':
      return sendText(res, record, fault.status, nodeJson({ Error: fault.message ?? `simulated error ${fault.status}` }));
    case 'rate-limit': {
      const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
      return sendText(res, record, fault.status ?? 429, nodeJson({ Error: 'simulated rate limit' }), headers);
    }
    case 'malformed':
      return sendText(res, record, 200, '{"EnergyLimit": 1');
    case 'bad-shape':
      return sendText(res, record, 200, '[{"EnergyLimit":"lots"}]');
    case 'node-error':
      return sendText(res, record, 200, nodeJson({ Error: fault.message ?? 'class java.lang.Exception : simulated' }));
    case 'reset':
      req.socket.destroy();
      return;
    case 'hang':
      return;
  }
}

/** What the request log keeps of a request: its JSON body or query, never a header. */
function recordedBody(method: string, url: URL, text: string): unknown {
  if (method !== 'POST') return Object.fromEntries(url.searchParams);
  try {
    return text.trim() === '' ? {} : parseExactJson(text);
  } catch {
    return undefined;
  }
}

export function handleNodeRequest(deps: NodeServerDeps, req: IncomingMessage, res: ServerResponse, text: string | undefined): void {
  const url = new URL(req.url ?? '/', 'http://node.invalid');
  const path = url.pathname.replace(/\/+$/, '');
  const method = req.method ?? '';
  const presented = req.headers['tron-pro-api-key'];
  const key = presented === undefined ? 'absent' : deps.apiKey === undefined || presented === deps.apiKey ? 'valid' : 'invalid';
  const record: NodeRequestRecord = { method, path, body: recordedBody(method, url, text ?? ''), key, at: deps.now(), status: 0 };
  deps.log.push(record);
  deps.counts.set(path, (deps.counts.get(path) ?? 0) + 1);
  if (text === undefined) return sendText(res, record, 413, 'Payload Too Large');
  const fault = deps.faults.take(path);
  if (fault) return sendFault(req, res, record, fault.fault);
  const route = NODE_ROUTES.get(path);
  if (!route) return sendText(res, record, 404, nodeJson({ Error: 'not found' }));
  // HttpServlet answers the methods a servlet does not implement with 405.
  if (method !== 'GET' && method !== 'POST') {
    return sendText(res, record, 405, nodeJson({ Error: `HTTP method ${method} is not supported by this URL` }));
  }
  if (key === 'invalid') return sendText(res, record, 401, nodeJson({ Error: 'ApiKey not exists' }));
  try {
    const answer = route(deps.context(), readNodeRequest(req, url, text));
    sendText(res, record, 200, typeof answer === 'string' ? answer : nodeJson(answer));
  } catch (err) {
    const message = err instanceof NodeRequestError ? err.message : 'class java.lang.Exception : internal error';
    if (!(err instanceof NodeRequestError)) console.error('node simulator endpoint failed', err);
    sendText(res, record, 200, nodeJson({ Error: message }));
  }
}
