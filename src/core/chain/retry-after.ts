import { boundedServerDelayMs } from '../base/http/backoff.ts';

/**
 * Retry-After (RFC 9110 section 10.2.3): either a number of seconds or an
 * HTTP date. Returns the wait in ms from `nowMs` (0 for a date in the past),
 * at most MAX_SERVER_DELAY_MS (10 minutes: `Retry-After: 999999`, 11.6 days,
 * reads as 10 minutes), or undefined when the header is absent or unreadable.
 */
export function parseRetryAfter(header: string | string[] | undefined, nowMs: number): number | undefined {
  const text = (Array.isArray(header) ? header[0] : header)?.trim();
  if (text === undefined || text === '') return undefined;
  // Digits only: however many there are, the server asked for a long wait (Number() of 400 digits is Infinity).
  if (/^\d+$/.test(text)) return boundedServerDelayMs(Number(text) * 1000);
  // Date.parse reads IMF-fixdate (and the obsolete forms); anything else is NaN.
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/[a-z]/i.test(text)) return undefined;
  return boundedServerDelayMs(at - nowMs);
}

/**
 * TronGrid without a key answers an exceeded rate with HTTP 403 and
 * {"Error": "The key exceeds the frequency limit(15), and the query server is
 * suspended for 30s"} (developers.tron.network/reference/rate-limits); the
 * pause in that text stands in for a Retry-After, bounded the same way.
 */
export function tronGridSuspension(message: string): { limited: boolean; retryAfterMs: number | undefined } {
  if (!/frequency limit/i.test(message)) return { limited: false, retryAfterMs: undefined };
  const match = /suspended for (\d{1,5})\s*s/i.exec(message);
  return { limited: true, retryAfterMs: match ? boundedServerDelayMs(Number(match[1]) * 1000) : undefined };
}
