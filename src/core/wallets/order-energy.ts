import type { TypedEmitter } from '../base/typed-emitter.ts';
import type { OrderEvents } from '../orders/order-events.ts';
import type { TrackedOrder } from '../orders/order-types.ts';

/**
 * Orders seen from a wallet: which ones add energy to an address, which are
 * still on their way, and the moment one succeeds (so the watcher reads the
 * address at once and often for a while).
 */

/** The energy an order adds to its address; null for orders that add none (bandwidth, activation, reclaim). */
export function energyOfOrder(order: Pick<TrackedOrder, 'kind' | 'resource' | 'count'>): bigint | null {
  const addsEnergy = order.kind === 'energy' || (order.kind === 'fast_recover' && order.resource === 'energy');
  return addsEnergy && order.count !== null ? BigInt(order.count) : null;
}

/** An energy order for the address that has not finished yet: it will add energy if it succeeds. */
export function isIncomingEnergy(order: TrackedOrder, address: string): boolean {
  const pending = order.state === 'submitting' || order.state === 'running' || order.state === 'stalled';
  return pending && order.address === address && energyOfOrder(order) !== null;
}

/** While an energy order is this young and running, its address is read often (then its success does it). */
export const HURRY_WHILE_YOUNGER_THAN_MS = 2 * 60_000;

/** What the watcher does about orders (WalletWatcher's boost and hurry). */
export interface EnergyOrderFollower {
  boost(address: string): void;
  hurry(address: string, until: number): void;
}

/**
 * How watched wallets follow orders: while an energy order for an address is
 * young and running, the address is read often; when it succeeds, at once
 * and often for a while. Returns the unsubscribe function.
 */
export function followEnergyOrders(events: TypedEmitter<OrderEvents>, follower: () => EnergyOrderFollower | null): () => void {
  const offArrivals = followEnergyArrivals(events, (order) => follower()?.boost(order.address));
  const offRunning = events.on('orderUpdated', (order) => {
    if (order.state === 'running' && energyOfOrder(order) !== null) follower()?.hurry(order.address, order.createdAt + HURRY_WHILE_YOUNGER_THAN_MS);
  });
  return () => {
    offArrivals();
    offRunning();
  };
}

/** Calls `onArrival` once for each energy order that succeeds; returns the unsubscribe function. */
export function followEnergyArrivals(events: TypedEmitter<OrderEvents>, onArrival: (order: TrackedOrder) => void): () => void {
  const seen = new Set<string>();
  return events.on('orderUpdated', (order) => {
    if (order.state !== 'succeeded' || energyOfOrder(order) === null || seen.has(order.localId)) return;
    seen.add(order.localId);
    onArrival(order);
  });
}
