import { resourcesAt, type AccountSnapshot } from '../chain/account-snapshot.ts';
import type { ResourceReading } from '../chain/chain-client.ts';
import { energyReading } from '../chain/resources.ts';

/**
 * An address's energy and bandwidth at any moment after a full read: the
 * read's counters recovered by java-tron's formula (chain/account-snapshot.ts),
 * with the energy the app's own orders deliver added from when they arrive
 * and taken away when their period ends. A rental that ends hands back its
 * share of the usage with it (Stake 2.0's undelegation), as the node does.
 */

/** Energy an order of this app delegates to the address: from `from` until `until` (null: no end the app knows). */
export interface KnownDelegation {
  ref: string;
  energy: bigint;
  from: number;
  until: number | null;
}

export interface Basis {
  snapshot: AccountSnapshot;
  /** When the read was sent: what arrived before it is in the snapshot already. */
  startedAt: number;
}

export function predictAt(basis: Basis, delegations: readonly KnownDelegation[], at: number): ResourceReading {
  const { snapshot, startedAt } = basis;
  const { energy, bandwidth } = resourcesAt(snapshot, at);
  let limit = energy.limit;
  let used = energy.used;
  const changes: Array<{ at: number; delta: bigint }> = [];
  for (const d of delegations) {
    if (d.from > startedAt && d.from <= at) changes.push({ at: d.from, delta: d.energy });
    if (d.until !== null && d.until > startedAt && d.until <= at && d.until > d.from) changes.push({ at: d.until, delta: -d.energy });
  }
  for (const change of changes.sort((a, b) => a.at - b.at)) {
    if (change.delta < 0n) {
      const leaving = -change.delta > limit ? limit : -change.delta;
      // Usage shrinks by the leaving share of the limit; recovery is linear, so scaling now equals scaling then.
      if (limit > 0n) used = (used * (limit - leaving)) / limit;
      limit -= leaving;
    } else limit += change.delta;
  }
  return {
    address: snapshot.address,
    activated: snapshot.activated,
    energy: energyReading({ energyLimit: limit, energyUsed: used, netLimit: 0n, netUsed: 0n, freeNetLimit: 0n, freeNetUsed: 0n }),
    bandwidth,
  };
}

/** The reading the snapshot shows at its own time (no prediction). */
export function readingOf(snapshot: AccountSnapshot, at: number): ResourceReading {
  return { address: snapshot.address, activated: snapshot.activated, ...resourcesAt(snapshot, at) };
}
