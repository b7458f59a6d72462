import { systemClock } from '../../../src/core/base/clock.ts';
import { VirtualClock } from '../../../src/core/base/virtual-clock.ts';
import { ChainClient, type BlockReader, type ChainReader } from '../../../src/core/chain/chain-client.ts';
import { startNodeSimulator, type NodeSimulator } from '../../../src/core/simulator/node/node-simulator.ts';
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';
import { DEFAULT_WALLET_CADENCE, WalletWatcher } from '../../../src/core/wallets/wallet-watcher.ts';

/**
 * Issue 21 item 2: a TRON node answering 429 with an absurd Retry-After, met
 * by the app's WalletWatcher over the real ChainClient and the node
 * simulator on 127.0.0.1. The watcher runs on a virtual clock (hours of
 * waiting in milliseconds), then on the real clock for a moment, while the
 * process's 'warning' events are counted.
 */

export const ABSURD_RETRY_AFTERS = ['999999', '99999999'] as const;
const WALLET = tronAddressFromSeed('money-guards-retry-after');
const T0 = 1_750_000_000_000;
const LIMITED_FOR_MS = 30 * 60_000;
const ENDPOINTS = ['/wallet/getaccountresource', '/wallet/getaccount'];

export interface RetryAfterRun {
  header: string;
  /** Virtual ms between one rate-limited read and the next, the longest of the run. */
  longestWaitMs: number;
  /** The wait the watcher reported after the first 429. */
  firstRetryInMs: number;
  /** Requests for the account the node received during the 30 minutes it answered 429 (a read is getaccount and getaccountresource). */
  requestsWhileLimited: number;
  /** From the node's recovery to the next good reading, virtual ms. */
  resumedAfterMs: number;
  /** Account requests in the 20 minutes after that reading: one read, then the prediction (nothing happened to the address). */
  requestsAfterRecovery: number;
}

export interface RetryAfterResult {
  runs: RetryAfterRun[];
  /** The longest wait over every run, in whole seconds. */
  retryAfterMaxS: number;
  /** TimeoutOverflowWarnings this process emitted meanwhile (virtual runs, a real-clock run, the clock port asked directly). */
  timerOverflows: number;
  /** Requests the node received during a real-clock moment after a 429 with the larger header. */
  realClockRequests: number;
}

/** A ChainReader that notes the virtual time of each account call and whether it succeeded (blocks go straight through). */
function timed(chain: ChainClient, clock: VirtualClock, log: Array<{ at: number; ok: boolean }>): ChainReader & BlockReader {
  const note = async <T>(call: Promise<T>): Promise<T> => {
    const at = clock.now();
    try {
      const value = await call;
      log.push({ at, ok: true });
      return value;
    } catch (err) {
      log.push({ at, ok: false });
      throw err;
    }
  };
  return {
    readSnapshot: (a) => note(chain.readSnapshot(a)),
    nowBlock: () => chain.nowBlock(),
    blockByNum: (n) => chain.blockByNum(n),
    blockRange: (start, end) => chain.blockRange(start, end),
    readResources: (a) => note(chain.readResources(a)),
    readTrx: (a) => note(chain.readTrx(a)),
    readAccount: (a) => note(chain.readAccount(a)),
    usdtBalance: (a) => note(chain.usdtBalance(a)),
    estimateTransfer: (f, t, m) => note(chain.estimateTransfer(f, t, m)),
    chainFees: () => note(chain.chainFees()),
  };
}

const accountRequests = (node: NodeSimulator): number => ENDPOINTS.reduce((sum, path) => sum + node.requestCount(path), 0);

function limit(node: NodeSimulator, header: string): void {
  for (const path of ENDPOINTS) node.faults.inject(path, { kind: 'rate-limit', status: 429, retryAfter: header }, { times: 'always' });
}

async function runUntil(clock: VirtualClock, watcher: WalletWatcher, until: number): Promise<void> {
  await watcher.whenIdle();
  for (let next = clock.nextAt(); next !== undefined && next <= until; next = clock.nextAt()) {
    clock.step();
    await watcher.whenIdle();
  }
  clock.advanceTo(until);
}

/** One header on the virtual clock: 30 minutes of 429s, then the node recovers. */
async function virtualRun(header: string): Promise<RetryAfterRun> {
  const node = await startNodeSimulator({ spending: null, wallets: [{ address: WALLET, trxSun: 5_000_000n, stakedEnergy: 70_000n }] });
  const clock = new VirtualClock(T0);
  const client = new ChainClient({ nodeUrl: node.baseUrl, timeoutMs: 5_000 });
  const calls: Array<{ at: number; ok: boolean }> = [];
  const watcher = new WalletWatcher({ chain: timed(client, clock, calls), clock, random: () => 0.5 });
  const retries: number[] = [];
  watcher.events.on('failed', (e) => retries.push(e.retryInMs));
  try {
    limit(node, header);
    watcher.watch([WALLET]);
    watcher.start();
    await runUntil(clock, watcher, T0 + LIMITED_FOR_MS);
    const requestsWhileLimited = accountRequests(node);
    const failedAt = calls.filter((c) => !c.ok).map((c) => c.at);
    const gaps = failedAt.slice(1).map((at, i) => at - failedAt[i]!);
    const recoveredAt = clock.now();
    node.faults.clear();
    await runUntil(clock, watcher, recoveredAt + DEFAULT_WALLET_CADENCE.errorCapMs);
    const good = calls.filter((c) => c.ok && c.at >= recoveredAt).map((c) => c.at);
    const afterGood = accountRequests(node);
    await runUntil(clock, watcher, (good[0] ?? recoveredAt) + 20 * 60_000);
    const lastFailure = failedAt.at(-1) ?? T0;
    return {
      header,
      longestWaitMs: Math.max(...gaps, (good[0] ?? Number.POSITIVE_INFINITY) - lastFailure),
      firstRetryInMs: retries[0] ?? Number.NaN,
      requestsWhileLimited,
      resumedAfterMs: (good[0] ?? Number.POSITIVE_INFINITY) - recoveredAt,
      requestsAfterRecovery: accountRequests(node) - afterGood + 2,
    };
  } finally {
    watcher.stop();
    await watcher.whenIdle();
    await client.close();
    await node.close();
  }
}

/**
 * The larger header on the real clock: after the 429 the watcher waits on a
 * real timer. Were the wait handed to setTimeout as asked (1.16e11 ms), Node
 * would warn and fire it after 1 ms, again and again; `ms` of real time pass.
 */
async function realClockRun(header: string, ms: number): Promise<number> {
  const node = await startNodeSimulator({ spending: null, wallets: [{ address: WALLET, trxSun: 5_000_000n }] });
  const client = new ChainClient({ nodeUrl: node.baseUrl, timeoutMs: 5_000 });
  const watcher = new WalletWatcher({ chain: client, clock: systemClock });
  try {
    limit(node, header);
    watcher.watch([WALLET]);
    watcher.start();
    await watcher.whenIdle();
    await new Promise((resolve) => setTimeout(resolve, ms));
    return accountRequests(node);
  } finally {
    watcher.stop();
    await watcher.whenIdle();
    await client.close();
    await node.close();
  }
}

/** The clock port asked directly for delays past 2^31−1 ms: none may reach setTimeout as such, none may fire. */
async function clockPortRun(): Promise<number> {
  let fired = 0;
  const delays = [2 ** 31, Number(ABSURD_RETRY_AFTERS[1]) * 1000, Number.POSITIVE_INFINITY, Number.NaN];
  const handles = delays.map((ms) => systemClock.setTimeout(() => fired++, ms));
  await new Promise((resolve) => setTimeout(resolve, 50));
  for (const handle of handles) systemClock.clearTimeout(handle);
  return fired;
}

export async function retryAfterScenario(): Promise<RetryAfterResult> {
  let timerOverflows = 0;
  const onWarning = (warning: Error): void => {
    if (warning.name === 'TimeoutOverflowWarning') timerOverflows++;
  };
  process.on('warning', onWarning);
  try {
    const runs: RetryAfterRun[] = [];
    for (const header of ABSURD_RETRY_AFTERS) runs.push(await virtualRun(header));
    const realClockRequests = await realClockRun(ABSURD_RETRY_AFTERS[1], 300);
    const earlyFires = await clockPortRun();
    // Warnings are emitted on the next tick: let them arrive before counting.
    await new Promise((resolve) => setImmediate(resolve));
    return {
      runs,
      retryAfterMaxS: Math.ceil(Math.max(...runs.map((r) => r.longestWaitMs)) / 1000),
      timerOverflows: timerOverflows + earlyFires,
      realClockRequests,
    };
  } finally {
    process.off('warning', onWarning);
  }
}
