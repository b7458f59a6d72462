import { msg } from '../../shared/i18n/message.ts';
import type { Pool } from 'undici';
import type { z } from 'zod';
import { ENDPOINTS } from './endpoints.ts';
import type { EndpointName, EndpointSpec } from './endpoints.ts';
import { CallControl } from '../base/http/call-control.ts';
import { ClockSkewError, InvalidInputError, NetworkError } from './errors.ts';
import type { ApiError } from './errors.ts';
import { encodeForm } from './form.ts';
import type { FormFields } from './form.ts';
import { Exchange } from '../base/http/http-exchange.ts';
import type { ExchangeResult } from '../base/http/http-exchange.ts';
import { createPool } from '../base/http/pool.ts';
import { interpretResponse } from './response.ts';
import type { Interpreted } from './response.ts';
import { abortableSleep, backoffMs } from '../base/http/backoff.ts';
import { mayRetry, serviceDownAfter } from './retry-policy.ts';
import { SKEW_TOLERANCE_SECONDS, skewVerdict } from './clock-skew.ts';
import { createSigner } from './signer.ts';
import { exchangeFailure, stoppedError } from './transport-failures.ts';
import type { Signer } from './signer.ts';
import type { CallOptions, Reply } from './types.ts';

/** One attempt's outcome, for logs: no key, timestamp or signature in it. */
export interface RequestEvent {
  endpoint: EndpointName;
  /** 1 for the first send of a call, then counting every re-send. */
  attempt: number;
  /** The HTTP status, absent when no response arrived. */
  status?: number;
  ms: number;
}

export interface TransportOptions {
  /** The service's base address, ending with the version segment (…/v2). */
  baseUrl: string;
  apiKey: string;
  /** Handed to the signer's closure and not kept anywhere else. */
  secret: string;
  /** Overall deadline of one call, retries and backoff included. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /** Wall clock in ms, for x-timestamp. */
  now?: () => number;
  /** [0, 1), for backoff jitter. */
  random?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Sends per call for retryable failures (the clock-skew re-send is extra). */
  maxAttempts?: number;
  onRequest?: (event: RequestEvent) => void;
  /**
   * A clock offset of more than 15 minutes (at most clock-skew.ts's bound)
   * is now followed: the caller shows a notice naming it.
   */
  onClockOffset?: (offsetSeconds: number) => void;
}

export interface Params {
  query?: FormFields;
  form?: FormFields;
}

/** One attempt on the wire. */
interface Sent {
  exchange: Exchange;
  /** Removed from the server's text, with the key and the secret. */
  signature: string;
  /** performance.now() at the send, for onRequest (0 without the hook). */
  started: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
const REDACTED = '[redacted]';
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

function splitBaseUrl(baseUrl: string): { origin: string; basePath: string } {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new InvalidInputError({ endpoint: 'local', reason: msg('errors:api.serviceUrlInvalid') });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidInputError({ endpoint: 'local', reason: msg('errors:api.serviceUrlScheme') });
  }
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
}

/**
 * One call of the service, signed and sent with its retries: every send is
 * signed afresh, a 401 with the server's time corrects the clock once
 * (within clock-skew.ts's bound; never throwing for an absurd time), and
 * failures are retried only as retry-policy.ts allows (never a paid call that
 * may have been processed). The answer is checked (HTTP status, envelope,
 * shape) by response.ts. Holds the signer, so it is never printed.
 */
export class SignedTransport {
  readonly #signer: Signer;
  readonly #pool: Pool;
  #closed = false;
  readonly #basePath: string;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  readonly #maxAttempts: number;
  readonly #onRequest: ((event: RequestEvent) => void) | undefined;
  readonly #onClockOffset: ((offsetSeconds: number) => void) | undefined;
  #clockOffsetSeconds = 0;
  /**
   * Set when the last call that reached a verdict found the service
   * unreachable or failing (5xx, network); while set, a call makes one
   * attempt instead of maxAttempts. The callers that poll have their own
   * backoff: without this, an hour-long outage would cost every poll
   * maxAttempts requests. Any answer of the service clears it.
   */
  #serviceDown = false;

  constructor(options: TransportOptions) {
    const { origin, basePath } = splitBaseUrl(options.baseUrl);
    this.#basePath = basePath;
    this.#signer = createSigner(options.apiKey, options.secret);
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#pool = createPool(origin, {
      connectTimeoutMs: options.connectTimeoutMs ?? Math.min(DEFAULT_CONNECT_TIMEOUT_MS, this.#timeoutMs),
      headersTimeoutMs: options.headersTimeoutMs ?? this.#timeoutMs,
      bodyTimeoutMs: options.bodyTimeoutMs ?? this.#timeoutMs,
    });
    this.#now = options.now ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#sleep = options.sleep ?? abortableSleep;
    this.#maxAttempts = Math.max(1, options.maxAttempts ?? 3);
    this.#onRequest = options.onRequest;
    this.#onClockOffset = options.onClockOffset;
  }

  /** Server time minus local time, learnt from a 401 (spec section 5's 5-minute window). */
  get clockOffsetSeconds(): number {
    return this.#clockOffsetSeconds;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#pool.close();
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return 'SignedTransport';
  }

  toJSON(): string {
    return 'SignedTransport';
  }

  async call<T>(name: EndpointName, params: Params, schema: z.ZodType<T>, options?: CallOptions): Promise<Reply<T>> {
    const spec = ENDPOINTS[name];
    // A clock that cannot sign refuses before the intent is journaled: nothing is sent.
    if (this.#timestamp() === null) throw new ClockSkewError({ endpoint: name, offsetSeconds: null });
    // Before the deadline starts: a journal write is not the service's time.
    if (options?.beforeSend) await options.beforeSend();
    const control = new CallControl(this.#timeoutMs, options?.signal);
    try {
      let attempt = 0;
      let failures = 0;
      let skewCorrected = false;
      const maxAttempts = this.#serviceDown ? 1 : this.#maxAttempts;
      for (;;) {
        attempt += 1;
        const offsetAtSend = this.#clockOffsetSeconds;
        const sent = this.#send(name, spec, params, control);
        let result: Interpreted<T>;
        if (!('exchange' in sent)) result = sent;
        else {
          // Awaited here, not in a helper: every async step is paid on every call.
          let response: ExchangeResult | undefined;
          let thrown: unknown;
          try {
            response = await control.run(sent.exchange);
          } catch (err) {
            thrown = err;
          }
          result = this.#answer(name, spec, schema, sent, attempt, response, thrown);
        }
        if (result.ok) {
          this.#serviceDown = false;
          return result.reply;
        }
        const { error } = result;
        this.#serviceDown = serviceDownAfter(error, this.#serviceDown);
        // A 401 is refused before any processing, so correcting the clock
        // and sending once more is safe for paid calls too.
        const { serverTime } = result;
        const clockRefused = error.category === 'authentication' && serverTime !== undefined;
        if (!skewCorrected && clockRefused && this.#followClock(name, serverTime, offsetAtSend)) {
          skewCorrected = true;
          continue;
        }
        failures += 1;
        if (failures >= maxAttempts || control.stopped || !mayRetry(spec, error)) throw error;
        try {
          await this.#sleep(backoffMs(failures - 1, this.#random), control.sleepSignal());
        } catch {
          throw error;
        }
      }
    } finally {
      control.dispose();
    }
  }

  /**
   * Signs and dispatches one attempt, or says why it was not sent (the call
   * stopped, the client closed, the clock gives no usable time): such a
   * failure provably never left, so it is not an unknown outcome.
   */
  #send(name: EndpointName, spec: EndpointSpec, params: Params, control: CallControl): Sent | { ok: false; error: ApiError } {
    if (control.stopped) return { ok: false, error: stoppedError(name, control.stopped, true) };
    if (this.#closed) {
      // A call on a closed client (an account switch raced a click).
      return { ok: false, error: new NetworkError({ endpoint: name, kind: 'cancelled', neverLeft: true, outcomeUnknown: false }) };
    }
    const timestamp = this.#timestamp();
    if (timestamp === null) return { ok: false, error: new ClockSkewError({ endpoint: name, offsetSeconds: null }) };
    const signed = this.#signer.sign(timestamp);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-api-key': this.#signer.apiKey,
      'x-timestamp': signed.timestamp,
      'x-signature': signed.signature,
    };
    let body: string | null = null;
    if (params.form) {
      headers['content-type'] = FORM_CONTENT_TYPE;
      body = encodeForm(params.form);
    }
    const path = this.#basePath + spec.path + (params.query ? `?${encodeForm(params.query)}` : '');
    const started = this.#onRequest ? performance.now() : 0;
    return { exchange: new Exchange(this.#pool, { path, method: spec.method, headers, body }), signature: signed.signature, started };
  }

  /** What an attempt's exchange ended with (`response`, or the error it `thrown`), reported to onRequest and checked. */
  #answer<T>(
    name: EndpointName,
    spec: EndpointSpec,
    schema: z.ZodType<T>,
    sent: Sent,
    attempt: number,
    response: ExchangeResult | undefined,
    thrown: unknown,
  ): Interpreted<T> {
    if (this.#onRequest) {
      const ms = performance.now() - sent.started;
      this.#report(response ? { endpoint: name, attempt, status: response.status, ms } : { endpoint: name, attempt, ms });
    }
    if (!response) return { ok: false, error: exchangeFailure(name, spec, thrown, !sent.exchange.mayHaveLeft) };
    const redact = (t: string): string => this.#signer.redact(t).split(sent.signature).join(REDACTED);
    return interpretResponse(response.status, response.text, schema, { endpoint: name, paid: spec.paid, redact });
  }

  /** x-timestamp for a send now, or null when the clock gives no usable time (then nothing is signed). */
  #timestamp(): number | null {
    const seconds = Math.floor(this.#now() / 1000) + this.#clockOffsetSeconds;
    return Number.isSafeInteger(seconds) && seconds >= 0 ? seconds : null;
  }

  /**
   * A 401 with the server's time, for an attempt signed with `offsetAtSend`:
   * true when the offset is corrected (here, or meanwhile by a concurrent
   * call) and the call may be sent once more; throws ClockSkewError beyond
   * the bound.
   */
  #followClock(name: EndpointName, serverTime: number, offsetAtSend: number): boolean {
    const verdict = skewVerdict(serverTime, this.#now() / 1000, offsetAtSend);
    if (verdict.kind === 'refuse') throw new ClockSkewError({ endpoint: name, httpStatus: 401, offsetSeconds: verdict.offsetSeconds });
    if (verdict.kind === 'none') return false;
    const learntMeanwhile = Math.abs(verdict.offsetSeconds - this.#clockOffsetSeconds) <= SKEW_TOLERANCE_SECONDS;
    this.#clockOffsetSeconds = verdict.offsetSeconds;
    if (verdict.notice && !learntMeanwhile) {
      try {
        this.#onClockOffset?.(verdict.offsetSeconds);
      } catch {
        // A failing notice must not fail the call.
      }
    }
    return true;
  }

  #report(event: RequestEvent): void {
    try {
      this.#onRequest?.(event);
    } catch {
      // A failing log hook must not turn a finished request into a failure.
    }
  }
}
