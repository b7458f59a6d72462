import { seededRandom } from '../test/support/seeded-random.ts';
import { median, percentile, report } from './report.ts';
import { energyVisibleDelays, idleRequestsPerAddressHour, type ArrivalOrder } from './wallets-workload.ts';

/**
 * Issue 14's wallet figures, measured with the real watcher, scheduler and
 * clients against the linked simulators over loopback HTTP on virtual time
 * (bench/wallets-workload.ts):
 * - requests an idle watched address costs the TRON node an hour (5 addresses, 6 hours);
 * - seconds from an energy order's success at the service to the new energy
 *   shown (the watcher's reading), over 30 orders finishing 3–60 s after they
 *   are placed, half timed and half fast recover, on an address that is read
 *   at the idle cadence until then.
 */
export default async function walletsBench(): Promise<void> {
  const perHour = await idleRequestsPerAddressHour(5, 6, seededRandom(14));
  report('wallet_requests_per_address_hour_idle', perHour, '<= 60');

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
