import { runSoak } from '../test/support/soak/soak-run.ts';
import { soakLines } from '../test/support/soak/soak-report.ts';

/**
 * The auto top-up soak (issue 15): a simulated week of three merchant
 * wallets on the linked service and node simulators, virtual clock, the real
 * journal, scheduler, block-following watcher and rule evaluator, with
 * outages, price spikes and restarts (test/support/soak). Prints the rules'
 * line, the two comparisons on the same transfers, and spent ÷
 * burned-without-rental. Then issue 25's larger watch: 200 addresses, 20 of
 * them with a rule, over two days of the same troubles.
 */
export default async function autoTopUpSoak(): Promise<void> {
  const started = process.cpuUsage();
  const week = await runSoak({ seed: 15, days: 7 });
  for (const line of soakLines(week)) console.log(line);
  const fleet = await runSoak({ seed: 15, days: 2, fleet: { rules: 20, watched: 200 } });
  for (const line of soakLines(fleet, 'autotopup-200')) console.log(line);
  const cpu = process.cpuUsage(started);
  console.log(`autotopup-soak: ran in ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU`);
}
