import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, type RequestEvent } from '../../../src/core/api/client.ts';
import type { OrderEvents } from '../../../src/core/orders/order-events.ts';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { OrderScheduler } from '../../../src/core/orders/scheduler.ts';
import { submitPaidOrder } from '../../../src/core/orders/submit-paid-order.ts';
import { startSimulator, tronAddressFromSeed, type Simulator } from '../../../src/core/simulator/index.ts';
import { VirtualClock } from '../../../src/core/base/virtual-clock.ts';
import { SwitchableProxy } from './switchable-proxy.ts';
import { tempDir } from '../../support/temp-dir.ts';

/**
 * Issue 7: the service is down for an hour while an order runs: first every
 * request gets a 500, then the port refuses connections. Time is virtual
 * (VirtualClock for the scheduler, the client's timestamps and the
 * simulator), the HTTP is real.
 */

const MINUTE = 60_000;
const START = 1_700_000_000_000;
const OUTAGE_START = START + MINUTE;
const REFUSED_FROM = START + 31 * MINUTE;
const OUTAGE_END = START + 61 * MINUTE;
const USER = { apiKey: 'outage-key', secret: 'outage-secret', trxSun: 1_000_000_000n, usdtMicros: 0n };

type Recorded = { [E in keyof OrderEvents]: Array<{ at: number; payload: OrderEvents[E] }> };

interface Rig {
  clock: VirtualClock;
  sim: Simulator;
  proxy: SwitchableProxy;
  client: ApiClient;
  journal: OrderJournal;
  scheduler: OrderScheduler;
  events: Recorded;
  attempts: Array<RequestEvent & { at: number }>;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const noWait = (): Promise<void> => Promise.resolve();

async function rig(stallAfterMs: number | undefined, orderTakesMs: number): Promise<Rig> {
  const clock = new VirtualClock(START);
  const sim = await startSimulator({ users: [USER], now: () => clock.now(), finishAt: () => orderTakesMs });
  cleanups.push(() => sim.close());
  const proxy = await SwitchableProxy.start(Number(new URL(sim.baseUrl).port));
  cleanups.push(() => proxy.down());
  const attempts: Rig['attempts'] = [];
  const client = new ApiClient({
    baseUrl: `http://127.0.0.1:${proxy.port}/v2`,
    apiKey: USER.apiKey,
    secret: USER.secret,
    now: () => clock.now(),
    sleep: noWait,
    onRequest: (event) => attempts.push({ ...event, at: clock.now() }),
  });
  cleanups.push(() => client.close());
  const dir = tempDir('outage');
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const journal = await OrderJournal.open(dir, clock);
  const scheduler = new OrderScheduler({ api: client, journal, clock, random: () => 0.5, ...(stallAfterMs === undefined ? {} : { stallAfterMs }) });
  cleanups.push(async () => {
    scheduler.stop();
    await scheduler.whenIdle();
  });
  const events = { orderUpdated: [], orderFinished: [], balance: [], lowBalance: [], authRequired: [], journalNotice: [], pollError: [], pauseChanged: [] } as Recorded;
  for (const name of Object.keys(events) as Array<keyof OrderEvents>) {
    scheduler.events.on(name, (payload) => (events[name] as Array<{ at: number; payload: unknown }>).push({ at: clock.now(), payload }));
  }
  return { clock, sim, proxy, client, journal, scheduler, events, attempts };
}

/** Runs every timer due until `until`, letting the real I/O of each finish before the next. */
async function runUntil(r: Rig, until: number): Promise<void> {
  await r.scheduler.whenIdle();
  for (let next = r.clock.nextAt(); next !== undefined && next <= until; next = r.clock.nextAt()) {
    r.clock.step();
    await r.scheduler.whenIdle();
  }
  r.clock.advanceTo(until);
}

const gaps = (times: number[]): number[] => times.slice(1).map((t, i) => t - times[i]!);

/** When each call started: its first attempt (the client's own re-sends within a call follow at once). */
const callStarts = (r: Rig, endpoint: RequestEvent['endpoint'], from: number, to: number): number[] =>
  r.attempts.filter((a) => a.endpoint === endpoint && a.attempt === 1 && a.at >= from && a.at < to).map((a) => a.at);

describe('an hour-long outage of the service', () => {
  it.each([
    { name: 'finishes during the outage, stall limit beyond it', stallAfterMs: 3 * 60 * MINUTE, notified: ['succeeded'] },
    { name: 'stalls during the outage (default 30 min limit)', stallAfterMs: undefined, notified: ['stalled'] },
  ])('backs off, shows the outage, does not storm and recovers on its own: $name', async ({ stallAfterMs, notified }) => {
    const r = await rig(stallAfterMs, 40 * MINUTE);
    r.scheduler.start();
    const order = await submitPaidOrder(
      { api: r.client, journal: r.journal },
      { kind: 'energy', profileId: 'default', address: tronAddressFromSeed('outage'), count: 65_000, period: '1h' },
    );
    expect(order.state).toBe('running');
    r.scheduler.track(order.localId);
    await runUntil(r, OUTAGE_START - 1);
    expect(r.events.balance.length).toBeGreaterThan(0);

    // Down: first every request is answered 500, then the port is closed.
    r.sim.faults.setRandomFaults({ rate: 1, kinds: [{ kind: 'status', status: 500 }] });
    await runUntil(r, REFUSED_FROM);
    await r.proxy.down();
    await runUntil(r, OUTAGE_END);

    const during = r.attempts.filter((a) => a.at >= OUTAGE_START && a.at < OUTAGE_END);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((a) => a.status === undefined || a.status === 500)).toBe(true);
    expect(during.length).toBeLessThan(150);

    // The gaps grow to the caps: 60 s for the order, 5 minutes for the balance.
    const orderGaps = gaps(callStarts(r, 'query_result', OUTAGE_START, OUTAGE_END));
    const balanceGaps = gaps(callStarts(r, 'user_info', OUTAGE_START, OUTAGE_END));
    expect(orderGaps.slice(-10).every((g) => g === MINUTE)).toBe(true);
    expect(Math.max(...orderGaps)).toBe(MINUTE);
    expect(balanceGaps.slice(-3).every((g) => g === 5 * MINUTE)).toBe(true);
    expect(Math.max(...balanceGaps)).toBe(5 * MINUTE);
    for (const list of [orderGaps, balanceGaps]) expect(list).toEqual([...list].sort((a, b) => a - b));

    // The outage is reported for both (the UI's stale badge), with the growing retry delay.
    const errors = r.events.pollError.filter((e) => e.at >= OUTAGE_START && e.at < OUTAGE_END).map((e) => e.payload);
    expect(new Set(errors.map((e) => e.localId))).toEqual(new Set([order.localId, null]));
    expect(new Set(errors.map((e) => e.category))).toEqual(new Set(['server', 'network']));
    expect(errors.filter((e) => e.localId === null).at(-1)?.retryInMs).toBe(5 * MINUTE);
    expect(r.events.authRequired).toEqual([]);

    // No storm: nothing, or the one stalled notice once the limit has passed.
    const finishedDuring = r.events.orderFinished.filter((e) => e.at < OUTAGE_END).map((e) => e.payload.state);
    expect(finishedDuring).toEqual(stallAfterMs === undefined ? ['stalled'] : []);

    // Back up, on the same port and without the faults: it recovers on its own.
    r.sim.faults.clear();
    await r.proxy.up();
    await runUntil(r, OUTAGE_END + 6 * MINUTE);
    const balancesAfter = r.events.balance.filter((e) => e.at >= OUTAGE_END);
    expect(balancesAfter.length).toBeGreaterThan(0);
    expect(balancesAfter[0]!.at).toBeLessThanOrEqual(OUTAGE_END + 5 * MINUTE);
    const journalState = r.events.orderUpdated.at(-1)?.payload;
    expect(journalState).toMatchObject({ localId: order.localId, state: 'succeeded' });
    expect(r.events.orderFinished.map((e) => e.payload.state)).toEqual(notified);
    expect(r.scheduler.trackedCount()).toBe(0);
  });
});
