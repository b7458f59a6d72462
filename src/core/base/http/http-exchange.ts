import { msg, type Message } from '../../../shared/i18n/message.ts';
import type { Dispatcher } from 'undici';

export interface ExchangeRequest {
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | null;
}

export interface ExchangeResult {
  status: number;
  text: string;
}

/** Replies are small JSON envelopes; anything bigger is not the service talking. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;

export class ResponseTooLargeError extends Error {
  override readonly name = 'ResponseTooLargeError';
  /** In words, for the malformed-reply error that reports it. */
  readonly problem: Message;

  constructor(maxBytes: number = MAX_RESPONSE_BYTES) {
    super(`response-too-large ${maxBytes}`);
    this.problem = msg('errors:reply.tooLarge', { bytes: maxBytes });
  }
}

/**
 * One HTTP request/response through undici's dispatch API, buffering the
 * body as text. It skips request()'s stream and AbortSignal plumbing (which
 * cost more than the rest of a call on loopback) and can be aborted directly
 * by the call's deadline.
 */
export class Exchange implements Dispatcher.DispatchHandler {
  readonly done: Promise<ExchangeResult>;
  #resolve!: (result: ExchangeResult) => void;
  #reject!: (err: unknown) => void;
  #controller: Dispatcher.DispatchController | undefined;
  #abortReason: Error | undefined;
  #writing = false;
  #settled = false;
  #status = 0;
  #chunks: Buffer[] = [];
  #bytes = 0;
  readonly #maxBytes: number;

  /** `maxBytes`: a reply longer than this is aborted (a block range may be larger than the service's envelopes). */
  constructor(dispatcher: Dispatcher, request: ExchangeRequest, maxBytes = MAX_RESPONSE_BYTES) {
    this.#maxBytes = maxBytes;
    this.done = new Promise<ExchangeResult>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    dispatcher.dispatch(request, this);
  }

  /**
   * Whether undici may have written a byte of the request: it calls
   * onRequestStart right before writing (and writes nothing when that aborts).
   * False while the request waits for a connection or for its socket to
   * connect, and for good once the exchange was aborted before then: such a
   * failure proves the request never left this machine.
   */
  get mayHaveLeft(): boolean {
    return this.#writing;
  }

  /**
   * Stops the exchange: the promise rejects at once, the socket is dropped as
   * soon as undici lets us. Nothing to stop once it has settled (answered or
   * failed): a finished exchange's socket is left to the pool.
   */
  abort(reason: Error): void {
    if (this.#settled) return;
    this.#abortReason ??= reason;
    this.#controller?.abort(reason);
    this.#fail(reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.#abortReason) controller.abort(this.#abortReason);
    else this.#writing = true;
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number): void {
    this.#status = statusCode;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.#bytes += chunk.length;
    if (this.#bytes > this.#maxBytes) {
      this.abort(new ResponseTooLargeError(this.#maxBytes));
      return;
    }
    this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.#settled) return;
    this.#settled = true;
    const text = this.#chunks.length === 1 ? this.#chunks[0]!.toString('utf8') : Buffer.concat(this.#chunks).toString('utf8');
    this.#resolve({ status: this.#status, text });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.#fail(error);
  }

  #fail(error: unknown): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#reject(error);
  }
}
