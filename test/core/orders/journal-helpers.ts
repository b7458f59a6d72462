import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../../../src/core/base/clock.ts';
import { serializeJournal } from '../../../src/core/orders/journal-file-format.ts';
import type { OrderIntent, TrackedOrder } from '../../../src/core/orders/order-types.ts';
import { tempDir as freshTempDir } from '../../support/temp-dir.ts';

export { holdWriteLock, readOnDisk } from '../../support/order-db.ts';

/** A fresh folder for one order store. */
export const tempDir = (): string => freshTempDir('orders');

/**
 * A clock whose time moves only when set. Timers (the journal's checkpoint
 * after paid intents) are kept and run only by runTimers(), never by themselves.
 */
export function fixedClock(start = 1_700_000_000_000): Clock & { set(t: number): void; runTimers(): number } {
  let time = start;
  let next = 0;
  const timers = new Map<number, () => void>();
  return {
    now: () => time,
    set: (t) => {
      time = t;
    },
    setTimeout: (fn) => {
      timers.set(++next, fn);
      return next;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    runTimers: () => {
      const due = [...timers.values()];
      timers.clear();
      for (const fn of due) fn();
      return due.length;
    },
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

/** An orders.json as an earlier version wrote it. */
export async function writeOldJournal(dir: string, orders: readonly TrackedOrder[]): Promise<string> {
  const path = join(dir, 'orders.json');
  await writeFile(path, serializeJournal(orders), { mode: 0o600 });
  return path;
}

/** A record as an earlier version journaled it. */
export function oldRecord(over: Partial<TrackedOrder> = {}): TrackedOrder {
  return {
    localId: randomUUID(),
    kind: 'energy',
    profileId: 'default',
    address: 'TXyzAbCdEfGhJkLmNoPqRsTuVwXy9Ab',
    resource: 'energy',
    count: 65_000,
    period: '1h',
    orderSn: 'EN1',
    orderId: null,
    quotedSun: 2_750_000n,
    chargedSun: 2_750_000n,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    lastPolledAt: null,
    attempts: 0,
    state: 'running',
    serverStatus: null,
    txIds: [],
    error: null,
    finishedAt: null,
    notifiedAt: null,
    presetId: null,
    ...over,
  };
}
