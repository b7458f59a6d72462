import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { authenticate } from './auth.ts';
import type { SimContext } from './context.ts';
import type { ChosenFault, FaultTable } from './faults.ts';
import { errorEnvelope, successEnvelope, unixSecondsText } from './format.ts';
import { SimError } from './params.ts';
import type { Params } from './params.ts';
import { BASE_PATH, ROUTES } from './routes.ts';
import { settle } from './state.ts';
import type { RingLog } from '../base/ring-log.ts';

export interface RequestRecord {
  method: string;
  /** Relative to the base URL ('/buy_energy'); a path outside /v2 is kept whole. */
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  apiKey: string | undefined;
  /** now() when the request arrived. */
  at: number;
  /** HTTP status sent; 0 while unanswered and for hang or reset faults. */
  status: number;
}

export interface ServerDeps {
  readonly ctx: SimContext;
  readonly faults: FaultTable;
  /** The last requests (a bounded ring: constant cost per request once full). */
  readonly log: RingLog<RequestRecord>;
  /** Requests received per path, all of them (the log keeps only the last). */
  readonly counts: Map<string, number>;
  readonly now: () => number;
}

interface Answer {
  status: number;
  body: string;
}

const MAX_BODY_BYTES = 1 << 20;

const json = (status: number, body: object): Answer => ({ status, body: JSON.stringify(body) });

const toRecord = (params: URLSearchParams): Record<string, string> => Object.fromEntries(params);

export function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function isForm(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
}

function answerRequest(deps: ServerDeps, req: IncomingMessage, path: string, query: Params, form: Params): Answer {
  const { ctx } = deps;
  const serverMs = ctx.serverNow();
  const route = ROUTES.get(path);
  if (!route || !req.url?.startsWith(`${BASE_PATH}/`)) return json(404, errorEnvelope('not found', serverMs));
  if (req.method !== route.method) return json(405, errorEnvelope('method not allowed', serverMs));
  const auth = authenticate(req.headers, ctx.state.accounts, serverMs);
  if (!auth.ok) return json(401, errorEnvelope(auth.msg, serverMs));
  settle(ctx.state, serverMs);
  try {
    const data = route.handle(ctx, { account: auth.account, params: route.params === 'query' ? query : form });
    return json(200, successEnvelope(data, serverMs));
  } catch (err) {
    if (err instanceof SimError) return json(err.status, errorEnvelope(err.message, serverMs));
    return json(500, errorEnvelope('internal server error', serverMs));
  }
}

function send(res: ServerResponse, record: RequestRecord, answer: Answer): void {
  record.status = answer.status;
  res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(answer.body);
}

function sendFault(deps: ServerDeps, req: IncomingMessage, res: ServerResponse, record: RequestRecord, { fault }: ChosenFault): void {
  const serverMs = deps.ctx.serverNow();
  switch (fault.kind) {
    case 'status':
      return send(res, record, json(fault.status, errorEnvelope(`simulated error ${fault.status}`, serverMs)));
    case 'malformed':
      return send(res, record, { status: 200, body: `{"code":1,"msg":"success","time":"${unixSecondsText(serverMs)}","data":{` });
    case 'bad-shape':
      return send(res, record, json(200, successEnvelope({ unexpected: true }, serverMs)));
    case 'code0':
      return send(res, record, json(200, { code: 0, msg: 'simulated rejection', time: unixSecondsText(serverMs), data: null }));
    case 'reset':
      req.socket.destroy();
      return;
    case 'hang':
      // Never answered; close() destroys the connection.
      return;
  }
}

export function createRequestListener(deps: ServerDeps): RequestListener {
  return (req, res) => {
    const at = deps.now();
    void readBody(req).then(
      (body) => {
        const url = new URL(req.url ?? '/', 'http://simulator.invalid');
        const path = url.pathname.startsWith(`${BASE_PATH}/`) ? url.pathname.slice(BASE_PATH.length) : url.pathname;
        const query = toRecord(url.searchParams);
        const form = body !== undefined && isForm(req) ? toRecord(new URLSearchParams(body)) : {};
        const header = req.headers['x-api-key'];
        const apiKey = Array.isArray(header) ? header[0] : header;
        const record: RequestRecord = { method: req.method ?? '', path, query, form, apiKey, at, status: 0 };
        deps.log.push(record);
        deps.counts.set(path, (deps.counts.get(path) ?? 0) + 1);
        if (body === undefined) return send(res, record, json(413, errorEnvelope('request body too large', deps.ctx.serverNow())));
        const fault = deps.faults.take(path);
        if (fault?.phase === 'before') return sendFault(deps, req, res, record, fault);
        const answer = answerRequest(deps, req, path, query, form);
        if (fault) return sendFault(deps, req, res, record, fault);
        send(res, record, answer);
      },
      () => req.socket.destroy(),
    );
  };
}
