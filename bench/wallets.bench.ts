import { seededRandom } from '../test/support/seeded-random.ts';
import { median, percentile, report } from './report.ts';
import { idleWatch, merchantDay } from './merchant-day.ts';
import { energyVisibleDelays, type ArrivalOrder } from './wallets-workload.ts';

/**
 * Issue 25's wallet figures, measured with the real block-following watcher,
 * journal, scheduler and rule evaluator against the linked simulators over
 * loopback HTTP on virtual time (bench/merchant-day.ts):
 * - a merchant's day: 1,000 watched addresses, each with an auto top-up
 *   rule, 5,000 USDT transfers among them in the node simulator's pattern of
 *   quiet hours and bursts: the node's requests that day; from the block
 *   holding each transfer to the app's figure counting it; the predicted
 *   energy against a full read at 500 random moments;
 * - idle watching: 1,000 addresses nothing happens to, a day after their
 *   first reads: requests per address per hour, everything counted. Following
 *   the chain costs the same for one address or ten thousand: the same
 *   figure for 5 addresses is printed beside it;
 * - issue 14's arrival: seconds from an energy order's success at the
 *   service to the new energy shown (30 orders finishing 3–60 s after they
 *   are placed, half timed and half fast recover).
 */
export default async function walletsBench(): Promise<void> {
  const day = await merchantDay({ addresses: 1_000, transfers: 5_000, samples: 500, seed: 25 });
  report('wallet_node_requests_per_day_1000', day.nodeRequests, '<= 100000');
  const seen = day.visibleDelays.filter(Number.isFinite);
  report('wallet_energy_visible_after_transfer_p95_s', percentile(seen, 95) / 1_000, '<= 6');
  report('wallet_energy_visible_after_transfer_median_s', median(seen) / 1_000);
  report('wallet_prediction_error_pct_p95', percentile(day.predictionErrors, 95), '<= 1');
  report('wallet_prediction_error_pct_max', Math.max(...day.predictionErrors));
  console.log(
    `wallets-day: addresses=1000 transfers=${day.transfers} orders=${day.orders} transfers_not_seen=${day.visibleDelays.length - seen.length}` +
      ` samples=${day.predictionErrors.length} budget_short=${day.short}`,
  );

  const idle = await idleWatch(1_000, 24, 14);
  report('wallet_requests_per_address_hour_idle', idle.perAddressHour, '<= 2');
  report('wallet_follow_requests_per_hour', idle.followPerHour);
  const few = await idleWatch(5, 24, 14);
  report('wallet_requests_per_address_hour_idle_5', few.perAddressHour);

  const random = seededRandom(20_250_614);
  const orders: ArrivalOrder[] = Array.from({ length: 30 }, (_, i) => ({
    placeAt: Math.round(random() * 120_000),
    finishAfter: Math.round(i < 24 ? 3_000 + random() * 9_000 : 12_000 + random() * 48_000),
    kind: i % 2 === 0 ? 'energy' : 'fast_recover',
  }));
  const delays = await energyVisibleDelays(orders, seededRandom(7));
  report('wallet_energy_visible_after_order_s', median(delays) / 1_000, '<= 5');
  report('wallet_energy_visible_after_order_p95_s', percentile(delays, 95) / 1_000);
}
