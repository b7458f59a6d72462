import { msg } from '../../shared/i18n/message.ts';
import { replyIssue } from '../base/http/reply-problem.ts';
import type { Dispatcher, Pool } from 'undici';
import type { z } from 'zod';
import { CallControl, CallStoppedError } from '../base/http/call-control.ts';
import { cleanServerMessage } from '../base/http/server-text.ts';
import { Exchange, ResponseTooLargeError } from '../base/http/http-exchange.ts';
import { parseJsonBody } from '../base/http/json-number.ts';
import { classifyNetworkFailure } from '../base/http/network-failure.ts';
import { createPool } from '../base/http/pool.ts';
import { abortableSleep, backoffMs } from '../base/http/backoff.ts';
import { ChainError } from './errors.ts';
import type { ChainErrorFacts, ChainErrorKind, NodeEndpoint } from './errors.ts';
import { parseRetryAfter, tronGridSuspension } from './retry-after.ts';

/** One request's outcome, for logs: no key, address or body in it. */
export interface NodeRequestEvent {
  endpoint: NodeEndpoint;
  attempt: number;
  status?: number;
  ms: number;
}

export interface NodeTransportOptions {
  /** Already normalised (node-url.ts): origin plus an optional path prefix. */
  nodeUrl: string;
  /** Sent as TRON-PRO-API-KEY; never logged or put in an error. */
  apiKey?: string;
  /** Overall deadline of one call, retries and waits included. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  /** Requests per call when answers are retryable (default 3). */
  maxAttempts?: number;
  /** The longest Retry-After worth waiting inside a call; a longer one is reported to the caller (default 10 s). */
  maxRetryAfterMs?: number;
  /** Wall clock in ms, for Retry-After dates. */
  now?: () => number;
  /** [0, 1), for backoff jitter. */
  random?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  onRequest?: (event: NodeRequestEvent) => void;
}

type Headers = Dispatcher.ResponseData['headers'];

/** Exchange that also keeps the response headers (for Retry-After). */
class HeaderExchange extends Exchange {
  headers: Headers = {};
  override onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: Headers = {}): void {
    this.headers = headers;
    super.onResponseStart(controller, statusCode);
  }
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
const REDACTED = '[redacted]';
/** Answers that say nothing about the request itself: worth another try. */
const RETRYABLE: ReadonlySet<ChainErrorKind> = new Set(['unreachable', 'server', 'rate-limited']);

type Attempt<T> = { ok: true; value: T } | { ok: false; error: ChainError };

/**
 * POSTs JSON to the full node's /wallet/* endpoints. Every call is a read,
 * so network failures, 5xx and rate limiting are retried (capped attempts,
 * jittered backoff, the node's Retry-After honoured up to a cap) within one
 * overall deadline. Each reply is parsed with exact int64s and validated.
 */
export class NodeTransport {
  readonly nodeUrl: string;
  readonly #apiKey: string | undefined;
  readonly #pool: Pool;
  readonly #basePath: string;
  readonly #timeoutMs: number;
  readonly #maxAttempts: number;
  readonly #maxRetryAfterMs: number;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  readonly #onRequest: ((event: NodeRequestEvent) => void) | undefined;
  #closed = false;

  constructor(options: NodeTransportOptions) {
    const url = new URL(options.nodeUrl);
    this.nodeUrl = options.nodeUrl;
    this.#basePath = url.pathname.replace(/\/+$/, '');
    this.#apiKey = options.apiKey === '' ? undefined : options.apiKey;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#pool = createPool(url.origin, {
      connectTimeoutMs: options.connectTimeoutMs ?? Math.min(DEFAULT_CONNECT_TIMEOUT_MS, this.#timeoutMs),
      headersTimeoutMs: this.#timeoutMs,
      bodyTimeoutMs: this.#timeoutMs,
    });
    this.#maxAttempts = Math.max(1, options.maxAttempts ?? 3);
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;
    this.#now = options.now ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#sleep = options.sleep ?? abortableSleep;
    this.#onRequest = options.onRequest;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#pool.close();
  }

  /** `maxBytes`: the longest reply taken (default the envelopes' 1 MiB; blocks are larger). */
  async post<T>(endpoint: NodeEndpoint, body: object, schema: z.ZodType<T>, signal?: AbortSignal, maxBytes?: number): Promise<T> {
    const control = new CallControl(this.#timeoutMs, signal);
    const text = JSON.stringify(body);
    try {
      for (let attempt = 1; ; attempt += 1) {
        const result = await this.#attempt(endpoint, text, schema, control, attempt, maxBytes);
        if (result.ok) return result.value;
        const { error } = result;
        if (attempt >= this.#maxAttempts || control.stopped || !RETRYABLE.has(error.kind)) throw error;
        const retryAfter = error.facts.retryAfterMs;
        if (retryAfter !== undefined && retryAfter > this.#maxRetryAfterMs) throw error;
        try {
          await this.#sleep(retryAfter ?? backoffMs(attempt - 1, this.#random), control.sleepSignal());
        } catch {
          throw error;
        }
      }
    } finally {
      control.dispose();
    }
  }

  async #attempt<T>(
    endpoint: NodeEndpoint,
    body: string,
    schema: z.ZodType<T>,
    control: CallControl,
    attempt: number,
    maxBytes: number | undefined,
  ): Promise<Attempt<T>> {
    if (control.stopped) return { ok: false, error: this.#stopped(endpoint, control.stopped, attempt - 1, true) };
    if (this.#closed) {
      return { ok: false, error: new ChainError('cancelled', { endpoint, neverLeft: true, attempts: attempt - 1 }) };
    }
    const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
    if (this.#apiKey !== undefined) headers['TRON-PRO-API-KEY'] = this.#apiKey;
    const request = { path: `${this.#basePath}/wallet/${endpoint}`, method: 'POST' as const, headers, body };
    const exchange = new HeaderExchange(this.#pool, request, maxBytes);
    const started = performance.now();
    let status: number | undefined;
    try {
      const response = await control.run(exchange);
      status = response.status;
      return this.#interpret(endpoint, attempt, response.status, response.text, exchange.headers, schema);
    } catch (err) {
      return { ok: false, error: this.#transportError(endpoint, attempt, err) };
    } finally {
      this.#report({ endpoint, attempt, ...(status === undefined ? {} : { status }), ms: performance.now() - started });
    }
  }

  #interpret<T>(
    endpoint: NodeEndpoint,
    attempts: number,
    status: number,
    text: string,
    headers: Headers,
    schema: z.ZodType<T>,
  ): Attempt<T> {
    const fail = (kind: ChainErrorKind, facts: Omit<ChainErrorFacts, 'endpoint' | 'attempts'> = {}): Attempt<T> => ({
      ok: false,
      error: new ChainError(kind, { endpoint, attempts, httpStatus: status, ...facts }),
    });
    let parsed: { raw: unknown; exact: unknown } | undefined;
    try {
      parsed = parseJsonBody(text);
    } catch {
      parsed = undefined;
    }
    const nodeMessage = this.#nodeMessage(parsed?.raw);
    const said = nodeMessage === undefined ? {} : { nodeMessage };
    const retryAfterMs = parseRetryAfter(headers['retry-after'], this.#now());
    const waited = retryAfterMs === undefined ? {} : { retryAfterMs };
    if (status === 429 || status === 503) return fail('rate-limited', { ...said, ...waited });
    if (status === 401 || status === 403) {
      const suspension = tronGridSuspension(nodeMessage ?? '');
      if (!suspension.limited) return fail('forbidden', said);
      const wait = retryAfterMs ?? suspension.retryAfterMs;
      return fail('rate-limited', { ...said, ...(wait === undefined ? {} : { retryAfterMs: wait }) });
    }
    if (status === 404) return fail('not-found', said);
    if (status >= 500) return fail('server', said);
    if (status >= 400) return fail('rejected', said);
    if (status !== 200) return fail('malformed', { reason: msg('errors:reply.unexpectedStatus') });
    if (parsed === undefined) return fail('malformed', { reason: msg('errors:reply.notJson') });
    // java-tron answers a request it cannot process with HTTP 200 and {"Error": "<exception> : <message>"}.
    if (nodeMessage !== undefined) {
      const suspension = tronGridSuspension(nodeMessage);
      if (!suspension.limited) return fail('rejected', said);
      return fail('rate-limited', { ...said, ...(suspension.retryAfterMs === undefined ? {} : { retryAfterMs: suspension.retryAfterMs }) });
    }
    const result = schema.safeParse(parsed.exact);
    if (!result.success) {
      const path = result.error.issues[0]?.path.filter((p) => p !== 'fields') ?? [];
      return fail('malformed', { reason: replyIssue(result.error, msg('errors:reply.theReply'), path) });
    }
    return { ok: true, value: result.data };
  }

  /** The `Error` text of a java-tron or TronGrid error body, cleaned and with the key redacted. */
  #nodeMessage(raw: unknown): string | undefined {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
    const error = (raw as Record<string, unknown>)['Error'];
    if (typeof error !== 'string') return undefined;
    const text = this.#apiKey === undefined ? error : error.split(this.#apiKey).join(REDACTED);
    return cleanServerMessage(text);
  }

  #transportError(endpoint: NodeEndpoint, attempts: number, err: unknown): ChainError {
    if (err instanceof CallStoppedError) return this.#stopped(endpoint, err.reason, attempts, false);
    if (err instanceof ResponseTooLargeError) return new ChainError('malformed', { endpoint, attempts, reason: err.problem });
    const { kind, neverLeft } = classifyNetworkFailure(err);
    const chainKind = kind === 'cancelled' ? 'cancelled' : 'unreachable';
    return new ChainError(chainKind, { endpoint, attempts, network: kind, neverLeft }, err);
  }

  #stopped(endpoint: NodeEndpoint, reason: 'timeout' | 'cancelled', attempts: number, beforeSend: boolean): ChainError {
    const kind = reason === 'timeout' ? 'unreachable' : 'cancelled';
    return new ChainError(kind, { endpoint, attempts, network: reason, neverLeft: beforeSend });
  }

  #report(event: NodeRequestEvent): void {
    try {
      this.#onRequest?.(event);
    } catch {
      // A failing log hook must not fail a read that succeeded.
    }
  }
}
