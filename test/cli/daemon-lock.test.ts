import { describe, expect, it } from 'vitest';
import { squattedLockScenario } from '../support/money-guards/squatted-lock.ts';

describe('the daemon and a profile.lock whose pid was reused', () => {
  it('takes over a lock naming a live, unrelated process (a sleep child), in the current and the earlier format, and still refuses one a live daemon holds', async () => {
    const result = await squattedLockScenario();
    expect(result).toEqual({ squattedTried: 2, squattedTaken: 2, liveRefused: true, liveKept: true });
  }, 60_000);
});
