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

/** Calls `onArrival` once for each energy order that succeeds; returns the unsubscribe function. */
export function followEnergyArrivals(events: TypedEmitter<OrderEvents>, onArrival: (order: TrackedOrder) => void): () => void {
  const seen = new Set<string>();
  return events.on('orderUpdated', (order) => {
    if (order.state !== 'succeeded' || energyOfOrder(order) === null || seen.has(order.localId)) return;
    seen.add(order.localId);
    onArrival(order);
  });
}
