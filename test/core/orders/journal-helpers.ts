import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../../src/core/base/clock.ts';
import type { OrderIntent } from '../../../src/core/orders/order-types.ts';

export const tempDir = (): Promise<string> => mkdtemp(join(tmpdir(), 'orders-test-'));

/** A clock for code that only reads the time. */
export function fixedClock(start = 1_700_000_000_000): Clock & { set(t: number): void } {
  let time = start;
  return {
    now: () => time,
    set: (t) => {
      time = t;
    },
    setTimeout: () => {
      throw new Error('no timers here');
    },
    clearTimeout: () => undefined,
  };
}

export const energyIntent = (over: Partial<OrderIntent> = {}): OrderIntent => ({
  kind: 'energy',
  profileId: 'default',
  address: 'TXyzAbCdEfGhJkLmNoPqRsTuVwXy9Ab',
  count: 65_000,
  period: '1h',
  quotedSun: 2_750_000n,
  ...over,
});

export const fastIntent = (over: Partial<OrderIntent> = {}): OrderIntent => ({
  kind: 'fast_recover',
  profileId: 'default',
  address: 'TXyzAbCdEfGhJkLmNoPqRsTuVwXy9Ab',
  count: 65_000,
  resource: 'energy',
  quotedSun: 2_500_000n,
  ...over,
});
