import { describe, expect, it } from 'vitest';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { dailyLimitStatus, placePaidOrder, settlePaidOrder, type DailyLimit, type PaidOrderFacts } from '../../../src/core/orders/paid-order.ts';
import { SpendLimitError } from '../../../src/core/orders/spend-limit.ts';
import { createFakeApi, FakeApiError, reply } from '../../support/fake-service-api.ts';
import { energyIntent, fixedClock, tempDir } from './journal-helpers.ts';

const NOW = 1_700_000_000_000;
const receipt = { orderSn: 'EN1700000000001', unitPrice: '42', feeSun: null, amountSun: 3_000_000n, balanceSun: null };
const price = { unitPriceSun: 46n, amountSun: 3_000_000n, feeSun: 0n, remark: '' };
const limitOf = (sun: bigint): DailyLimit => ({ sun: () => sun, now: () => NOW });
const unpriced = energyIntent({ quotedSun: null });

async function world(limitSun = 10_000_000n) {
  const journal = await OrderJournal.open(await tempDir(), fixedClock(NOW));
  const fake = createFakeApi({ queryPrice: () => reply(price), buyEnergy: () => reply(receipt) });
  return { journal, fake, deps: { api: fake.api, journal, limit: limitOf(limitSun) } };
}

describe('the paid-order lifecycle (placePaidOrder)', () => {
  it('quotes an unpriced intent, asks with the cost and what is left today, then journals and sends it once', async () => {
    const { journal, fake, deps } = await world();
    const asked: PaidOrderFacts[] = [];
    const outcome = await placePaidOrder(deps, unpriced, { approve: async (facts) => void asked.push(facts) });
    expect(asked).toEqual([{ quote: { data: price, raw: price }, costSun: 3_000_000n, limit: { limitSun: 10_000_000n, spentSun: 0n, leftSun: 10_000_000n } }]);
    expect(outcome.order).toMatchObject({ state: 'running', quotedSun: 3_000_000n, orderSn: receipt.orderSn });
    expect(fake.count('queryPrice')).toBe(1);
    expect(fake.count('buyEnergy')).toBe(1);
    expect(journal.list()).toHaveLength(1);
  });

  it('refuses over the daily limit before asking: nothing journaled or sent', async () => {
    const { journal, fake, deps } = await world(2_000_000n);
    let asked = false;
    const placing = placePaidOrder(deps, unpriced, { approve: async () => void (asked = true) });
    await expect(placing).rejects.toBeInstanceOf(SpendLimitError);
    expect(asked).toBe(false);
    expect(fake.count('buyEnergy')).toBe(0);
    expect(journal.list()).toEqual([]);
  });

  it('counts what earlier orders spent today, and checks again inside the intent\'s write', async () => {
    const { journal, fake, deps } = await world(5_000_000n);
    await placePaidOrder(deps, unpriced);
    expect(dailyLimitStatus(deps)).toEqual({ limitSun: 5_000_000n, spentSun: 3_000_000n, leftSun: 2_000_000n });
    // The limit is lowered while the person is asked: the write transaction refuses.
    let limitSun = 10_000_000n;
    const moving = { ...deps, limit: { sun: () => limitSun, now: () => NOW } };
    const placing = placePaidOrder(moving, unpriced, { approve: async () => void (limitSun = 4_000_000n) });
    await expect(placing).rejects.toBeInstanceOf(SpendLimitError);
    expect(fake.count('buyEnergy')).toBe(1);
    expect(journal.list()).toHaveLength(1);
  });

  it('a declined question or a failed last check leaves no record and sends nothing', async () => {
    const { journal, fake, deps } = await world();
    await expect(placePaidOrder(deps, unpriced, { approve: () => Promise.reject(new Error('declined')) })).rejects.toThrow('declined');
    await expect(placePaidOrder(deps, unpriced, { check: () => { throw new Error('busy'); } })).rejects.toThrow('busy');
    expect(fake.count('buyEnergy')).toBe(0);
    expect(journal.list()).toEqual([]);
  });

  it('does not requote a priced intent, and a reclaim is neither quoted nor limited', async () => {
    const { fake, deps } = await world(0n);
    await expect(placePaidOrder(deps, energyIntent())).rejects.toBeInstanceOf(SpendLimitError);
    fake.handlers.reclaimEnergy = () => reply(null);
    const reclaim = await placePaidOrder(deps, { kind: 'reclaim', profileId: 'p', address: 'TAddr', orderSn: 'EN9' });
    expect(reclaim.order.state).toBe('succeeded');
    expect(fake.count('queryPrice')).toBe(0);
  });
});

describe('settling a paid order (settlePaidOrder)', () => {
  it('hands the order to its follower and returns it, or throws the call\'s error after following it', async () => {
    const { fake, deps } = await world();
    const followed: string[] = [];
    const follow = (order: { localId: string }): void => void followed.push(order.localId);
    const placed = await placePaidOrder(deps, unpriced);
    expect(settlePaidOrder(placed, follow, () => new Error('unused'))).toBe(placed.order);
    fake.handlers.buyEnergy = () => Promise.reject(new FakeApiError('network', 'The service did not answer in time', true));
    const unknown = await placePaidOrder(deps, unpriced);
    expect(() => settlePaidOrder(unknown, follow, () => new Error('unused'))).toThrow('did not answer');
    expect(followed).toEqual([placed.order.localId, unknown.order.localId]);
  });

  it('throws the front end\'s own error when the outcome is unknown and no error of the call is left', async () => {
    const { fake, deps } = await world();
    fake.handlers.queryFastRecoverPrice = () => reply({ ...price, remark: null });
    fake.handlers.buyFastRecover = () => reply({ orderId: null });
    const outcome = await placePaidOrder(deps, { kind: 'fast_recover', profileId: 'p', address: 'TAddr', resource: 'energy', count: 65_000 });
    expect(outcome.order.state).toBe('outcome_unknown');
    expect(() => settlePaidOrder(outcome, () => undefined, (order) => new Error(`unknown: ${order.localId}`))).toThrow(`unknown: ${outcome.order.localId}`);
  });
});
