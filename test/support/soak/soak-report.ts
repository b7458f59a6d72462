import type { BaselineResult } from './soak-baselines.ts';
import { burnedSun, coveredCount, percentText, ratioText, trxText } from './soak-metrics.ts';
import type { SoakResult } from './soak-run.ts';
import { kindOf } from '../traffic-model.ts';

/** The soak's lines, as `npm run bench` prints them. */

function figures(result: BaselineResult, energyFeeSun: bigint): string {
  const { transfers, spentSun } = result;
  return `transfers=${transfers.length} covered_pct=${percentText(coveredCount(transfers), transfers.length)} burned_trx=${trxText(burnedSun(transfers, energyFeeSun))} spent_trx=${trxText(spentSun)}`;
}

/** Spent and burned together. */
export const totalCostSun = (result: BaselineResult, energyFeeSun: bigint): bigint => result.spentSun + burnedSun(result.transfers, energyFeeSun);

/**
 * The lines for one run; `name` tells a variant apart (`autotopup-200`, with
 * its bench figure `autotopup_200_cost_ratio`), and `extra` adds figures to
 * its detail line.
 */
export function soakLines(result: SoakResult, name = 'autotopup', extra = ''): string[] {
  const { autotopup, none, dailyRental, energyFeeSun } = result;
  const burnedWithout = burnedSun(none.transfers, energyFeeSun);
  const told = (key: string): number => autotopup.decisions.get(key) ?? 0;
  // A fleet's wallets of one kind share one size: each size once, with its kind.
  const sizes = [...new Map(Object.entries(dailyRental.sizes).map(([label, size]) => [kindOf(label), size]))]
    .map(([kind, size]) => `${kind}=${size}`)
    .join(',');
  return [
    `${name}: ${figures(autotopup, energyFeeSun)} duplicates=${autotopup.duplicates} over_cap=${autotopup.overCap} blind_buys_during_outage=${autotopup.blindBuys}`,
    `${name}-baseline none: ${figures(none, energyFeeSun)} total_trx=${trxText(totalCostSun(none, energyFeeSun))}`,
    `${name}-baseline daily-rental: ${figures(dailyRental, energyFeeSun)} total_trx=${trxText(totalCostSun(dailyRental, energyFeeSun))} rental_energy=${sizes} (1day, bought at midnight at list price)`,
    `${name}-detail: total_trx=${trxText(totalCostSun(autotopup, energyFeeSun))} orders=${autotopup.orders.length} restarts=${autotopup.restarts} faults=${result.plan.faults.length} spikes=${result.plan.spikes.length} refused_over_cap=${told('refuse:over_rule_cap')} paused_outage=${told('paused:service_down') + told('paused:node_down')} watched=${autotopup.watched} node_requests=${autotopup.nodeRequests}${extra}`,
    `bench ${name.replace(/-/g, '_')}_cost_ratio: ${ratioText(autotopup.spentSun, burnedWithout)} (target <= 0.6)`,
  ];
}
