import type { BaselineResult } from './soak-baselines.ts';
import { burnedSun, coveredCount, percentText, ratioText, trxText } from './soak-metrics.ts';
import type { SoakResult } from './soak-run.ts';

/** The soak's lines, as `npm run bench` prints them. */

function figures(result: BaselineResult, energyFeeSun: bigint): string {
  const { transfers, spentSun } = result;
  return `transfers=${transfers.length} covered_pct=${percentText(coveredCount(transfers), transfers.length)} burned_trx=${trxText(burnedSun(transfers, energyFeeSun))} spent_trx=${trxText(spentSun)}`;
}

/** Spent and burned together. */
export const totalCostSun = (result: BaselineResult, energyFeeSun: bigint): bigint => result.spentSun + burnedSun(result.transfers, energyFeeSun);

export function soakLines(result: SoakResult): string[] {
  const { autotopup, none, dailyRental, energyFeeSun } = result;
  const burnedWithout = burnedSun(none.transfers, energyFeeSun);
  const told = (key: string): number => autotopup.decisions.get(key) ?? 0;
  const sizes = Object.entries(dailyRental.sizes)
    .map(([label, size]) => `${label}=${size}`)
    .join(',');
  return [
    `autotopup: ${figures(autotopup, energyFeeSun)} duplicates=${autotopup.duplicates} over_cap=${autotopup.overCap} blind_buys_during_outage=${autotopup.blindBuys}`,
    `autotopup-baseline none: ${figures(none, energyFeeSun)} total_trx=${trxText(totalCostSun(none, energyFeeSun))}`,
    `autotopup-baseline daily-rental: ${figures(dailyRental, energyFeeSun)} total_trx=${trxText(totalCostSun(dailyRental, energyFeeSun))} rental_energy=${sizes} (1day, bought at midnight at list price)`,
    `autotopup-detail: total_trx=${trxText(totalCostSun(autotopup, energyFeeSun))} orders=${autotopup.orders.length} restarts=${autotopup.restarts} faults=${result.plan.faults.length} spikes=${result.plan.spikes.length} refused_over_cap=${told('refuse:over_rule_cap')} paused_outage=${told('paused:service_down') + told('paused:node_down')}`,
    `bench autotopup_cost_ratio: ${ratioText(autotopup.spentSun, burnedWithout)} (target <= 0.6)`,
  ];
}
