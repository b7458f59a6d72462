import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppService, type AppLog } from '../../../../src/core/app/app-service.ts';
import type { AppServices } from '../../../../src/core/app/app-wiring.ts';
import { LoggingEventSink, loggingNotifier, refusingApproval } from '../../../../src/core/app/headless-ports.ts';
import { VirtualClock } from '../../../../src/core/base/virtual-clock.ts';
import { MemoryCredentialStore } from '../../../../src/core/credentials/memory-store.ts';
import { SettingsStore } from '../../../../src/core/settings/settings-store.ts';
import { startSimulator, tronAddressFromSeed, type Simulator } from '../../../../src/core/simulator/index.ts';
import { startNodeSimulator, type NodeSimulator } from '../../../../src/core/simulator/node/node-simulator.ts';
import { MIN_DAILY_BUDGET } from '../../../../src/shared/node-budget.ts';
import { readWalletCsv } from '../../../../src/core/rules/wallet-csv.ts';
import type { WatchedWallet } from '../../../../src/core/wallets/watched-wallet.ts';
import { runVirtual } from '../../../support/virtual-run.ts';

const TRX = 1_000_000n;
const MINUTE = 60_000;
/** 14:00 UTC: the busy-day pattern's afternoon, and ten hours of the budget's day already gone. */
const START = Date.UTC(2026, 2, 2, 14);
const USER = { apiKey: 'merchant-daemon-key', secret: 'merchant-daemon-secret', trxSun: 1_000_000n * TRX, usdtMicros: 0n };
const PROFILE = '0b6f3f7e-25a0-4c1d-9a55-2f1c6a7d0e25';
const ADDRESSES = Array.from({ length: 1_000 }, (_, i) => tronAddressFromSeed(`merchant-daemon-${i}`));

interface Line {
  level: string;
  event: string;
  fields: Record<string, unknown>;
}

interface World {
  clock: VirtualClock;
  sim: Simulator;
  node: NodeSimulator;
  services: AppServices;
  service: AppService;
  lines: Line[];
}

/**
 * The daemon's core in process (as src/cli/daemon/run-daemon.ts wires it: the
 * real AppService on a pinned profile with the headless ports and their JSON
 * log), on a virtual clock, against the linked service and node simulators.
 * The 1,000 watched wallets come from a wallets CSV read by the import's own
 * reader (core/rules/wallet-csv.ts), left in the settings file as an older
 * version kept them, so opening the profile moves them into its store; the
 * node makes a merchant's day of USDT transfers from them.
 */
/** The 1,000 deposit addresses as a wallets CSV (label,address,plan), read as `energy-tray wallets import` reads it. */
function importedWallets(): WatchedWallet[] {
  const csv = ['label,address,plan', ...ADDRESSES.map((address, i) => `Deposit ${i},${address},transfers=1`)].join('\n');
  let next = 0;
  const read = readWalletCsv(csv, { profileId: PROFILE, now: START, newId: () => `deposit-${next++}`, wallets: [], rules: [] });
  if (!read.ok) throw new Error(`the CSV did not import: ${JSON.stringify(read.problems.slice(0, 3))}`);
  expect(read.wallets).toHaveLength(1_000);
  expect(read.rules).toEqual([]);
  return read.wallets;
}

async function daemonWatching(dailyBudget: number): Promise<World> {
  const clock = new VirtualClock(START);
  const sim = await startSimulator({ now: () => clock.now(), users: [USER], requestLogLimit: 1_000 });
  const holders = Array.from({ length: 20 }, (_, i) => tronAddressFromSeed(`merchant-daemon-holder-${i}`));
  const busyDay = { seed: 25, senders: ADDRESSES, transfersPerDay: 5_000, holders, newRecipientPercent: 30, amountMicros: 25_000_000n };
  const node = await startNodeSimulator({
    now: () => clock.now(),
    delegations: sim.delegations,
    spending: null,
    wallets: [
      ...ADDRESSES.map((address) => ({ address, trxSun: 100n * TRX, usdtMicros: 10n ** 12n, stakedEnergy: 70_000n, stakedNet: 10_000n })),
      ...holders.map((address) => ({ address, usdtMicros: 1n })),
    ],
    busyDay,
    logLimit: 50_000,
  });
  const userDataDir = mkdtempSync(join(tmpdir(), 'energy-tray-merchant-daemon-'));
  await new SettingsStore({ dir: userDataDir }).update((s) => ({
    ...s,
    profiles: [{ id: PROFILE, name: 'Merchant', baseUrl: sim.baseUrl, keyHint: null, lastVerifiedAt: null }],
    activeProfileId: PROFILE,
    nodeUrl: node.baseUrl,
    nodeDailyBudget: dailyBudget,
    wallets: importedWallets(),
  }));
  const credentialStore = new MemoryCredentialStore();
  await credentialStore.set(PROFILE, { apiKey: USER.apiKey, apiSecret: USER.secret });
  const lines: Line[] = [];
  const log: AppLog = {
    info: (fields, event = '') => void lines.push({ level: 'info', event, fields: fields as Record<string, unknown> }),
    warn: (fields, event = '') => void lines.push({ level: 'warn', event, fields: fields as Record<string, unknown> }),
    error: (fields, event = '') => void lines.push({ level: 'error', event, fields: fields as Record<string, unknown> }),
  };
  let services: AppServices | undefined;
  const service = new AppService({
    info: { name: 'energy-tray daemon', version: '0', platform: 'linux' },
    userDataDir,
    credentialStore,
    clock,
    notifier: loggingNotifier(log),
    events: new LoggingEventSink(log),
    approval: refusingApproval(log),
    log,
    timeoutMs: 5_000,
    pinnedAccount: { profileId: PROFILE, baseUrl: sim.baseUrl },
    onWired: (wired) => void (services = wired),
  });
  await service.start();
  if (!services) throw new Error('onWired was not called');
  return { clock, sim, node, services, service, lines };
}

/** Steps the virtual clock from timer to timer, letting the wallets' reads and the follower's polls answer between. */
async function runFor(world: World, ms: number): Promise<void> {
  const settle = async (): Promise<void> => {
    await new Promise((resolve) => setImmediate(resolve));
    await world.services.wallets.whenIdle();
  };
  await runVirtual(world.clock, settle, world.clock.now() + ms);
  await settle();
}

describe('the daemon watching 1,000 addresses (issue 25)', () => {
  let world: World | undefined;
  afterEach(async () => {
    await world?.service.stop();
    await world?.node.close();
    await world?.sim.close();
    world = undefined;
  });

  it('for 10 simulated minutes of a busy afternoon: reads every address once, then only what the blocks touched, within a day’s share', async () => {
    world = await daemonWatching(100_000);
    const { services, node, lines } = world;
    // The first reads: two requests an address, as a day begins for a new watcher.
    await runFor(world, MINUTE);
    expect(services.wallets.list().wallets.filter((w) => w.readAt === null)).toEqual([]);
    const afterFirstReads = node.requestCount();
    expect(afterFirstReads).toBeLessThanOrEqual(2 * ADDRESSES.length + 200);
    const sentBefore = node.transfers.length;
    await runFor(world, 10 * MINUTE);
    const sent = node.transfers.slice(sentBefore).filter((t) => t.outcome === 'sent');
    const spent = node.requestCount() - afterFirstReads;
    // Ten minutes of the day's 1,440 at this pace stay within the key's 100,000 a day (694 requests).
    expect(spent).toBeLessThanOrEqual((100_000 * 10) / 1_440);
    // The chain was followed (every block's transactions are in it) ...
    expect(node.requestCount('/wallet/getblockbylimitnext')).toBeGreaterThanOrEqual(100);
    // ... and each address that sent meanwhile was read again after its transfer; the quiet ones were not.
    expect(sent.length).toBeGreaterThanOrEqual(5);
    const readAt = new Map(services.wallets.list().wallets.map((w) => [w.address, w.readAt ?? 0]));
    expect(sent.filter((t) => t.at < world!.clock.now() - MINUTE && (readAt.get(t.from) ?? 0) < t.at)).toEqual([]);
    const senders = new Set(sent.map((t) => t.from));
    expect(node.requestCount('/wallet/getaccount') - ADDRESSES.length).toBeLessThanOrEqual(senders.size + 20);
    // Every request the node had is counted against the key's budget, and the plan never said short.
    const budget = services.wallets.list().budget;
    expect(budget).toMatchObject({ budget: 100_000, short: [], refreshMs: 6 * 60 * MINUTE, followEverySeconds: 3 });
    expect(budget!.usedToday).toBeGreaterThanOrEqual(node.requestCount());
    expect(lines.filter((l) => l.event.startsWith('node_budget'))).toEqual([]);
    // Figures between reads are predictions, and say so.
    expect(services.wallets.list().wallets.filter((w) => w.predicted).length).toBeGreaterThan(900);
  }, 240_000);

  it('with a budget that runs short: says so in the view and the log, widens the refresh, and keeps following the chain', async () => {
    world = await daemonWatching(MIN_DAILY_BUDGET);
    const { services, node, lines } = world;
    await runFor(world, 10 * MINUTE);
    const budget = services.wallets.list().budget!;
    expect(budget.short.length).toBeGreaterThan(0);
    expect(budget.refreshMs === null || budget.refreshMs > 6 * 60 * MINUTE).toBe(true);
    // Said once when it ran short, and again only when what is cut changed: the last line says what holds now.
    const said = lines.filter((l) => l.event.startsWith('node_budget'));
    expect(said[0]).toMatchObject({ level: 'warn', event: 'node_budget_short', fields: { budget: MIN_DAILY_BUDGET } });
    expect(said.at(-1)).toMatchObject({ level: 'warn', fields: { short: budget.short } });
    expect(said.length).toBeLessThanOrEqual(4);
    // Nothing failed for it: no read error logged, and the chain is still followed (within the rest of the day's share).
    expect(lines.filter((l) => l.event === 'wallet_read_failed')).toEqual([]);
    const polls = node.requestCount('/wallet/getblockbylimitnext');
    await runFor(world, 10 * MINUTE);
    expect(node.requestCount('/wallet/getblockbylimitnext')).toBeGreaterThan(polls);
  }, 240_000);
});
