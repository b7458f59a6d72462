import { safeTimerMs } from '../clock.ts';

/** Waits between attempts of a request, for every HTTP client in the app (the service, the TRON node). */

const BACKOFF_BASE_MS = 250;
const BACKOFF_CAP_MS = 2_000;

/**
 * The longest any server may make Energy Tray wait: a Retry-After header, a
 * pause named in a node's error text. A longer one is read as this; the
 * wallet watcher's cap between reads is the same 10 minutes.
 */
export const MAX_SERVER_DELAY_MS = 10 * 60_000;

/** A wait a server asked for, within [0, MAX_SERVER_DELAY_MS]; Infinity (a number too long to read) is the maximum. */
export function boundedServerDelayMs(ms: number): number {
  if (Number.isNaN(ms)) return MAX_SERVER_DELAY_MS;
  return Math.min(MAX_SERVER_DELAY_MS, Math.max(0, ms));
}

/** Capped exponential backoff with full jitter; `retry` counts from 0. */
export function backoffMs(retry: number, random: () => number): number {
  return random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, safeTimerMs(ms));
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
