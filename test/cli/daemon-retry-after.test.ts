import { describe, expect, it } from 'vitest';
import { ABSURD_RETRY_AFTERS } from '../support/money-guards/retry-after.ts';
import { daemonRetryAfterScenario } from '../support/money-guards/daemon-retry-after.ts';

describe('the daemon and a node that asks to wait too long', () => {
  it('schedules the next wallet read at most 10 minutes away for Retry-After 999999 and 99999999, sends nothing meanwhile, warns of no timer overflow, and reads again once the node recovers', async () => {
    const result = await daemonRetryAfterScenario();
    expect(result.runs.map((r) => r.header)).toEqual([...ABSURD_RETRY_AFTERS]);
    for (const run of result.runs) {
      expect(run.scheduledWaitMs).toBeLessThanOrEqual(600_000);
      expect(run.scheduledWaitMs).toBeGreaterThan(590_000);
      // The one full read that met the 429 (getaccount and getaccountresource, sent together), and nothing after it.
      expect(run.requests).toBe(2);
    }
    expect(result.fast.scheduledWaitMs).toBeLessThanOrEqual(result.fast.capMs);
    expect(result.fast.resumedAfterMs).toBeLessThanOrEqual(result.fast.capMs + 1_000);
    expect(result.timerOverflows).toBe(0);
  }, 60_000);
});
