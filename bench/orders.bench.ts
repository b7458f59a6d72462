import { historyDir } from './history-seed.ts';
import { median, percentile, report } from './report.ts';
import { makeWorkload, naiveRequests, runWorkload, seededRandom } from './orders-workload.ts';

/**
 * Issue 5's polling benchmark: 50 orders (80% finish 3–12 s after creation,
 * 20% 12–120 s) placed through submitPaidOrder and polled by the real
 * scheduler and ApiClient against the real simulator over loopback HTTP.
 * Delay = time from an order's completion at the service to its
 * orderFinished event; requests are counted in the simulator and compared
 * with a fixed 1-second poller on the same orders (which would need no
 * balance request either: the scheduler's balance requests are counted too).
 *
 * First on one VirtualClock with an empty journal (repeatable: HTTP and
 * journal writes take no virtual time); then issue 13's figure: the same
 * workload on the real clock over 10,000 orders of history (about 2.5 minutes).
 */
export default async function ordersBench(): Promise<void> {
  const workload = makeWorkload(50, seededRandom(20_240_601));
  const naive = workload.reduce((sum, w) => sum + naiveRequests(w.finishAfter), 0) / workload.length;
  const virtual = await runWorkload(workload, seededRandom(7));
  if (virtual.delaysMs.length !== workload.length) throw new Error(`only ${virtual.delaysMs.length} of ${workload.length} orders were notified`);
  const scheduler = virtual.statusRequests / workload.length;
  report('notify_delay_median_s', median(virtual.delaysMs) / 1_000, '<= 1.5');
  report('notify_delay_p95_s', percentile(virtual.delaysMs, 95) / 1_000, '<= 8');
  report('naive_requests_per_order', naive);
  report('scheduler_requests_per_order', scheduler);
  report('balance_requests_per_order', virtual.balanceRequests / workload.length);
  report('poll_requests_ratio', (virtual.statusRequests + virtual.balanceRequests) / workload.length / naive, '<= 0.35');

  const real = await runWorkload(workload, seededRandom(7), { realClock: true, historyDir: historyDir(10_000) });
  if (real.delaysMs.length !== workload.length) throw new Error(`only ${real.delaysMs.length} of ${workload.length} orders were notified on the real clock`);
  report('notify_delay_real_median_s_10k', median(real.delaysMs) / 1_000, '<= 1.3');
  report('notify_delay_real_p95_s_10k', percentile(real.delaysMs, 95) / 1_000, '<= 6');
}
