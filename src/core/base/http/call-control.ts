import { safeTimerMs } from '../clock.ts';
import type { Exchange, ExchangeResult } from './http-exchange.ts';

export type StopReason = 'timeout' | 'cancelled';

export class CallStoppedError extends Error {
  override readonly name = 'CallStoppedError';
  readonly reason: StopReason;
  constructor(reason: StopReason) {
    super(`call-stopped ${reason}`);
    this.reason = reason;
  }
}

/**
 * The overall deadline of one call (all attempts and backoff) and the
 * caller's AbortSignal, applied to whichever exchange or backoff is running.
 * An AbortSignal for the backoff is made only when a call actually waits, so
 * the common single-attempt call costs one timer.
 */
export class CallControl {
  #stopped: StopReason | null = null;
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #callerSignal: AbortSignal | undefined;
  #exchange: Exchange | undefined;
  #sleep: AbortController | undefined;

  constructor(timeoutMs: number, callerSignal: AbortSignal | undefined) {
    this.#timer = setTimeout(() => this.#stop('timeout'), safeTimerMs(timeoutMs));
    this.#callerSignal = callerSignal;
    if (callerSignal?.aborted) this.#stopped = 'cancelled';
    else callerSignal?.addEventListener('abort', this.#onCallerAbort, { once: true });
  }

  get stopped(): StopReason | null {
    return this.#stopped;
  }

  /**
   * Runs `exchange` under this call's deadline and cancellation, until the
   * next run or dispose: once it has settled, stopping leaves it alone (see
   * Exchange.abort). Not async, so that waiting for the answer costs the
   * caller's await only.
   */
  run(exchange: Exchange): Promise<ExchangeResult> {
    if (this.#stopped) exchange.abort(new CallStoppedError(this.#stopped));
    this.#exchange = exchange;
    return exchange.done;
  }

  /** A signal for waiting between attempts; aborted when the call stops. */
  sleepSignal(): AbortSignal {
    this.#sleep ??= new AbortController();
    if (this.#stopped) this.#sleep.abort(new CallStoppedError(this.#stopped));
    return this.#sleep.signal;
  }

  dispose(): void {
    this.#exchange = undefined;
    clearTimeout(this.#timer);
    this.#callerSignal?.removeEventListener('abort', this.#onCallerAbort);
  }

  readonly #onCallerAbort = (): void => this.#stop('cancelled');

  #stop(reason: StopReason): void {
    if (this.#stopped) return;
    this.#stopped = reason;
    const error = new CallStoppedError(reason);
    this.#exchange?.abort(error);
    this.#sleep?.abort(error);
  }
}
