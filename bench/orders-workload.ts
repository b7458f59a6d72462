import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../src/core/api/client.ts';
import { systemClock, type Clock } from '../src/core/base/clock.ts';
import { OrderJournal } from '../src/core/orders/order-journal.ts';
import type { OrderIntent } from '../src/core/orders/order-types.ts';
import { OrderScheduler } from '../src/core/orders/scheduler.ts';
import { submitPaidOrder } from '../src/core/orders/submit-paid-order.ts';
import type { PollSchedule } from '../src/core/orders/poll-schedule.ts';
import { startSimulator, tronAddressFromSeed } from '../src/core/simulator/index.ts';
import { VirtualClock } from '../src/core/base/virtual-clock.ts';
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
  /** query_result and query_fast_recover_order requests the simulator received. */
  statusRequests: number;
  /** user_info requests: the balance, refreshed on its interval and after each finished order. */
  balanceRequests: number;
}

export interface WorkloadOptions {
  schedule?: PollSchedule;
  /** Real time instead of the virtual clock: HTTP and journal writes take the time they take. */
  realClock?: boolean;
  /** A folder with an order history the journal opens with (bench/history-seed.ts). */
  historyDir?: string;
}

const BENCH_USER = { apiKey: 'bench-api-key', secret: 'bench-api-secret', trxSun: 100_000_000_000n, usdtMicros: 0n };
/** A fixed virtual epoch: signatures carry realistic timestamps and runs repeat exactly. */
const EPOCH_MS = 1_750_000_000_000;

function intentFor(w: WorkloadOrder, address: string): OrderIntent {
  return w.kind === 'energy'
    ? { kind: 'energy', profileId: 'bench', address, resource: 'energy', count: 65_000, period: '1h' }
    : { kind: 'fast_recover', profileId: 'bench', address, resource: 'energy', count: 65_000 };
}

/**
 * Runs the real journal, submission path, scheduler and ApiClient against the
 * real simulator over loopback HTTP, all on one VirtualClock. Virtual time
 * moves only when nothing is in flight (every placement settled and the
 * scheduler idle), so an HTTP exchange takes no virtual time and the result
 * depends only on the seeds, not on this machine's speed. With `realClock`
 * everything runs on the system clock instead, and takes as long as the
 * workload does (about two and a half minutes).
 *
 * Each workload order gets its own address, which is how the simulator's
 * finishAt hook finds that order's completion delay.
 */
export async function runWorkload(workload: WorkloadOrder[], random: () => number, options: WorkloadOptions = {}): Promise<WorkloadResult> {
  const virtual = options.realClock ? null : new VirtualClock(EPOCH_MS);
  const clock: Clock = virtual ?? systemClock;
  const { schedule } = options;
  const addresses = workload.map((_, i) => tronAddressFromSeed(`orders-bench-${i}`));
  const delayByAddress = new Map(workload.map((w, i) => [addresses[i]!, w.finishAfter]));
  const completionByAddress = new Map<string, number>(); // virtual time the service reports the order finished
  const sim = await startSimulator({
    now: () => clock.now(),
    users: [BENCH_USER],
    finishAt: (order) => {
      const delay = delayByAddress.get(order.address);
      if (delay !== undefined) completionByAddress.set(order.address, clock.now() + delay);
      return delay;
    },
  });
  const api = new ApiClient({ baseUrl: sim.baseUrl, apiKey: BENCH_USER.apiKey, secret: BENCH_USER.secret, now: () => clock.now() });
  const dir = options.historyDir ?? (await mkdtemp(join(tmpdir(), 'orders-bench-')));
  try {
    const journal = await OrderJournal.open(dir, clock);
    const scheduler = new OrderScheduler({ api, journal, clock, random, ...(schedule ? { schedule } : {}) });
    const delaysMs: number[] = [];
    scheduler.events.on('orderFinished', (n) => {
      const address = journal.get(n.localId)?.address;
      delaysMs.push(clock.now() - (completionByAddress.get(address ?? '') ?? Number.NaN));
    });
    scheduler.start();

    const placing = new Set<Promise<void>>();
    const failures: string[] = [];
    workload.forEach((w, i) => {
      clock.setTimeout(() => {
        const task = (async () => {
          const order = await submitPaidOrder({ api, journal }, intentFor(w, addresses[i]!));
          if (order.state !== 'running') failures.push(`order ${i}: ${order.state} ${order.error ?? ''}`);
          scheduler.track(order.localId);
        })();
        placing.add(task);
        void task.finally(() => placing.delete(task));
      }, w.placeAt);
    });

    if (virtual) {
      while (delaysMs.length < workload.length) {
        await Promise.all([...placing]);
        await scheduler.whenIdle();
        if (failures.length > 0) throw new Error(`orders were not accepted: ${failures.join('; ')}`);
        if (delaysMs.length >= workload.length || !virtual.step()) break;
      }
    } else {
      const deadline = Date.now() + 30_000 + Math.max(...workload.map((w) => w.placeAt + w.finishAfter));
      while (delaysMs.length < workload.length && Date.now() < deadline && failures.length === 0) await new Promise((resolve) => setTimeout(resolve, 250));
      if (failures.length > 0) throw new Error(`orders were not accepted: ${failures.join('; ')}`);
    }
    scheduler.stop();
    await scheduler.whenIdle();
    journal.close();
    return {
      delaysMs,
      statusRequests: sim.requestCount('/query_result') + sim.requestCount('/query_fast_recover_order'),
      balanceRequests: sim.requestCount('/user_info'),
    };
  } finally {
    await api.close();
    await sim.close();
    await rm(dir, { recursive: true, force: true });
  }
}
