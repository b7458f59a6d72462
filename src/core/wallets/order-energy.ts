import type { TypedEmitter } from '../base/typed-emitter.ts';
import type { OrderEvents } from '../orders/order-events.ts';
import type { TrackedOrder } from '../orders/order-types.ts';
import type { KnownDelegation } from './energy-prediction.ts';

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

/** What the watcher does about orders (WalletWatcher's boost, hurry and expect). */
export interface EnergyOrderFollower {
  boost(address: string): void;
  hurry(address: string, until: number): void;
  /** The order's energy, from when it arrived until its period ends (null: no end known, as for a fast recover). */
  expect?(address: string, delegation: KnownDelegation): void;
}

/** A period name's length ('15minutes', '1h', '1day', '3day'); null for one this app cannot read. */
export function periodMs(period: string | null): number | null {
  const match = /^(\d{1,3})(minutes|h|day)$/.exec(period ?? '');
  if (!match) return null;
  const unit = { minutes: 60_000, h: 3_600_000, day: 86_400_000 }[match[2] as 'minutes' | 'h' | 'day'];
  return Number(match[1]) * unit;
}

/**
 * The energy an order that succeeded delegates, as the prediction counts it.
 * It arrives on chain somewhere between the order's creation and the moment
 * the service says it finished, and a block touching the address may have had
 * it read in between: so it counts as arrived from the creation on (a read
 * sent after that is taken to hold it; the read the finish asks for at once
 * settles it), never twice. Its period runs from the finish, as the service
 * counts it.
 */
export function delegationOf(order: TrackedOrder, now: number): KnownDelegation | null {
  const energy = energyOfOrder(order);
  if (energy === null) return null;
  const finished = order.finishedAt ?? now;
  const length = order.kind === 'energy' ? periodMs(order.period) : null;
  return { ref: order.localId, energy, from: Math.min(order.createdAt, finished), until: length === null ? null : finished + length };
}

/**
 * How watched wallets follow orders: while an energy order for an address is
 * young and running, the address is read often; when it succeeds, at once
 * and often for a while. Returns the unsubscribe function.
 */
export function followEnergyOrders(events: TypedEmitter<OrderEvents>, follower: () => EnergyOrderFollower | null): () => void {
  const offArrivals = followEnergyArrivals(events, (order) => {
    const watcher = follower();
    const delegation = delegationOf(order, order.updatedAt);
    if (delegation) watcher?.expect?.(order.address, delegation);
    watcher?.boost(order.address);
  });
  const offRunning = events.on('orderUpdated', (order) => {
    if (order.state !== 'running' || energyOfOrder(order) === null) return;
    follower()?.hurry(order.address, order.createdAt + HURRY_WHILE_YOUNGER_THAN_MS);
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
