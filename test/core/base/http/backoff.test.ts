import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffMs, boundedServerDelayMs, MAX_SERVER_DELAY_MS } from '../../../../src/core/base/http/backoff.ts';
import { backoffGapMs, DEFAULT_POLL_SCHEDULE } from '../../../../src/core/orders/poll-schedule.ts';

/**
 * Every wait between requests has a stated maximum: within one call 2 s
 * (backoff), between checks of an order the schedule's 60 s cap (the service
 * documents no Retry-After, so its waits are the app's own), and anything a
 * server asks for 10 minutes.
 */
describe('bounded waits', () => {
  it('backs off within a call for at most 2 s, whatever the retry count', () => {
    fc.assert(fc.property(fc.nat(10_000), fc.double({ min: 0, max: 0.999_999, noNaN: true }), (retry, r) => backoffMs(retry, () => r) <= 2_000));
  });

  it("checks an order again within the schedule's cap, whatever its age and failures", () => {
    fc.assert(
      fc.property(fc.nat(10 ** 9), fc.nat(10_000), (age, errors) => {
        const gap = backoffGapMs(age, errors);
        return gap >= 0 && gap <= DEFAULT_POLL_SCHEDULE.capMs;
      }),
    );
  });

  it('reads any wait a server asks for as at most 10 minutes', () => {
    fc.assert(fc.property(fc.double(), (ms) => {
      const bounded = boundedServerDelayMs(ms);
      return bounded >= 0 && bounded <= MAX_SERVER_DELAY_MS;
    }));
    expect(MAX_SERVER_DELAY_MS).toBe(10 * 60_000);
  });
});
