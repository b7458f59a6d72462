import { AuthenticationError } from '../../../src/core/api/errors.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PowerEvents } from '../../../src/core/base/power-events.ts';
import { submitPaidOrder } from '../../../src/core/orders/submit-paid-order.ts';
import type { Reply, TimedOrderResult } from '../../../src/core/api/types.ts';
import { reply, timedResult } from '../../support/fake-service-api.ts';
import { energyIntent, tempDir } from './journal-helpers.ts';
import { schedulerOnFakes } from './fake-scheduler-world.ts';

let sn = 0;
const buyEnergy = () => reply({ orderSn: `EN${++sn}`, unitPrice: null, feeSun: null, amountSun: 1_000_000n, balanceSun: null });
const pending = (s: string) => reply(timedResult(s, 'pending'));
const success = (s: string) => reply(timedResult(s, 'success', [{ fromAddress: 'T', txId: 'cd'.repeat(32), count: 1 }]));

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('order scheduler across restarts', () => {
  it('resumes running orders, settles interrupted intents once and never resends them', async () => {
    const dir = await tempDir();
    const first = await schedulerOnFakes(dir, { buyEnergy, queryResult: pending });
    first.scheduler.start();
    const running = await submitPaidOrder({ api: first.fake.api, journal: first.journal }, energyIntent());
    first.scheduler.track(running.localId);
    await first.advance(3_000);
    const interrupted = await first.journal.recordIntent(energyIntent({ count: 99_000 })); // crash before the buy
    first.scheduler.stop();
    await first.settle();

    const second = await schedulerOnFakes(dir, { queryResult: success });
    second.scheduler.start();
    await second.advance(1_000);
    expect(second.fake.count('buyEnergy')).toBe(0);
    expect(second.fake.calls.filter((c) => c.method === 'queryResult').map((c) => c.args[0])).toEqual([running.orderSn]);
    expect(second.journal.get(interrupted.localId)?.state).toBe('outcome_unknown');
    expect(second.journal.get(running.localId)?.state).toBe('succeeded');
    expect(second.events.orderFinished.map((n) => [n.localId, n.state]).sort()).toEqual(
      [
        [interrupted.localId, 'outcome_unknown'],
        [running.localId, 'succeeded'],
      ].sort(),
    );
    expect(second.events.journalNotice).toEqual([expect.objectContaining({ kind: 'interrupted' })]);
    second.scheduler.stop();

    const third = await schedulerOnFakes(dir, { queryResult: success });
    third.scheduler.start();
    await third.advance(60_000);
    expect(third.events.orderFinished).toEqual([]);
    expect(third.fake.count('buyEnergy') + third.fake.count('queryResult')).toBe(0);
  });

  it('notifies on start an order that finished but was not notified before a crash', async () => {
    const dir = await tempDir();
    const first = await schedulerOnFakes(dir, { buyEnergy });
    const order = await submitPaidOrder({ api: first.fake.api, journal: first.journal }, energyIntent());
    await first.journal.recordPoll(order.localId, { state: 'failed', serverStatus: 'error' });
    const second = await schedulerOnFakes(dir);
    second.scheduler.start();
    await second.settle();
    expect(second.events.orderFinished).toEqual([expect.objectContaining({ localId: order.localId, state: 'failed' })]);
  });
});

describe('order scheduler flow control', () => {
  it('keeps at most 4 requests in flight', async () => {
    const gates: Array<() => void> = [];
    let held = true;
    let inFlight = 0;
    let peak = 0;
    const h = await schedulerOnFakes(await tempDir(), {
      buyEnergy,
      queryResult: (s) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        const answer = () => {
          inFlight--;
          return { data: timedResult(s, 'done', [{ fromAddress: 'T', txId: null, count: 1 }]), raw: null };
        };
        return held ? new Promise<Reply<TimedOrderResult>>((resolve) => gates.push(() => resolve(answer()))) : Promise.resolve(answer());
      },
    });
    h.scheduler.start();
    await h.settle();
    const orders = [];
    for (let i = 0; i < 10; i++) orders.push(await submitPaidOrder({ api: h.fake.api, journal: h.journal }, energyIntent()));
    for (const o of orders) h.scheduler.track(o.localId);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(inFlight).toBe(4);
    expect(h.fake.count('queryResult')).toBe(4);
    held = false;
    for (const release of gates.splice(0)) release();
    await h.advance(10_000);
    expect(peak).toBe(4);
    expect(orders.every((o) => h.journal.get(o.localId)?.state === 'succeeded')).toBe(true);
    expect(h.events.orderFinished).toHaveLength(10);
  });

  it('pauses everything on a 401 and resumes with an immediate refresh', async () => {
    let authOk = true;
    const guard = <T>(answer: () => Promise<T>) => (authOk ? answer() : Promise.reject(new AuthenticationError({ endpoint: 'query_result', httpStatus: 401 })));
    const h = await schedulerOnFakes(await tempDir(), {
      buyEnergy,
      queryResult: (s) => guard(() => pending(s)),
      userInfo: () => guard(() => reply({ trxSun: 1n, usdtMicros: 0n })),
    });
    h.scheduler.start();
    const order = await submitPaidOrder({ api: h.fake.api, journal: h.journal }, energyIntent());
    h.scheduler.track(order.localId);
    await h.advance(2_000);
    authOk = false;
    await h.advance(2_000);
    expect(h.events.authRequired).toEqual([{ text: new AuthenticationError({ endpoint: 'query_result', httpStatus: 401 }).text }]);
    expect(h.scheduler.isPaused()).toBe(true);
    const calls = h.fake.calls.length;
    await h.advance(10 * 60_000);
    expect(h.fake.calls.length).toBe(calls);
    expect(h.clock.armed()).toBe(0);

    authOk = true;
    h.scheduler.resume('auth');
    await h.settle();
    expect(h.fake.calls.slice(calls).map((c) => c.method).sort()).toEqual(['queryResult', 'userInfo']);
    expect(h.events.authRequired).toHaveLength(1);
  });

  it('pauses on suspend and offline, and refreshes at once when all are lifted', async () => {
    const listeners = new Map<string, () => void>();
    const on = (name: string) => (cb: () => void) => {
      listeners.set(name, cb);
      return () => listeners.delete(name);
    };
    const power: PowerEvents = { onSuspend: on('suspend'), onResume: on('resume'), onOffline: on('offline'), onOnline: on('online') };
    const h = await schedulerOnFakes(await tempDir(), { buyEnergy, queryResult: pending }, { power });
    h.scheduler.start();
    const order = await submitPaidOrder({ api: h.fake.api, journal: h.journal }, energyIntent());
    h.scheduler.track(order.localId);
    await h.advance(5_000);
    listeners.get('suspend')!();
    listeners.get('offline')!();
    const calls = h.fake.calls.length;
    await h.advance(5 * 60_000);
    listeners.get('resume')!();
    await h.advance(60_000);
    expect(h.fake.calls.length).toBe(calls);
    listeners.get('online')!();
    await h.settle();
    expect(h.fake.calls.slice(calls).map((c) => c.method).sort()).toEqual(['queryResult', 'userInfo']);
    expect(h.events.pauseChanged.map((p) => p.paused)).toEqual([true, false]);
    h.scheduler.stop();
    expect(listeners.size).toBe(0);
  });
});
