import { median, percentile, report } from './report.ts';
import { makeWorkload, naiveRequests, runWorkload, seededRandom } from './orders-workload.ts';

/**
 * Issue 5's polling benchmark: 50 orders (80% finish 3–12 s after creation,
 * 20% 12–120 s) placed through submitPaidOrder and polled by the real
 * scheduler and ApiClient against the real simulator over loopback HTTP, with
 * one VirtualClock for the service, the client's signatures, the journal and
 * the scheduler. Delay = virtual time from an order's completion at the service
 * to its orderFinished event; status requests are counted in the simulator's
 * request log and compared with a fixed 1-second poller on the same orders.
 */
export default async function ordersBench(): Promise<void> {
  const workload = makeWorkload(50, seededRandom(20_240_601));
  const { delaysMs, statusRequests } = await runWorkload(workload, seededRandom(7));
  if (delaysMs.length !== workload.length) throw new Error(`only ${delaysMs.length} of ${workload.length} orders were notified`);
  const naive = workload.reduce((sum, w) => sum + naiveRequests(w.finishAfter), 0) / workload.length;
  const scheduler = statusRequests / workload.length;
  report('notify_delay_median_s', median(delaysMs) / 1_000, '<= 1.5');
  report('notify_delay_p95_s', percentile(delaysMs, 95) / 1_000, '<= 8');
  report('naive_requests_per_order', naive);
  report('scheduler_requests_per_order', scheduler);
  report('poll_requests_ratio', scheduler / naive, '<= 0.35');
}
