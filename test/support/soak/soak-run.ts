import { rm } from 'node:fs/promises';
import { VirtualClock } from '../../../src/core/base/virtual-clock.ts';
import { ChainClient } from '../../../src/core/chain/chain-client.ts';
import type { TrackedOrder } from '../../../src/core/orders/order-types.ts';
import { MemoryDecisionLog } from '../../../src/core/rules/decision-log.ts';
import type { Rule } from '../../../src/core/rules/rule.ts';
import { startSimulator, type Fault, type Simulator } from '../../../src/core/simulator/index.ts';
import { NODE_ROUTES } from '../../../src/core/simulator/node/node-routes.ts';
import { startNodeSimulator, type NodeFault, type NodeSimulator } from '../../../src/core/simulator/node/node-simulator.ts';
import type { ChainParams, NodeWalletSeed } from '../../../src/core/simulator/node/chain-state.ts';
import { MAINNET_FEES } from '../../../src/core/simulator/node/chain-parameters.ts';
import { ROUTES } from '../../../src/core/simulator/routes.ts';
import { seededRandom } from '../../../src/core/simulator/seeded-random.ts';
import { generateTraffic, pricePercentAt, type FaultWindow, type TrafficOptions, type TrafficPlan } from '../traffic-model.ts';
import { dailyRental, noRental, seedRecipient, type BaselineResult } from './soak-baselines.ts';
import { SoakApp } from './soak-app.ts';
import { countBlindBuys, countDuplicates, countOverCap, type SettledTransfer } from './soak-metrics.ts';
import { GLOBAL_DAILY_LIMIT_SUN, meanDailyEnergy, MERCHANT_WALLETS, RULE_SETTINGS, type WalletRuleSettings } from './soak-scenario.ts';
import { tempDir } from '../temp-dir.ts';

/**
 * The auto top-up soak (issue 15): the traffic model's week (or `days`) on
 * the linked service and node simulators, on one virtual clock, with the
 * app side (SoakApp) evaluating its rules on every reading; the plan's
 * outages injected as simulator faults for their windows, its price spikes
 * as the service's prices, its restarts as the app closed and opened again
 * on the same order store. Then the two comparisons on the same transfers.
 */

export interface SoakOptions {
  seed: number;
  days: number;
  /** A local midnight (default 5 January 2026). */
  start?: number;
  settings?: Readonly<Record<string, WalletRuleSettings>>;
  globalLimitSun?: bigint;
  /** Real ms a hung request is waited for (default 250). */
  timeoutMs?: number;
  /** More (or fewer) troubles than the model's week has: faults, spikes, restarts a day. */
  troubles?: Pick<TrafficOptions, 'serviceFaultsPerDay' | 'nodeFaultsPerDay' | 'spikesPerDay' | 'restartsPerDay'>;
  /** A control only (SoakAppOptions.forgetfulLedger). */
  forgetfulLedger?: boolean;
}

export interface AutoTopUpResult extends BaselineResult {
  orders: TrackedOrder[];
  duplicates: number;
  overCap: number;
  blindBuys: number;
  restarts: number;
  /** Decision records by kind and reason ("refuse:over_rule_cap"): a buy each, any other decision when it changes. */
  decisions: Map<string, number>;
}

export interface SoakResult {
  plan: TrafficPlan;
  rules: Rule[];
  energyFeeSun: bigint;
  autotopup: AutoTopUpResult;
  none: BaselineResult;
  dailyRental: BaselineResult & { sizes: Record<string, bigint> };
}

const USER = { apiKey: 'soak-key', secret: 'soak-secret', trxSun: 10_000_000n * 1_000_000n, usdtMicros: 0n };
/** Senders can always pay (burns included) and have bandwidth staked, so what burns is energy alone. */
const walletSeed = (address: string): NodeWalletSeed => ({ address, trxSun: 10_000_000n * 1_000_000n, usdtMicros: 10n ** 15n, stakedNet: 1_000_000n });

function serviceFault(f: FaultWindow): Fault {
  return f.kind === 'hang' ? { kind: 'hang' } : { kind: 'status', status: f.kind === 'http_429' ? 429 : 503 };
}

function nodeFault(f: FaultWindow): NodeFault {
  if (f.kind === 'hang') return { kind: 'hang' };
  return f.kind === 'http_429' ? { kind: 'rate-limit', status: 429, retryAfter: String(f.retryAfterS ?? 1) } : { kind: 'status', status: 502 };
}

/** Every path of the target answers with the fault for the window, then normally again (windows of one target never overlap). */
function scheduleFaults(clock: VirtualClock, plan: TrafficPlan, sim: Simulator, node: NodeSimulator): void {
  for (const f of plan.faults) {
    const paths = f.target === 'service' ? [...ROUTES.keys()] : [...NODE_ROUTES.keys()];
    clock.setTimeout(() => {
      for (const path of paths) {
        if (f.target === 'service') sim.faults.inject(path, serviceFault(f), { times: 'always' });
        else node.faults.inject(path, nodeFault(f), { times: 'always' });
      }
    }, f.start - clock.now());
    clock.setTimeout(() => (f.target === 'service' ? sim.faults.clear() : node.faults.clear()), f.end - clock.now());
  }
}

function makeRules(plan: TrafficPlan, settings: Readonly<Record<string, WalletRuleSettings>>): Rule[] {
  return Object.entries(settings).map(([label, s]) => ({
    id: `rule-${label}`,
    profileId: 'soak',
    address: plan.senders[label]!,
    name: label,
    enabled: true,
    ...s.rule,
    createdAt: plan.start,
    unknownCheckedAt: plan.start,
    maxSunPerEnergy: null,
  }));
}

async function runAutoTopUp(plan: TrafficPlan, options: Required<SoakOptions>, rules: Rule[], wallets: NodeWalletSeed[]): Promise<AutoTopUpResult & { chain: ChainParams }> {
  const clock = new VirtualClock(plan.start);
  const sim = await startSimulator({ now: () => clock.now(), users: [USER], pricePercent: () => pricePercentAt(plan, clock.now()), requestLogLimit: 1_000 });
  const node = await startNodeSimulator({ now: () => clock.now(), delegations: sim.delegations, spending: null, wallets, logLimit: 1_000 });
  const dir = tempDir('autotopup-soak');
  const reader = new ChainClient({ nodeUrl: node.baseUrl });
  const perTransfer = new Map(Object.entries(options.settings).map(([label, s]) => [plan.senders[label]!, s.perTransfer]));
  const decisions = new Map<string, number>();
  const log = new MemoryDecisionLog();
  const open = (): Promise<SoakApp> =>
    SoakApp.open({
      dir,
      clock,
      serviceUrl: sim.baseUrl,
      nodeUrl: node.baseUrl,
      apiKey: USER.apiKey,
      secret: USER.secret,
      rules,
      perTransfer,
      globalLimitSun: options.globalLimitSun,
      log,
      random: seededRandom(options.seed ^ 0x5eed),
      timeoutMs: options.timeoutMs,
      forgetfulLedger: options.forgetfulLedger,
      onEvaluation: ({ record, recorded }) => {
        const key = `${record.kind}:${record.reason}`;
        if (recorded) decisions.set(key, (decisions.get(key) ?? 0) + 1);
      },
    });
  try {
    const fees = await reader.chainFees();
    const transfers: SettledTransfer[] = [];
    for (const t of plan.transfers) {
      clock.setTimeout(() => {
        seedRecipient(node.state, t);
        const record = node.transfer(t.from, t.to, t.amountMicros);
        if (record.outcome !== 'sent') throw new Error(`a soak transfer could not be sent (${record.outcome})`);
        transfers.push({ at: t.at, wallet: t.wallet, energy: record.energy, energyFromAccount: record.energyFromAccount });
      }, t.at - plan.start);
    }
    scheduleFaults(clock, plan, sim, node);
    let restartDue = false;
    for (const at of plan.restarts) clock.setTimeout(() => (restartDue = true), at - plan.start);
    let app = await open();
    let restarts = 0;
    for (;;) {
      await app.settle();
      if (restartDue) {
        restartDue = false;
        restarts++;
        await app.close();
        app = await open();
        continue;
      }
      const next = clock.nextAt();
      if (next === undefined || next > plan.end) break;
      clock.step();
    }
    clock.advanceTo(plan.end);
    await app.settle();
    const orders = [...app.journal.history.orders({})];
    await app.close();
    const spentSun = USER.trxSun - sim.balanceOf(USER.apiKey).trxSun;
    return {
      chain: { ...MAINNET_FEES, energyFeeSun: fees.energyFeeSun, transactionFeeSun: fees.bandwidthFeeSun },
      transfers,
      spentSun,
      orders,
      duplicates: countDuplicates(orders),
      overCap: countOverCap(orders, rules, options.globalLimitSun),
      blindBuys: countBlindBuys(orders, plan.faults),
      restarts,
      decisions,
    };
  } finally {
    await reader.close();
    await node.close();
    await sim.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function runSoak(input: SoakOptions): Promise<SoakResult> {
  const options: Required<SoakOptions> = {
    start: new Date(2026, 0, 5).getTime(),
    settings: RULE_SETTINGS,
    globalLimitSun: GLOBAL_DAILY_LIMIT_SUN,
    timeoutMs: 250,
    troubles: {},
    forgetfulLedger: false,
    ...input,
  };
  const plan = generateTraffic({ seed: options.seed, start: options.start, days: options.days, ...options.troubles });
  const rules = makeRules(plan, options.settings);
  const wallets = Object.values(plan.senders).map(walletSeed);
  // The comparisons run on the chain parameters the node simulator reported.
  const { chain: params, ...autotopup } = await runAutoTopUp(plan, options, rules, wallets);
  const sizes = Object.fromEntries(MERCHANT_WALLETS.map((w) => [w.label, meanDailyEnergy(w)]));
  return { plan, rules, energyFeeSun: params.energyFeeSun, autotopup, none: noRental(plan, params, wallets), dailyRental: { ...dailyRental(plan, params, wallets, sizes), sizes } };
}
