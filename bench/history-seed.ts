import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../src/core/simulator/seeded-random.ts';
import { tronAddressFromSeed } from '../src/core/simulator/index.ts';
import { ORDER_DB_FILE_NAME, OrderStore } from '../src/core/orders/order-store.ts';
import type { OrderKind, OrderState, TrackedOrder } from '../src/core/orders/order-types.ts';

/**
 * A finished order history of `count` orders, written through the store's own
 * insert (the rows the app writes), in one transaction: about one order a
 * minute going back from `endAt` (by default a day and an hour ago, so that no
 * stalled order of it is still polled), a realistic mix of kinds and outcomes,
 * all notified. Deterministic for a given count.
 */
export function seedHistory(dir: string, count: number, endAt = Date.now() - 25 * 3_600_000): void {
  const random = seededRandom(count);
  const addresses = Array.from({ length: 200 }, (_, i) => tronAddressFromSeed(`history-${i}`));
  const pick = <T>(weighted: ReadonlyArray<readonly [T, number]>): T => {
    let r = random();
    for (const [value, weight] of weighted) if ((r -= weight) < 0) return value;
    return weighted[0]![0];
  };
  const { store } = OrderStore.open(dir, endAt);
  try {
    store.transaction(() => {
      for (let i = 0; i < count; i++) {
        const createdAt = endAt - (count - i) * 60_000;
        const kind = pick<OrderKind>([['energy', 0.6], ['fast_recover', 0.3], ['net', 0.05], ['activation', 0.03], ['reclaim', 0.02]]);
        const state = pick<OrderState>([['succeeded', 0.9], ['failed', 0.06], ['outcome_unknown', 0.03], ['stalled', 0.01]]);
        const timed = kind === 'energy' || kind === 'net';
        const amount = BigInt(2_000_000 + Math.floor(random() * 5_000_000));
        const tx = Array.from({ length: 4 }, () => Math.floor(random() * 2 ** 32).toString(16).padStart(8, '0')).join('').repeat(2);
        const order: TrackedOrder = {
          localId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          kind,
          profileId: 'bench',
          address: addresses[i % addresses.length]!,
          resource: kind === 'net' ? 'net' : kind === 'activation' || kind === 'reclaim' ? null : 'energy',
          count: kind === 'activation' || kind === 'reclaim' ? null : 65_000,
          period: timed ? '1h' : null,
          orderSn: timed || kind === 'reclaim' ? `EN${createdAt}${String(i % 1000).padStart(3, '0')}` : null,
          orderId: kind === 'fast_recover' || kind === 'activation' ? 100_000 + i : null,
          quotedSun: kind === 'activation' || kind === 'reclaim' ? null : amount,
          chargedSun: state === 'succeeded' && kind !== 'reclaim' ? amount : null,
          createdAt,
          updatedAt: createdAt + 9_000,
          lastPolledAt: createdAt + 8_000,
          attempts: 4,
          state,
          serverStatus: state === 'succeeded' ? 'success' : state,
          txIds: state === 'succeeded' ? [tx] : [],
          error: state === 'failed' ? 'The service reported: insufficient pool resources' : state === 'outcome_unknown' ? 'Request timed out: outcome unknown — check the service console' : null,
          finishedAt: createdAt + 9_000,
          notifiedAt: createdAt + 9_000,
          presetId: null,
        };
        store.insert(order, 'app', null);
      }
    });
    store.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    store.close();
  }
}

/** A seeded history kept for the whole bench run and copied per use (seeding 100,000 orders takes seconds). */
const seeded = new Map<number, string>();

/** A fresh folder holding a copy of a `count`-order history; the caller removes it. */
export function historyDir(count: number): string {
  let source = seeded.get(count);
  if (!source) {
    source = mkdtempSync(join(tmpdir(), `bench-history-${count}-`));
    seedHistory(source, count);
    seeded.set(count, source);
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-orders-'));
  copyFileSync(join(source, ORDER_DB_FILE_NAME), join(dir, ORDER_DB_FILE_NAME));
  return dir;
}

process.on('exit', () => {
  for (const dir of seeded.values()) rmSync(dir, { recursive: true, force: true });
});
