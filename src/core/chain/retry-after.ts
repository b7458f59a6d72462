/**
 * Retry-After (RFC 9110 section 10.2.3): either a number of seconds or an
 * HTTP date. Returns the wait in ms from `nowMs` (0 for a date in the past),
 * or undefined when the header is absent or unreadable.
 */
export function parseRetryAfter(header: string | string[] | undefined, nowMs: number): number | undefined {
  const text = (Array.isArray(header) ? header[0] : header)?.trim();
  if (text === undefined || text === '') return undefined;
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return Number.isSafeInteger(seconds) ? seconds * 1000 : undefined;
  }
  // Date.parse reads IMF-fixdate (and the obsolete forms); anything else is NaN.
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, at - nowMs);
}

/**
 * TronGrid without a key answers an exceeded rate with HTTP 403 and
 * {"Error": "The key exceeds the frequency limit(15), and the query server is
 * suspended for 30s"} (developers.tron.network/reference/rate-limits); the
 * pause in that text stands in for a Retry-After.
 */
export function tronGridSuspension(message: string): { limited: boolean; retryAfterMs: number | undefined } {
  if (!/frequency limit/i.test(message)) return { limited: false, retryAfterMs: undefined };
  const match = /suspended for (\d{1,5})\s*s/i.exec(message);
  return { limited: true, retryAfterMs: match ? Number(match[1]) * 1000 : undefined };
}
