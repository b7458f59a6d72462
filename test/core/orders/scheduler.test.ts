import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { submitPaidOrder } from '../../../src/core/orders/submit-paid-order.ts';
import { createFakeApi, fastRecoverOrder, FakeApiError, reply, timedResult } from '../../support/fake-service-api.ts';
import { energyIntent, fastIntent, tempDir } from './journal-helpers.ts';
import { schedulerOnFakes, inTurn } from './fake-scheduler-world.ts';

const TX = 'ab'.repeat(32);
const receipt = { orderSn: 'EN1', unitPrice: null, feeSun: null, amountSun: 2_750_000n, balanceSun: null };

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('order scheduler lifecycles', () => {
  it('polls a timed order to success, notifies once and refreshes the balance', async () => {
    const h = await schedulerOnFakes(await tempDir(), {
      buyEnergy: () => reply(receipt),
      queryResult: inTurn(
        (sn: string) => reply(timedResult(sn, 'pending')),
        (sn: string) => reply(timedResult(sn, 'pending')),
        (sn: string) => reply(timedResult(sn, 'success', [{ fromAddress: 'TFrom', txId: TX, count: 65_000 }], 2_750_000n)),
      ),
    });
    h.scheduler.start();
    await h.settle();
    const order = await submitPaidOrder({ api: h.fake.api, journal: h.journal }, energyIntent());
    h.scheduler.track(order.localId);
    await h.advance(1_900);
    expect(h.fake.count('queryResult')).toBe(0);
    await h.advance(10_000);
    expect(h.fake.count('queryResult')).toBe(3);
    expect(h.events.orderFinished).toEqual([expect.objectContaining({ localId: order.localId, state: 'succeeded', title: 'Energy order succeeded' })]);
    expect(h.events.orderFinished[0]?.body).toContain('tx abababab…abab');
    expect(h.journal.get(order.localId)).toMatchObject({ state: 'succeeded', txIds: [TX], attempts: 3 });
    expect(h.journal.get(order.localId)?.notifiedAt).not.toBeNull();
    expect(h.fake.count('userInfo')).toBe(2);
    expect(h.scheduler.trackedCount()).toBe(0);
    await h.advance(30_000);
    expect(h.fake.count('queryResult')).toBe(3);
  });

  it('refreshes the balance once for orders that finish together', async () => {
    let sn = 0;
    const h = await schedulerOnFakes(await tempDir(), {
      buyEnergy: () => reply({ ...receipt, orderSn: `EN${++sn}` }),
      queryResult: (orderSn: string) => reply(timedResult(orderSn, 'success', [{ fromAddress: 'TFrom', txId: TX, count: 65_000 }])),
    });
    h.scheduler.start();
    await h.settle();
    const before = h.fake.count('userInfo');
    for (let i = 0; i < 3; i++) h.scheduler.track((await submitPaidOrder({ api: h.fake.api, journal: h.journal }, energyIntent())).localId);
    await h.advance(2_500);
    expect(h.events.orderFinished).toHaveLength(3);
    expect(h.fake.count('userInfo')).toBe(before);
    await h.advance(3_000);
    expect(h.fake.count('userInfo')).toBe(before + 1);
  });

  it('polls a timed order to failure', async () => {
    const h = await schedulerOnFakes(await tempDir(), { buyEnergy: () => reply(receipt), queryResult: (sn) => reply(timedResult(sn, 'Order_Cancelled')) });
    h.scheduler.start();
    const order = await submitPaidOrder({ api: h.fake.api, journal: h.journal }, energyIntent());
    h.scheduler.track(order.localId);
    await h.advance(3_000);
    expect(h.journal.get(order.localId)).toMatchObject({ state: 'failed', serverStatus: 'Order_Cancelled' });
    expect(h.events.orderFinished.map((n) => n.state)).toEqual(['failed']);
  });

  it.each([
    ['success', 'succeeded'],
    ['failed', 'failed'],
  ] as const)('polls a fast recover order from waiting to %s', async (status, state) => {
    const h = await schedulerOnFakes(await tempDir(), {
      buyFastRecover: () => reply({ orderId: 9 }),
      queryFastRecoverOrder: inTurn(
        (id: number) => reply(fastRecoverOrder(id, 'waiting')),
        (id: number) => reply(fastRecoverOrder(id, status, status === 'success' ? TX : null)),
      ),
    });
    h.scheduler.start();
    const order = await submitPaidOrder({ api: h.fake.api, journal: h.journal }, fastIntent());
    h.scheduler.track(order.localId);
    await h.advance(2_000);
    expect(h.journal.get(order.localId)?.state).toBe('running');
    await h.advance(2_000);
    expect(h.journal.get(order.localId)).toMatchObject({ state, chargedSun: 2_500_000n });
    expect(h.events.orderFinished).toEqual([expect.objectContaining({ state, title: `Energy top-up ${state}` })]);
    expect(h.fake.calls.filter((c) => c.method === 'queryFastRecoverOrder').map((c) => c.args[0])).toEqual([9, 9]);
  });

  it('marks an order stalled after the limit, notifies once, and still records a late success', async () => {
    let done = false;
    const h = await schedulerOnFakes(
      await tempDir(),
      {
        buyEnergy: () => reply(receipt),
        queryResult: (sn) => reply(done ? timedResult(sn, 'ok', [{ fromAddress: 'T', txId: TX, count: 1 }]) : timedResult(sn, 'pending')),
      },
      { stallAfterMs: 5 * 60_000 },
    );
    h.scheduler.start();
    const order = await submitPaidOrder({ api: h.fake.api, journal: h.journal }, energyIntent());
    h.scheduler.track(order.localId);
    await h.advance(4 * 60_000);
    expect(h.journal.get(order.localId)?.state).toBe('running');
    await h.advance(2 * 60_000);
    expect(h.journal.get(order.localId)).toMatchObject({ state: 'stalled', error: 'stalled — check the service console' });
    await h.advance(10 * 60_000);
    expect(h.events.orderFinished).toEqual([expect.objectContaining({ state: 'stalled', title: 'Energy order: stalled — check the service console' })]);
    done = true;
    await h.advance(61_000);
    expect(h.journal.get(order.localId)).toMatchObject({ state: 'succeeded', txIds: [TX] });
    expect(h.events.orderFinished).toHaveLength(1);
    expect(h.scheduler.trackedCount()).toBe(0);
  });

  it('notifies an outcome-unknown submission once and never polls or resends it', async () => {
    const h = await schedulerOnFakes(await tempDir(), { buyEnergy: () => Promise.reject(new FakeApiError('network', 'Connection reset', true)) });
    h.scheduler.start();
    const order = await submitPaidOrder({ api: h.fake.api, journal: h.journal }, energyIntent());
    h.scheduler.track(order.localId);
    h.scheduler.track(order.localId);
    await h.advance(10 * 60_000);
    expect(h.events.orderFinished).toEqual([expect.objectContaining({ state: 'outcome_unknown', localId: order.localId })]);
    expect(h.fake.count('buyEnergy')).toBe(1);
    expect(h.fake.count('queryResult')).toBe(0);
  });

  it('with notifications off marks orders notified without emitting', async () => {
    const h = await schedulerOnFakes(await tempDir(), { buyEnergy: () => reply(receipt), queryResult: (sn) => reply(timedResult(sn, 'failed')) }, { notificationsEnabled: false });
    h.scheduler.start();
    const order = await submitPaidOrder({ api: h.fake.api, journal: h.journal }, energyIntent());
    h.scheduler.track(order.localId);
    await h.advance(3_000);
    expect(h.events.orderFinished).toEqual([]);
    expect(h.journal.get(order.localId)?.notifiedAt).not.toBeNull();
    h.scheduler.setNotificationsEnabled(true);
    h.scheduler.track(order.localId);
    await h.advance(3_000);
    expect(h.events.orderFinished).toEqual([]);
  });

  it('backs off on poll errors', async () => {
    const h = await schedulerOnFakes(await tempDir(), { buyEnergy: () => reply(receipt), queryResult: () => Promise.reject(new FakeApiError('server', 'Query error', true)) });
    h.scheduler.start();
    const order = await submitPaidOrder({ api: h.fake.api, journal: h.journal }, energyIntent());
    h.scheduler.track(order.localId);
    await h.advance(2_000);
    expect(h.events.pollError.map((e) => e.retryInMs)).toEqual([4_000]);
    await h.advance(12_000);
    // At 14 s the base gap is 6 s (8 s before issue 13 tightened the notification delay): 6 × 2³.
    expect(h.events.pollError.map((e) => e.retryInMs)).toEqual([4_000, 8_000, 48_000]);
    expect(h.journal.get(order.localId)).toMatchObject({ state: 'running', attempts: 3 });
  });
});

describe('fake API', () => {
  it('rejects unscripted calls', async () => {
    await expect(createFakeApi().api.userInfo()).rejects.toThrow('not scripted');
  });
});
