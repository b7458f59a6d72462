import { describe, expect, it } from 'vitest';
import { boundedServerDelayMs, MAX_SERVER_DELAY_MS } from '../../../src/core/base/http/backoff.ts';
import { parseRetryAfter, tronGridSuspension } from '../../../src/core/chain/retry-after.ts';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('a wait a server asks for is bounded (10 minutes)', () => {
  it('reads an absurd Retry-After in seconds as the maximum', () => {
    expect(MAX_SERVER_DELAY_MS).toBe(600_000);
    expect(parseRetryAfter('599', NOW)).toBe(599_000);
    for (const header of ['600', '999999', '99999999', '9'.repeat(400)]) expect(parseRetryAfter(header, NOW)).toBe(MAX_SERVER_DELAY_MS);
  });

  it('reads an HTTP date a year away as the maximum, and one in the past as 0', () => {
    expect(parseRetryAfter(new Date(NOW + 365 * 86_400_000).toUTCString(), NOW)).toBe(MAX_SERVER_DELAY_MS);
    expect(parseRetryAfter(new Date(NOW - 60_000).toUTCString(), NOW)).toBe(0);
  });

  it("bounds the pause named in TronGrid's frequency-limit text the same way", () => {
    expect(tronGridSuspension('The key exceeds the frequency limit(15), and the query server is suspended for 99999s')).toEqual({
      limited: true,
      retryAfterMs: MAX_SERVER_DELAY_MS,
    });
  });

  it('keeps any number inside [0, maximum]', () => {
    expect(boundedServerDelayMs(-1)).toBe(0);
    expect(boundedServerDelayMs(Number.NaN)).toBe(MAX_SERVER_DELAY_MS);
    expect(boundedServerDelayMs(Number.POSITIVE_INFINITY)).toBe(MAX_SERVER_DELAY_MS);
  });
});
