/**
 * Issue 13: 200 orders in flight for 60 s of real time over 10,000 orders of
 * history, polled by the real scheduler, journal and ApiClient against the
 * simulator in its own process (its work is not counted). Measured in this
 * process only: CPU time, bytes that reached the storage layer, and how many
 * order polls started within a second of being due.
 */
import { rmSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ApiClient } from '../src/core/api/client.ts';
import { systemClock } from '../src/core/base/clock.ts';
import { OrderJournal } from '../src/core/orders/order-journal.ts';
import { OrderScheduler } from '../src/core/orders/scheduler.ts';
import { submitPaidOrder } from '../src/core/orders/submit-paid-order.ts';
import { tronAddressFromSeed } from '../src/core/simulator/index.ts';
import { historyDir } from './history-seed.ts';
import { procIo } from './proc-stats.ts';
import { report } from './report.ts';
import { BENCH_USER, startSimulatorProcess } from './sim-process.ts';

const IN_FLIGHT = 200;
const WINDOW_MS = 60_000;
const ON_TIME_MS = 1_000;

export default async function schedulerLoadBench(): Promise<void> {
  // Orders stay running for the whole window: 10 minutes at the simulator.
  const sim = await startSimulatorProcess({ timing: { timedOrderMs: 600_000, fastRecoverMs: 600_000 }, requestLogLimit: 1_000 });
  const dir = historyDir(10_000);
  const api = new ApiClient({ baseUrl: sim.baseUrl, apiKey: BENCH_USER.apiKey, secret: BENCH_USER.secret });
  const journal = await OrderJournal.open(dir, systemClock);
  const late: number[] = [];
  let measuring = false;
  const scheduler = new OrderScheduler({ api, journal, clock: systemClock, onOrderPoll: (ms) => void (measuring && late.push(ms)) });
  try {
    scheduler.start();
    for (let i = 0; i < IN_FLIGHT; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, async (_, k) => {
          const intent = { kind: 'energy' as const, profileId: 'bench', address: tronAddressFromSeed(`load-${i + k}`), resource: 'energy' as const, count: 65_000, period: '1h' };
          const order = await submitPaidOrder({ api, journal }, intent);
          if (order.state !== 'running') throw new Error(`an order was not accepted: ${order.state} ${order.error ?? ''}`);
          scheduler.track(order.localId);
        }),
      );
    }
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const io0 = procIo();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    measuring = true;
    delay.enable();
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    measuring = false;
    delay.disable();
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const io1 = procIo();
    if (scheduler.trackedCount() !== IN_FLIGHT) throw new Error(`${scheduler.trackedCount()} orders tracked, ${IN_FLIGHT} expected`);
    const minutes = wallMs / 60_000;
    report('scheduler_cpu_pct_200_inflight_10k', ((cpu.user + cpu.system) / 1000 / wallMs) * 100, '<= 20');
    report(
      'scheduler_disk_mb_per_min_200_inflight_10k',
      io0 && io1 ? (io1.writeBytes - io0.writeBytes) / 1e6 / minutes : 'n/a (needs /proc/self/io)',
      '<= 100',
    );
    report('scheduler_polls_on_time_pct_200_inflight_10k', (late.filter((ms) => ms <= ON_TIME_MS).length / late.length) * 100, '>= 95');
    report('scheduler_polls_per_order_per_min_200_inflight_10k', late.length / IN_FLIGHT / minutes);
    report('scheduler_event_loop_p99_ms_200_inflight_10k', delay.percentile(99) / 1e6);
  } finally {
    scheduler.stop();
    await scheduler.whenIdle().catch(() => undefined);
    journal.close();
    await api.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
