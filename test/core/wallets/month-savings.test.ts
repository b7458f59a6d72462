import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../src/core/base/virtual-clock.ts';
import { TypedEmitter } from '../../../src/core/base/typed-emitter.ts';
import type { OrderEvents } from '../../../src/core/orders/order-events.ts';
import type { TrackedOrder } from '../../../src/core/orders/order-types.ts';
import { FeeCache } from '../../../src/core/wallets/fee-cache.ts';
import { monthSavings, startOfMonth } from '../../../src/core/wallets/month-savings.ts';
import { energyOfOrder, followEnergyArrivals, followEnergyOrders, HURRY_WHILE_YOUNGER_THAN_MS, isIncomingEnergy } from '../../../src/core/wallets/order-energy.ts';
import { FakeChainReader } from '../../support/fake-chain-reader.ts';
import { VALID_ADDRESS as ADDRESS } from '../../support/addresses.ts';

const NOW = new Date(2025, 5, 18, 12, 0).getTime();

function order(over: Partial<TrackedOrder> = {}): TrackedOrder {
  return {
    localId: 'o1', kind: 'energy', profileId: 'p', address: ADDRESS, resource: 'energy', count: 65_000, period: '1h', orderSn: 'EN1', orderId: null,
    quotedSun: 3_250_000n, chargedSun: 3_250_000n, createdAt: NOW - 10_000, updatedAt: NOW, lastPolledAt: NOW, attempts: 1, state: 'succeeded',
    serverStatus: null, txIds: [], error: null, finishedAt: NOW - 5_000, notifiedAt: null, presetId: null, wouldBurnSun: 6_500_000n, ...over,
  };
}

describe('saved vs burned this month', () => {
  it('sums succeeded energy orders of this month exactly, in SUN, and says how many could not be counted', () => {
    const savings = monthSavings(
      [
        order(),
        order({ localId: 'o2', kind: 'fast_recover', period: null, chargedSun: 3_900_001n, wouldBurnSun: 6_500_000n }),
        order({ localId: 'o3', finishedAt: startOfMonth(NOW) - 1 }), // last month
        order({ localId: 'o4', kind: 'net', resource: 'net' }), // bandwidth
        order({ localId: 'o5', state: 'failed' }),
        order({ localId: 'o6', wouldBurnSun: null }), // no fee reading when it succeeded
        order({ localId: 'o7', wouldBurnSun: undefined, chargedSun: null, quotedSun: null }),
        order({ localId: 'o8', chargedSun: null, quotedSun: 2_000_000n }), // dashboard quote only
      ],
      NOW,
    );
    expect(savings).toEqual({
      wouldHaveBurnedSun: 19_500_000n,
      spentSun: 9_150_001n,
      savedSun: 10_349_999n,
      orders: 3,
      uncounted: 2,
      monthStart: new Date(2025, 5, 1).getTime(),
    });
  });
});

describe('orders seen from a wallet', () => {
  it('knows which orders add energy and which are still on their way', () => {
    expect(energyOfOrder(order())).toBe(65_000n);
    expect(energyOfOrder(order({ kind: 'fast_recover', resource: 'energy' }))).toBe(65_000n);
    expect(energyOfOrder(order({ kind: 'fast_recover', resource: 'net' }))).toBeNull();
    expect(energyOfOrder(order({ kind: 'activation', resource: null, count: null }))).toBeNull();
    expect(isIncomingEnergy(order({ state: 'running' }), ADDRESS)).toBe(true);
    expect(isIncomingEnergy(order({ state: 'running' }), 'TOther')).toBe(false);
    expect(isIncomingEnergy(order({ state: 'succeeded' }), ADDRESS)).toBe(false);
  });

  it('reports each energy order that succeeds once', () => {
    const events = new TypedEmitter<OrderEvents>();
    const arrived: string[] = [];
    followEnergyArrivals(events, (o) => arrived.push(o.localId));
    events.emit('orderUpdated', order({ state: 'running' }));
    events.emit('orderUpdated', order());
    events.emit('orderUpdated', order());
    events.emit('orderUpdated', order({ localId: 'net', kind: 'net', resource: 'net' }));
    expect(arrived).toEqual(['o1']);
  });
});

describe('watched wallets following orders', () => {
  it('hurries the address of a running energy order until it is two minutes old, and boosts it once it succeeds', () => {
    const events = new TypedEmitter<OrderEvents>();
    const calls: string[] = [];
    const off = followEnergyOrders(events, () => ({
      boost: (address) => calls.push(`boost ${address}`),
      hurry: (address, until) => calls.push(`hurry ${address} ${until - NOW}`),
    }));
    events.emit('orderUpdated', order({ state: 'running', createdAt: NOW }));
    events.emit('orderUpdated', order({ localId: 'n', kind: 'net', resource: 'net', state: 'running', createdAt: NOW }));
    events.emit('orderUpdated', order({ state: 'succeeded' }));
    off();
    events.emit('orderUpdated', order({ localId: 'later', state: 'succeeded' }));
    expect(calls).toEqual([`hurry ${ADDRESS} ${HURRY_WHILE_YOUNGER_THAN_MS}`, `boost ${ADDRESS}`]);
  });
});

describe('chain fee cache', () => {
  it('reads the fees once an hour at most, shares a read in flight and forgets them for another node', async () => {
    const clock = new VirtualClock(NOW);
    const chain = new FakeChainReader(() => clock.now());
    const cache = new FeeCache(clock);
    const [a, b] = await Promise.all([cache.get(chain), cache.get(chain)]);
    expect(a).toEqual({ energyFeeSun: 100n, bandwidthFeeSun: 1_000n });
    expect(b).toBe(a);
    clock.advanceTo(NOW + 59 * 60_000);
    chain.energyFeeSun = 210n;
    expect((await cache.get(chain)).energyFeeSun).toBe(100n);
    clock.advanceTo(NOW + 60 * 60_000);
    expect((await cache.get(chain)).energyFeeSun).toBe(210n);
    cache.clear();
    await cache.get(chain);
    expect(chain.count('chainFees')).toBe(3);
  });
});
