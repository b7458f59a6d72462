import { BurnPrice } from '../../../src/core/app/wallets/burn-price.ts';
import { VirtualClock } from '../../../src/core/base/virtual-clock.ts';
import { ChainClient } from '../../../src/core/chain/chain-client.ts';
import type { RuleSituation } from '../../../src/core/rules/decide.ts';
import { MemoryDecisionLog } from '../../../src/core/rules/decision-log.ts';
import type { DecisionRecord } from '../../../src/core/rules/decision.ts';
import type { Rule } from '../../../src/core/rules/rule.ts';
import { RuleEvaluator } from '../../../src/core/rules/rule-evaluator.ts';
import { ordersRuleLedger } from '../../../src/core/rules/rule-ledger.ts';
import { startNodeSimulator } from '../../../src/core/simulator/node/node-simulator.ts';
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';
import { FeeCache } from '../../../src/core/wallets/fee-cache.ts';

/**
 * Money guard "burn ceiling" (issue 21): an auto top-up never buys at or
 * above what burning TRX for the same energy costs. Measured by running the
 * real rule engine (RuleEvaluator: decide and its burn ceiling) with the burn
 * price read the way the app reads it (BurnPrice → FeeCache → ChainClient →
 * the TRON node simulator's getchainparameters), against quotes one SUN
 * below, at, one SUN above and twice the burn cost, and once more with the
 * node failing getchainparameters. The burn cost each quote is set against
 * is computed here from the node's own fee, not by the code under test.
 */

const ADDRESS = tronAddressFromSeed('money-guards-burn');
const NOON = new Date(2025, 5, 10, 12, 0, 0).getTime();
/** One USDT transfer to a holder: the rule orders exactly this energy for an empty wallet. */
const PER_TRANSFER = 64_285n;
const ENERGY_FEE_SUN = 100n;

const RULE: Rule = {
  id: 'burn-rule',
  profileId: 'p1',
  address: ADDRESS,
  name: 'Payroll',
  enabled: true,
  keepTransfers: 1,
  topUpTransfers: 1,
  option: 'timed',
  period: '1h',
  dailyCapSun: '100000000',
  maxOrdersPerDay: 96,
  maxSunPerEnergy: null,
  createdAt: NOON - 86_400_000,
  unknownCheckedAt: NOON - 86_400_000,
};

export interface BurnCase {
  /** The quote minus the burn cost of the same energy, in SUN. */
  overBurnSun: bigint;
  quoteSun: bigint;
  burnSun: bigint;
  record: DecisionRecord;
  bought: boolean;
}

export interface BurnMeasurement {
  /** Purchases placed at or above the burn cost (the guard's promise: 0). */
  above_burn_bought: number;
  /** Purchases placed one SUN below it (1: the guard does not simply never buy). */
  below_burn_bought: number;
  /** Purchases placed while the energy fee could not be read (0). */
  unknown_fee_bought: number;
  cases: BurnCase[];
  /** The decision when getchainparameters failed. */
  unknownFee: DecisionRecord | null;
}

/** One evaluation of the rule for an empty wallet, the service quoting `priceOf(energy)`. */
async function evaluateOnce(burn: BurnPrice, clock: VirtualClock, priceOf: (energy: bigint) => bigint): Promise<{ record: DecisionRecord; bought: boolean }> {
  let placed = 0;
  const situation = (): RuleSituation => ({
    energyPerTransfer: PER_TRANSFER,
    reading: { at: clock.now(), activated: true, availableEnergy: 0n },
    orders: [],
    globalLeftSun: 1_000_000_000n,
    serviceDown: false,
    nodeDown: false,
    pausedAll: false,
  });
  const evaluator = new RuleEvaluator({
    clock,
    rule: () => RULE,
    situation,
    ledger: ordersRuleLedger(() => [], () => RULE.id),
    quotes: { quote: async (ask) => ({ ok: true, sun: priceOf(BigInt(ask.count)) }), energyFee: () => burn.energyFee() },
    placer: {
      place: async () => {
        placed += 1;
        return { placed: true, localId: `o${placed}` };
      },
    },
    log: new MemoryDecisionLog(),
  });
  const evaluation = await evaluator.evaluate(RULE.id);
  if (!evaluation) throw new Error('the rule was not evaluated');
  return { record: evaluation.record, bought: placed > 0 };
}

export async function measureBurnCeiling(): Promise<BurnMeasurement> {
  const node = await startNodeSimulator({ wallets: [], spending: null, params: { energyFeeSun: ENERGY_FEE_SUN } });
  const clock = new VirtualClock(NOON);
  const chain = new ChainClient({ nodeUrl: node.baseUrl, timeoutMs: 2_000 });
  try {
    const burn = new BurnPrice({ clock, chain: () => chain, fees: new FeeCache(clock) });
    const cases: BurnCase[] = [];
    for (const overBurnSun of [-1n, 0n, 1n]) {
      const run = await evaluateOnce(burn, clock, (energy) => energy * ENERGY_FEE_SUN + overBurnSun);
      cases.push({ overBurnSun, quoteSun: run.record.quotedSun ?? -1n, burnSun: PER_TRANSFER * ENERGY_FEE_SUN, ...run });
    }
    const double = await evaluateOnce(burn, clock, (energy) => 2n * energy * ENERGY_FEE_SUN);
    cases.push({ overBurnSun: PER_TRANSFER * ENERGY_FEE_SUN, quoteSun: double.record.quotedSun ?? -1n, burnSun: PER_TRANSFER * ENERGY_FEE_SUN, ...double });

    // The node fails getchainparameters (and the hour-long cache is empty): the burn cost is unknown.
    node.faults.inject('/wallet/getchainparameters', { kind: 'status', status: 500 }, { times: 'always' });
    const unknown = await evaluateOnce(new BurnPrice({ clock, chain: () => chain, fees: new FeeCache(clock) }), clock, (energy) => energy);
    return {
      above_burn_bought: cases.filter((c) => c.bought && c.quoteSun >= c.burnSun).length,
      below_burn_bought: cases.filter((c) => c.bought && c.quoteSun < c.burnSun).length,
      unknown_fee_bought: unknown.bought ? 1 : 0,
      cases,
      unknownFee: unknown.record,
    };
  } finally {
    await chain.close();
    await node.close();
  }
}
