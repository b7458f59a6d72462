import { POOL_ADDRESSES, subOrdersOf } from './order-progress.ts';
import type { FastOrder, ResourceKind, TimedOrder } from './state.ts';

/**
 * The link between the service simulator and the TRON node simulator: what
 * the service tells the chain about resources it delegates. The service
 * simulator derives order progress from its clock when observed (no timers),
 * and it decides an order's outcome and finish time when the order is
 * created; so it announces a delegation at once, dated: the resource arrives
 * at `startsAt` (when the order succeeds) and leaves at `endsAt`. The node
 * simulator answers from these dates on the same clock, so fake and scaled
 * clocks need nothing more. A failed order announces nothing.
 */
export interface Delegation {
  /** The order: its order_sn, or `fast:<order_id>` for a fast recover. */
  ref: string;
  address: string;
  resource: ResourceKind;
  amount: number;
  startsAt: number;
  endsAt: number;
  /**
   * The provider accounts that delegate it and how much each (the order's
   * from_address split, spec section 4); they add up to `amount`. The chain
   * shows one DelegateResource transaction per part; without parts, the
   * first pool account delegates it all.
   */
  parts?: readonly DelegationPart[];
}

export interface DelegationPart {
  from: string;
  amount: number;
}

export interface DelegationListener {
  delegated(delegation: Delegation): void;
  /** The delegation `ref` ends at `at` (its reclaim completes), if that is before its endsAt. */
  reclaimed(ref: string, at: number): void;
}

/** The service simulator's side: listeners subscribe, and get the events from then on. */
export interface DelegationSource {
  subscribe(listener: DelegationListener): () => void;
}

export class DelegationFeed implements DelegationSource, DelegationListener {
  readonly #listeners = new Set<DelegationListener>();

  subscribe(listener: DelegationListener): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  delegated(delegation: Delegation): void {
    this.#each((listener) => listener.delegated({ ...delegation }));
  }

  reclaimed(ref: string, at: number): void {
    this.#each((listener) => listener.reclaimed(ref, at));
  }

  /** A failing listener must not fail the order that the service has already taken. */
  #each(call: (listener: DelegationListener) => void): void {
    for (const listener of this.#listeners) {
      try {
        call(listener);
      } catch (err) {
        console.error('simulator delegation listener failed', err);
      }
    }
  }
}

/** How long each period the simulator sells lasts (pricing.ts lists them). */
export const PERIOD_MS: ReadonlyMap<string, number> = new Map([
  ['15minutes', 15 * 60_000],
  ['1h', 60 * 60_000],
  ['1day', 24 * 60 * 60_000],
  ['3day', 3 * 24 * 60 * 60_000],
]);

/**
 * Fast recover is a one-time top-up (spec section 4.3) with no period. The
 * simulator's choice: the topped-up amount adds to what the address already
 * has (it does not fill up to `count`) and stays for a day, long enough to be
 * spent, then the provider takes it back. It cannot be reclaimed early:
 * reclaim_energy takes a timed order's order_sn.
 */
export const FAST_RECOVER_HOLD_MS = 24 * 60 * 60_000;

export function timedDelegation(order: TimedOrder): Delegation {
  const periodMs = PERIOD_MS.get(order.period) ?? 0;
  return {
    ref: order.orderSn,
    address: order.address,
    resource: order.kind,
    amount: order.count,
    startsAt: order.finishAt,
    endsAt: order.finishAt + periodMs,
    parts: subOrdersOf(order).map((sub) => ({ from: sub.from_address, amount: sub.count })),
  };
}

export function fastRecoverDelegation(order: FastOrder): Delegation {
  return {
    ref: `fast:${order.orderId}`,
    address: order.address,
    resource: order.resourceType,
    amount: order.count,
    startsAt: order.finishAt,
    endsAt: order.finishAt + FAST_RECOVER_HOLD_MS,
    parts: [{ from: POOL_ADDRESSES[order.orderId % POOL_ADDRESSES.length]!, amount: order.count }],
  };
}
