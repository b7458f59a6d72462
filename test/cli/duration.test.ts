import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_WAIT_MS, formatDuration, parseDuration } from '../../src/cli/duration.ts';
import { DEFAULT_STALL_AFTER_MS } from '../../src/core/orders/status-policy.ts';

describe('--max-wait durations', () => {
  it('reads 90s, 5m, 1h and plain seconds', () => {
    expect(parseDuration('90s', '--max-wait')).toBe(90_000);
    expect(parseDuration('5m', '--max-wait')).toBe(300_000);
    expect(parseDuration('1h', '--max-wait')).toBe(3_600_000);
    expect(parseDuration('45', '--max-wait')).toBe(45_000);
  });

  it('refuses anything else with exit 2 and a sentence', () => {
    for (const bad of ['', 'soon', '1.5m', '-5s', '5 m', '2d', '1h30m']) {
      expect(() => parseDuration(bad, '--max-wait')).toThrow(/^--max-wait must be a duration such as 90s, 5m, 1h or a number of seconds, got ".*"\. Run/);
    }
    expect(() => parseDuration('0s', '--max-wait')).toThrow(/^--max-wait must be longer than zero\./);
    expect(() => parseDuration('169h', '--max-wait')).toThrow(/at most a week/);
    try {
      parseDuration('soon', '--max-wait');
    } catch (err) {
      expect(err).toMatchObject({ exitCode: 2, kind: 'usage' });
    }
  });

  it('defaults to the app’s stalled rule (30 minutes)', () => {
    expect(DEFAULT_MAX_WAIT_MS).toBe(DEFAULT_STALL_AFTER_MS);
    expect(formatDuration(DEFAULT_MAX_WAIT_MS)).toBe('30m');
  });

  it('formats what it parses back to the same length of time', () => {
    expect([45_000, 90_000, 3_600_000, 5_430_000, 999].map(formatDuration)).toEqual(['45s', '1m 30s', '1h', '1h 30m', '0s']);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 * 24 * 3600 }), (seconds) => {
        const text = formatDuration(seconds * 1000);
        // Hours drop the seconds, so compare at the precision shown.
        const shown = text.split(' ').map((part) => parseDuration(part, 'x')).reduce((a, b) => a + b, 0);
        expect(Math.abs(shown - seconds * 1000)).toBeLessThan(seconds >= 3600 ? 60_000 : 1_000);
      }),
    );
  });
});
