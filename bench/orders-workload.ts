import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OrderJournal } from '../src/core/orders/order-journal.ts';
import { OrderScheduler } from '../src/core/orders/scheduler.ts';
import { submitPaidOrder } from '../src/core/orders/submit-paid-order.ts';
import type { PollSchedule } from '../src/core/orders/poll-schedule.ts';
import { VirtualClock } from '../src/core/virtual-clock.ts';
import { createFakeApi, fastRecoverOrder, reply, timedResult } from '../test/support/fake-service-api.ts';
import { seededRandom } from '../test/support/seeded-random.ts';

export { seededRandom };

export interface WorkloadOrder {
  /** Virtual ms at which the order is placed. */
  placeAt: number;
  /** ms after creation at which the service reports it finished. */
  finishAfter: number;
  kind: 'energy' | 'fast_recover';
}

/** The workload: 80% finish in 3–12 s, 20% in 12–120 s; placed over the first 30 s. */
export function makeWorkload(count: number, random: () => number): WorkloadOrder[] {
  return Array.from({ length: count }, (_, i) => ({
    placeAt: Math.round(random() * 30_000),
    finishAfter: Math.round(i < count * 0.8 ? 3_000 + random() * 9_000 : 12_000 + random() * 108_000),
    kind: i % 2 === 0 ? 'energy' : 'fast_recover',
  }));
}

/** Requests a fixed 1-second poller makes for an order: checks at 1, 2, 3 … s until one sees it finished. */
export const naiveRequests = (finishAfter: number): number => Math.max(1, Math.ceil(finishAfter / 1_000));

export interface WorkloadResult {
  delaysMs: number[];
  statusRequests: number;
}

/**
 * Runs the real journal, submission path and scheduler on a virtual clock; the
 * fake service answers from virtual time.
 */
export async function runWorkload(workload: WorkloadOrder[], random: () => number, schedule?: PollSchedule): Promise<WorkloadResult> {
  const clock = new VirtualClock(0);
  const dir = await mkdtemp(join(tmpdir(), 'orders-bench-'));
  try {
    const finishAt = new Map<string, number>(); // orderSn or "id:<n>" → virtual completion time
    let nextId = 1;
    const done = (key: string): boolean => clock.now() >= (finishAt.get(key) ?? Number.POSITIVE_INFINITY);
    const fake = createFakeApi({
      userInfo: () => reply({ trxSun: 500_000_000n, usdtMicros: 0n }),
      buyEnergy: () => reply({ orderSn: `EN${nextId++}`, unitPrice: null, feeSun: null, amountSun: 1_000_000n, balanceSun: null }),
      buyFastRecover: () => reply({ orderId: nextId++ }),
      queryResult: (sn) =>
        reply(done(sn) ? timedResult(sn, 'success', [{ fromAddress: 'TFrom', txId: 'ab'.repeat(32), count: 65_000 }]) : timedResult(sn, 'pending')),
      queryFastRecoverOrder: (id) => reply(fastRecoverOrder(id, done(`id:${id}`) ? 'success' : 'waiting')),
    });
    const journal = await OrderJournal.open(dir, clock);
    const scheduler = new OrderScheduler({ api: fake.api, journal, clock, random, ...(schedule ? { schedule } : {}) });
    const delaysMs: number[] = [];
    const completion = new Map<string, number>(); // localId → completion time
    scheduler.events.on('orderFinished', (n) => delaysMs.push(clock.now() - (completion.get(n.localId) ?? Number.NaN)));
    scheduler.start();

    const placing = new Set<Promise<void>>();
    for (const w of workload) {
      clock.setTimeout(() => {
        const task = (async () => {
          const order = await submitPaidOrder(
            { api: fake.api, journal },
            w.kind === 'energy'
              ? { kind: 'energy', profileId: 'bench', address: 'TXyzAbCdEfGhJkLmNoPqRsTuVwXy9Ab', count: 65_000, period: '1h' }
              : { kind: 'fast_recover', profileId: 'bench', address: 'TXyzAbCdEfGhJkLmNoPqRsTuVwXy9Ab', count: 65_000, resource: 'energy' },
          );
          const at = order.createdAt + w.finishAfter;
          completion.set(order.localId, at);
          finishAt.set(order.orderSn ?? `id:${order.orderId}`, at);
          scheduler.track(order.localId);
        })();
        placing.add(task);
        void task.finally(() => placing.delete(task));
      }, w.placeAt);
    }

    while (delaysMs.length < workload.length) {
      await Promise.all([...placing]);
      await scheduler.whenIdle();
      if (delaysMs.length >= workload.length || !clock.step()) break;
    }
    scheduler.stop();
    return { delaysMs, statusRequests: fake.count('queryResult') + fake.count('queryFastRecoverOrder') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
