import { startDaemonWorld, type DaemonChild, type DaemonWorld, type LogLine } from '../../cli/daemon-fixture.ts';
import { ABSURD_RETRY_AFTERS } from './retry-after.ts';

/**
 * Issue 21 item 2 in the headless daemon (a child process on the real clock,
 * against the node simulator on 127.0.0.1). Waiting 10 real minutes is not
 * needed to prove the bound: the daemon logs when it will read a wallet
 * again (`wallet_read_failed`, `retryAt`). Recovery is shown with the
 * daemon's own cadence setting (ENERGY_TRAY_WALLET_INTERVAL_MS=300: reads
 * every 300 ms, waits capped at ten of them).
 */

const ENDPOINTS = ['/wallet/getaccountresource', '/wallet/getaccount'];
const FAST_INTERVAL_MS = 300;

export interface DaemonRetryRun {
  header: string;
  /** retryAt − the line's time of the first failed read, ms. */
  scheduledWaitMs: number;
  /** Requests the node received from the first 429 until `quietMs` later. */
  requests: number;
}

export interface DaemonRetryResult {
  runs: DaemonRetryRun[];
  /** With reads every 300 ms: the scheduled wait after the 429, and from the node's recovery to the next good reading (real ms). */
  fast: { scheduledWaitMs: number; resumedAfterMs: number; capMs: number };
  /** "TimeoutOverflowWarning" in any stderr of the daemons. */
  timerOverflows: number;
}

function limitAlways(world: DaemonWorld, header: string): void {
  const fault = { kind: 'rate-limit' as const, status: 429 as const, retryAfter: header };
  for (const path of ENDPOINTS) world.node.faults.inject(path, fault, { times: 'always' });
}

/** The wallet reads' requests (following the chain goes on: its endpoint is not limited here). */
const accountRequests = (world: DaemonWorld): number => ENDPOINTS.reduce((sum, path) => sum + world.node.requestCount(path), 0);

const waitOf = (line: LogLine): number => Date.parse(String(line['retryAt'])) - Date.parse(line.time);

async function stop(child: DaemonChild): Promise<void> {
  child.signal('SIGTERM');
  await child.exited;
}

/** A daemon whose first wallet read meets a 429 with `header`: the wait it schedules, and what the node hears meanwhile. */
async function limitedRun(world: DaemonWorld, header: string, quietMs: number, overflows: { count: number }): Promise<DaemonRetryRun> {
  world.node.faults.clear();
  limitAlways(world, header);
  const before = accountRequests(world);
  const child = world.start(['daemon', '--profile', 'Server']);
  try {
    const failed = await child.waitFor('wallet_read_failed');
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    return { header, scheduledWaitMs: waitOf(failed), requests: accountRequests(world) - before };
  } finally {
    await stop(child);
    if (child.stderr().includes('TimeoutOverflowWarning')) overflows.count++;
  }
}

/** Reads every 300 ms: the 429 is waited out (at most ten intervals), then reads go on once the node answers. */
async function recoveryRun(world: DaemonWorld, overflows: { count: number }): Promise<DaemonRetryResult['fast']> {
  world.node.faults.clear();
  limitAlways(world, ABSURD_RETRY_AFTERS[0]);
  const child = world.start(['daemon', '--profile', 'Server'], { ENERGY_TRAY_WALLET_INTERVAL_MS: String(FAST_INTERVAL_MS) });
  try {
    const failed = await child.waitFor('wallet_read_failed');
    world.node.faults.clear();
    const recoveredAt = Date.now();
    const good = await child.waitFor('wallet', (l) => Date.parse(l.time) >= recoveredAt && l['energyAvailable'] !== null);
    return { scheduledWaitMs: waitOf(failed), resumedAfterMs: Date.parse(good.time) - recoveredAt, capMs: 10 * FAST_INTERVAL_MS };
  } finally {
    await stop(child);
    if (child.stderr().includes('TimeoutOverflowWarning')) overflows.count++;
  }
}

export async function daemonRetryAfterScenario(quietMs = 1_500): Promise<DaemonRetryResult> {
  const world = await startDaemonWorld();
  const overflows = { count: 0 };
  try {
    const runs: DaemonRetryRun[] = [];
    for (const header of ABSURD_RETRY_AFTERS) runs.push(await limitedRun(world, header, quietMs, overflows));
    const fast = await recoveryRun(world, overflows);
    return { runs, fast, timerOverflows: overflows.count };
  } finally {
    await world.close();
  }
}
