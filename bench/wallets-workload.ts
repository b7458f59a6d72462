import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../src/core/api/client.ts';
import { VirtualClock } from '../src/core/base/virtual-clock.ts';
import { ChainClient } from '../src/core/chain/chain-client.ts';
import { OrderJournal } from '../src/core/orders/order-journal.ts';
import { OrderScheduler } from '../src/core/orders/scheduler.ts';
import { submitPaidOrder } from '../src/core/orders/submit-paid-order.ts';
import { startSimulator, tronAddressFromSeed } from '../src/core/simulator/index.ts';
import { startNodeSimulator } from '../src/core/simulator/node/node-simulator.ts';
import { followEnergyOrders } from '../src/core/wallets/order-energy.ts';
import { WalletWatcher } from '../src/core/wallets/wallet-watcher.ts';

/** A fixed virtual epoch: signatures carry realistic timestamps and runs repeat exactly. */
const EPOCH_MS = 1_750_000_000_000;
const BENCH_USER = { apiKey: 'wallet-bench-key', secret: 'wallet-bench-secret', trxSun: 100_000_000_000n, usdtMicros: 0n };

export interface ArrivalOrder {
  /** Virtual ms after the start at which the order is placed. */
  placeAt: number;
  /** ms after creation at which the service reports it succeeded (and the delegation arrives). */
  finishAfter: number;
  kind: 'energy' | 'fast_recover';
}

/**
 * From an energy order's success at the service to the watcher's first
 * reading that shows its energy on the address: the real submission path,
 * order scheduler and ApiClient against the service simulator, the real
 * WalletWatcher and ChainClient against the linked TRON node simulator, all on
 * one VirtualClock, joined as WalletService joins them (followEnergyOrders:
 * a young running energy order hurries its address, a success boosts it). Returns each order's delay in ms.
 */
export async function energyVisibleDelays(orders: readonly ArrivalOrder[], random: () => number): Promise<number[]> {
  const clock = new VirtualClock(EPOCH_MS);
  const addresses = orders.map((_, i) => tronAddressFromSeed(`wallet-bench-arrival-${i}`));
  const delayByAddress = new Map(orders.map((o, i) => [addresses[i]!, o.finishAfter]));
  const successAt = new Map<string, number>();
  const sim = await startSimulator({
    now: () => clock.now(),
    users: [BENCH_USER],
    finishAt: (order) => {
      const delay = delayByAddress.get(order.address);
      if (delay !== undefined) successAt.set(order.address, clock.now() + delay);
      return delay;
    },
  });
  const node = await startNodeSimulator({ now: () => clock.now(), spending: null, wallets: addresses.map((address) => ({ address, trxSun: 1_000_000n })), delegations: sim.delegations });
  const api = new ApiClient({ baseUrl: sim.baseUrl, apiKey: BENCH_USER.apiKey, secret: BENCH_USER.secret, now: () => clock.now() });
  const chain = new ChainClient({ nodeUrl: node.baseUrl });
  const dir = await mkdtemp(join(tmpdir(), 'wallets-bench-'));
  try {
    const journal = await OrderJournal.open(dir, clock);
    const scheduler = new OrderScheduler({ api, journal, clock, random });
    const watcher = new WalletWatcher({ chain, clock, random });
    followEnergyOrders(scheduler.events, () => watcher);
    const delays: number[] = [];
    const seen = new Set<string>();
    watcher.events.on('resources', ({ address, reading, at }) => {
      const success = successAt.get(address);
      if (success === undefined || seen.has(address) || reading.energy.available < 65_000n) return;
      seen.add(address);
      delays.push(at - success);
    });
    watcher.watch(addresses);
    watcher.start();
    scheduler.start();
    const placing = new Set<Promise<void>>();
    orders.forEach((o, i) => {
      clock.setTimeout(() => {
        const address = addresses[i]!;
        const intent =
          o.kind === 'energy'
            ? { kind: 'energy' as const, profileId: 'bench', address, resource: 'energy' as const, count: 65_000, period: '1h' }
            : { kind: 'fast_recover' as const, profileId: 'bench', address, resource: 'energy' as const, count: 65_000 };
        const task = submitPaidOrder({ api, journal }, intent).then((order) => scheduler.track(order.localId));
        placing.add(task);
        void task.finally(() => placing.delete(task));
      }, o.placeAt);
    });
    const settle = async (): Promise<void> => {
      await Promise.all([...placing]);
      await scheduler.whenIdle();
      await watcher.whenIdle();
    };
    const end = EPOCH_MS + Math.max(...orders.map((o) => o.placeAt + o.finishAfter)) + 5 * 60_000;
    while (delays.length < orders.length && clock.now() < end) {
      await settle();
      if (!clock.step()) break;
    }
    scheduler.stop();
    watcher.stop();
    await settle();
    if (delays.length !== orders.length) throw new Error(`only ${delays.length} of ${orders.length} arrivals were seen`);
    return delays;
  } finally {
    await api.close();
    await chain.close();
    await node.close();
    await sim.close();
    await rm(dir, { recursive: true, force: true });
  }
}
