import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VirtualClock } from '../src/core/base/virtual-clock.ts';
import { ChainClient } from '../src/core/chain/chain-client.ts';
import { KEYED_DAILY_BUDGET, REQUESTS_PER_READ } from '../src/core/chain/request-budget.ts';
import { BLOCK_INTERVAL_MS, slotOf } from '../src/core/chain/resource-usage.ts';
import { ENERGY_PER_TRANSFER_TO_HOLDER } from '../src/core/chain/usdt.ts';
import { MemoryDecisionLog } from '../src/core/rules/decision-log.ts';
import type { Rule } from '../src/core/rules/rule.ts';
import { startSimulator, tronAddressFromSeed } from '../src/core/simulator/index.ts';
import { startNodeSimulator, type NodeSimulator } from '../src/core/simulator/node/node-simulator.ts';
import { seededRandom } from '../src/core/simulator/seeded-random.ts';
import { SoakApp } from '../test/support/soak/soak-app.ts';
import { runVirtual } from '../test/support/virtual-run.ts';

/**
 * Issue 25's merchant at scale, measured with the app's real parts (the
 * block-following WalletWatcher over ChainClient, the SQLite order journal,
 * OrderScheduler, the paid path and RuleEvaluator, as the soak runs them:
 * test/support/soak/soak-app.ts) against the linked service and node
 * simulators over loopback HTTP, on one virtual clock. The node produces the
 * day's transfers itself (node/busy-day.ts: quiet nights, busy afternoons,
 * bursts, a few addresses sending most), every address has an auto top-up
 * rule, and every rental goes through it.
 */

const TRX = 1_000_000n;
const HOUR_MS = 3_600_000;
/** A UTC midnight: the budget's day is UTC's, and the day's shape starts at its hour 0. */
const START = Date.UTC(2026, 2, 2);
const USER = { apiKey: 'merchant-day-key', secret: 'merchant-day-secret', trxSun: 100_000_000n * TRX, usdtMicros: 0n };

export interface MerchantDayResult {
  /** Requests the node received from the app during the day (the samples' own reads left out). */
  nodeRequests: number;
  transfers: number;
  orders: number;
  /** From the block holding each transfer from a watched address to the app's first figure that counts it, ms. */
  visibleDelays: number[];
  /** |predicted − read| ÷ max(read, one transfer's energy), in percent, at random moments. */
  predictionErrors: number[];
  /** The budget's plan said short at some point. */
  short: boolean;
}

const addressesOf = (count: number, tag: string): string[] => Array.from({ length: count }, (_, i) => tronAddressFromSeed(`merchant-${tag}-${i}`));

/** Steps the clock from timer to timer, letting the app settle between. */
async function runTo(clock: VirtualClock, app: SoakApp, until: number): Promise<void> {
  await runVirtual(clock, () => app.settle(), until);
  await app.settle();
}

/** The app's side against the two simulators, as the soak opens it. */
function openApp(
  clock: VirtualClock,
  urls: { service: string; node: string },
  watch: { rules: Rule[]; watched?: string[]; perTransfer: Map<string, bigint> },
  seed: number,
  dir: string,
): Promise<SoakApp> {
  return SoakApp.open({
    dir,
    clock,
    serviceUrl: urls.service,
    nodeUrl: urls.node,
    apiKey: USER.apiKey,
    secret: USER.secret,
    ...watch,
    globalLimitSun: 1_000_000n * TRX,
    // One TronGrid key's documented quota: the merchant the issue sizes the budget for.
    nodeDailyBudget: KEYED_DAILY_BUDGET,
    log: new MemoryDecisionLog(),
    random: seededRandom(seed),
    timeoutMs: 2_000,
  });
}

function rulesFor(addresses: readonly string[]): Rule[] {
  return addresses.map((address, i) => ({
    id: `rule-${i}`,
    profileId: 'merchant',
    address,
    name: `deposit ${i}`,
    enabled: true,
    keepTransfers: 1,
    topUpTransfers: 4,
    option: 'fast_recover',
    period: null,
    dailyCapSun: String(500n * TRX),
    maxOrdersPerDay: 20,
    createdAt: START,
    unknownCheckedAt: START,
    maxSunPerEnergy: null,
  }));
}

/** The block a transfer at `at` lands in: the first whose slot ends after it. */
const blockTimeOf = (at: number): number => (slotOf(at) + 1) * BLOCK_INTERVAL_MS;

export async function merchantDay(options: { addresses: number; transfers: number; samples: number; seed: number; hours?: number }): Promise<MerchantDayResult> {
  const length = (options.hours ?? 24) * HOUR_MS;
  const clock = new VirtualClock(START);
  const watched = addressesOf(options.addresses, 'sender');
  const holders = addressesOf(50, 'holder');
  const sim = await startSimulator({ now: () => clock.now(), users: [USER], requestLogLimit: 1_000 });
  const wallets = [
    // One transfer's energy staked: rules buy once an address has sent, not all at the start.
    ...watched.map((address) => ({ address, trxSun: 100_000n * TRX, usdtMicros: 10n ** 13n, stakedEnergy: 70_000n, stakedNet: 10_000n })),
    ...holders.map((address) => ({ address, usdtMicros: 1n })),
  ];
  const busyDay = { seed: options.seed, senders: watched, transfersPerDay: options.transfers, holders, newRecipientPercent: 30, amountMicros: 25_000_000n };
  const node: NodeSimulator = await startNodeSimulator({ now: () => clock.now(), delegations: sim.delegations, spending: null, wallets, busyDay, logLimit: 50_000 });
  const probe = new ChainClient({ nodeUrl: node.baseUrl });
  const dir = await mkdtemp(join(tmpdir(), 'merchant-day-'));
  const rules = rulesFor(watched);
  const perTransfer = new Map(watched.map((a) => [a, ENERGY_PER_TRANSFER_TO_HOLDER]));
  const app = await openApp(clock, { service: sim.baseUrl, node: node.baseUrl }, { rules, perTransfer }, options.seed ^ 0x25, dir);
  const reads = new Map<string, Array<{ startedAt: number; at: number }>>();
  let short = false;
  app.watcher.events.on('resources', ({ address, startedAt, at }) => reads.set(address, [...(reads.get(address) ?? []), { startedAt, at }]));
  app.watcher.events.on('budget', (status) => (short ||= status.plan.short.length > 0));
  const random = seededRandom(options.seed ^ 0xe7);
  const errors: number[] = [];
  let probeRequests = 0;
  const sampleAt = Array.from({ length: options.samples }, () => START + HOUR_MS + Math.floor(random() * (length - HOUR_MS))).sort((a, b) => a - b);
  for (const at of sampleAt) {
    clock.setTimeout(() => {
      const address = watched[Math.floor(random() * watched.length)]!;
      const figures = app.watcher.figures(address);
      if (!figures) return;
      const predicted = figures.reading.energy.available;
      probeRequests += REQUESTS_PER_READ;
      // The full read, sent at the same virtual moment (HTTP takes no virtual time).
      void probe.readSnapshot(address).then((truth) => {
        const actual = truth.energyLimit > truth.energy.used ? truth.energyLimit - truth.energy.used : 0n;
        const diff = predicted > actual ? predicted - actual : actual - predicted;
        const scale = actual > ENERGY_PER_TRANSFER_TO_HOLDER ? actual : ENERGY_PER_TRANSFER_TO_HOLDER;
        errors.push((Number(diff) * 100) / Number(scale));
      });
    }, at - START);
  }
  try {
    const before = node.requestCount();
    await runTo(clock, app, START + length);
    await probe.close();
    const nodeRequests = node.requestCount() - before - probeRequests;
    const transfers = node.transfers.filter((t) => t.at < START + length && t.outcome === 'sent');
    const visibleDelays = transfers.map((t) => {
      const shown = reads.get(t.from)?.find((r) => r.startedAt >= t.at);
      return shown === undefined ? Infinity : Math.max(0, shown.at - blockTimeOf(t.at));
    });
    const orders = [...app.journal.history.orders({})].length;
    return { nodeRequests, transfers: transfers.length, orders, visibleDelays, predictionErrors: errors, short };
  } finally {
    await app.close();
    await node.close();
    await sim.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Idle watching at scale: `addresses` addresses nothing happens to, read
 * first (the day's first reads), then measured over `hours`: the node's
 * requests per address per hour, every request counted (following the
 * chain, refreshes).
 */
export async function idleWatch(addresses: number, hours: number, seed: number): Promise<{ perAddressHour: number; followPerHour: number }> {
  const clock = new VirtualClock(START);
  const watched = addressesOf(addresses, `idle-${addresses}`);
  const sim = await startSimulator({ now: () => clock.now(), users: [USER], requestLogLimit: 100 });
  const node = await startNodeSimulator({ now: () => clock.now(), spending: null, wallets: watched.map((address) => ({ address, trxSun: TRX, stakedEnergy: 65_000n })), logLimit: 1_000 });
  const dir = await mkdtemp(join(tmpdir(), 'idle-watch-'));
  const app = await openApp(clock, { service: sim.baseUrl, node: node.baseUrl }, { rules: [], watched, perTransfer: new Map() }, seed, dir);
  try {
    await runTo(clock, app, START + HOUR_MS);
    const before = node.requestCount();
    const followBefore = node.requestCount('/wallet/getblockbylimitnext');
    await runTo(clock, app, START + HOUR_MS + hours * HOUR_MS);
    const requests = node.requestCount() - before;
    const follow = node.requestCount('/wallet/getblockbylimitnext') - followBefore;
    return { perAddressHour: requests / addresses / hours, followPerHour: follow / hours };
  } finally {
    await app.close();
    await node.close();
    await sim.close();
    await rm(dir, { recursive: true, force: true });
  }
}
