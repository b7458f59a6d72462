import type { Delegation } from '../delegation-link.ts';
import { POOL_ADDRESSES } from '../order-progress.ts';
import type { ResourceKind } from '../state.ts';

/**
 * Resources delegated on the simulated chain (Stake 2.0 DelegateResource),
 * as the service simulator announced them: each order's parts, from the
 * provider's pool accounts to the renter, from `startsAt` until `endsAt`
 * (its period's end, or its reclaim). Ended ones are kept, up to a bound,
 * for the blocks that show them and for getdelegatedresourcev2's history.
 */

export interface DelegationRecord {
  readonly ref: string;
  /** The order it belongs to (Delegation.ref). */
  readonly orderRef: string;
  readonly from: string;
  readonly to: string;
  readonly resource: ResourceKind;
  readonly amount: bigint;
  readonly startsAt: number;
  /** The end announced with it; the lock its DelegateResource transaction shows. */
  readonly plannedEnd: number;
  /** When it ends: the planned end, or earlier when reclaimed. */
  endsAt: number;
}

export interface EndedOrder {
  readonly ref: string;
  readonly address: string;
  readonly resource: ResourceKind;
  readonly amount: bigint;
  readonly startsAt: number;
  readonly endsAt: number;
}

/** The delegations of one order; its parts share the reclaim. */
interface Order {
  readonly parts: DelegationRecord[];
  readonly address: string;
  readonly resource: ResourceKind;
  readonly amount: bigint;
}

export class DelegationBook {
  readonly #orders = new Map<string, Order>();
  /** Every part in announcement order, the oldest dropped beyond `#keep`. */
  readonly #history: DelegationRecord[] = [];
  readonly #keep: number;
  /** The latest time a dropped record showed on chain (its start or end): blocks up to it are incomplete. */
  #droppedUntil = -Infinity;

  constructor(keep: number) {
    this.#keep = keep;
  }

  add(delegation: Delegation): void {
    const parts = delegation.parts ?? [{ from: POOL_ADDRESSES[0]!, amount: delegation.amount }];
    const order: Order = { parts: [], address: delegation.address, resource: delegation.resource, amount: BigInt(delegation.amount) };
    parts.forEach((part, i) => {
      const record: DelegationRecord = {
        ref: parts.length === 1 ? delegation.ref : `${delegation.ref}:${i}`,
        orderRef: delegation.ref,
        from: part.from,
        to: delegation.address,
        resource: delegation.resource,
        amount: BigInt(part.amount),
        startsAt: delegation.startsAt,
        plannedEnd: delegation.endsAt,
        endsAt: delegation.endsAt,
      };
      order.parts.push(record);
      this.#history.push(record);
    });
    this.#orders.set(delegation.ref, order);
    if (this.#history.length > this.#keep * 2) this.#forgetOldest();
  }

  /** Drops the oldest records beyond `#keep`, except those of orders still in force (their blocks are still to come). */
  #forgetOldest(): void {
    const oldest = this.#history.splice(0, this.#history.length - this.#keep);
    const kept = oldest.filter((r) => this.#orders.has(r.orderRef));
    for (const dropped of oldest) {
      if (!this.#orders.has(dropped.orderRef)) this.#droppedUntil = Math.max(this.#droppedUntil, dropped.startsAt, dropped.endsAt);
    }
    this.#history.unshift(...kept);
  }

  /** The order `ref` ends at `at` if that is before its end. */
  reclaim(ref: string, at: number): void {
    for (const part of this.#orders.get(ref)?.parts ?? []) if (at < part.endsAt) part.endsAt = at;
  }

  /** Whole orders in force at `t` (the usage rule of chain-state.ts works per order). */
  *ordersAt(t: number): Iterable<{ address: string; resource: ResourceKind; amount: bigint; ref: string }> {
    for (const [ref, order] of this.#orders) {
      const first = order.parts[0];
      if (first && first.startsAt <= t && t < first.endsAt) {
        yield { ref, address: order.address, resource: order.resource, amount: order.amount };
      }
    }
  }

  /** Orders that have ended by `t` and not yet handed their usage back, oldest end first. */
  endedBy(t: number): EndedOrder[] {
    const ended: EndedOrder[] = [];
    for (const [ref, order] of this.#orders) {
      const first = order.parts[0];
      if (!first || first.endsAt > t) continue;
      const { address, resource, amount } = order;
      ended.push({ ref, address, resource, amount, startsAt: first.startsAt, endsAt: first.endsAt });
    }
    return ended.sort((a, b) => a.endsAt - b.endsAt);
  }

  /** The order `ref` has handed its usage back: it no longer counts. */
  settle(ref: string): void {
    this.#orders.delete(ref);
  }

  /** Blocks whose slot starts at or before this miss a dropped record's transaction. */
  get droppedUntil(): number {
    return this.#droppedUntil;
  }

  /** Every part the book still remembers (ended ones included), oldest first. */
  records(): readonly DelegationRecord[] {
    return this.#history;
  }

  /** Parts in force at `t`. */
  activeAt(t: number): DelegationRecord[] {
    const active: DelegationRecord[] = [];
    for (const order of this.#orders.values()) for (const r of order.parts) if (r.startsAt <= t && t < r.endsAt) active.push(r);
    return active;
  }
}

/** The lock a rental's DelegateResource carries: its planned period in 3-second blocks, at most the chain's 864,000 (30 days). */
export function lockBlocks(d: Pick<DelegationRecord, 'startsAt' | 'plannedEnd'>): number {
  return Math.min(864_000, Math.ceil((d.plannedEnd - d.startsAt) / 3_000));
}
