import type { RequestRecord } from '../../../src/core/simulator/index.ts';
import { canTransition, isFinishedForUser, type OrderState, type TrackedOrder } from '../../../src/core/orders/order-types.ts';
import { INTERRUPTED_MESSAGE } from '../../../src/core/orders/status-policy.ts';

export interface SoakCounts {
  operations: number;
  duplicates: number;
  lost: number;
  maxNotificationsPerOrder: number;
  regressions: number;
}

const PAID_PATHS: ReadonlySet<string> = new Set(['/buy_energy', '/buy_net', '/buy_fast_recover', '/active_account', '/reclaim_energy']);

const PATH_OF_KIND: Readonly<Record<TrackedOrder['kind'], string>> = {
  energy: '/buy_energy',
  net: '/buy_net',
  fast_recover: '/buy_fast_recover',
  activation: '/active_account',
  reclaim: '/reclaim_energy',
};

/**
 * Every intent gets its own address (and a reclaim its own target serial), so
 * a paid request the simulator logged names the one journal record it belongs to.
 */
const requestKey = (r: Readonly<RequestRecord>): string =>
  r.path === '/reclaim_energy' ? `reclaim|${r.form['order_sn'] ?? ''}` : `${r.path}|${r.form['address'] ?? ''}`;

const orderKey = (o: TrackedOrder): string => (o.kind === 'reclaim' ? `reclaim|${o.orderSn ?? ''}` : `${PATH_OF_KIND[o.kind]}|${o.address}`);

/** Whether a record carries what a 200 answer gave it. */
function holdsAnswer(o: TrackedOrder): boolean {
  if (o.state === 'outcome_unknown') return true;
  if (o.state === 'submitting') return false;
  switch (o.kind) {
    case 'energy':
    case 'net':
      return o.orderSn !== null;
    case 'fast_recover':
    case 'activation':
      return o.orderId !== null;
    case 'reclaim':
      return o.state === 'succeeded';
  }
}

/**
 * What the soak observed across every incarnation of the core, and the
 * checks of its invariants against the simulator's request log.
 */
export class SoakLedger {
  operations = 0;
  private readonly statesSeen = new Map<string, OrderState>();
  private readonly notifications = new Map<string, number>();
  private readonly everJournaled = new Set<string>();
  /** Marked notified on disk when the core crashed, but never shown: the crash fell between the write and the emit. */
  private readonly lostInCrash = new Set<string>();
  private regressions = 0;
  readonly problems: string[] = [];

  observe(order: TrackedOrder): void {
    const last = this.statesSeen.get(order.localId);
    if (last !== undefined && last !== order.state && !canTransition(last, order.state)) {
      this.regressions++;
      this.problems.push(`${order.localId} moved back from ${last} to ${order.state}`);
    }
    this.statesSeen.set(order.localId, order.state);
  }

  notified(localId: string): void {
    this.notifications.set(localId, (this.notifications.get(localId) ?? 0) + 1);
  }

  /** Counts over the journal as it is now (every write flushed) and every paid request the simulator logged. */
  check(journal: readonly TrackedOrder[], requests: ReadonlyArray<Readonly<RequestRecord>>): SoakCounts {
    /**
     * Every paid request the service received, a 401 included: it left the
     * machine, and when the client's deadline passed before the 401 came
     * back, the client rightly cannot tell what became of it.
     */
    const byKey = new Map<string, Array<Readonly<RequestRecord>>>();
    for (const r of requests) {
      if (!PAID_PATHS.has(r.path)) continue;
      const key = requestKey(r);
      byKey.set(key, [...(byKey.get(key) ?? []), r]);
    }
    const records = new Map<string, TrackedOrder>();
    let lost = 0;
    const fail = (message: string): void => {
      lost++;
      this.problems.push(message);
    };
    for (const order of journal) {
      this.observe(order);
      this.everJournaled.add(order.localId);
      records.set(orderKey(order), order);
    }
    const present = new Set(journal.map((o) => o.localId));
    for (const id of this.everJournaled) if (!present.has(id)) fail(`${id} left the journal`);
    let duplicates = 0;
    for (const [key, received] of byKey) {
      // A 401 is refused before any processing; the client's one clock-skew re-send follows it.
      const sent = received.filter((r) => r.status !== 401);
      const order = records.get(key);
      if (!order) fail(`a paid request ${key} has no journal record`);
      else if (sent.some((r) => r.status === 200) && !holdsAnswer(order)) fail(`${order.localId} (${key}) was answered 200 but reads ${order.state}`);
      duplicates += Math.max(0, sent.length - 1);
      if (sent.length > 1) this.problems.push(`${key} was sent ${sent.length} times`);
    }
    for (const [key, order] of records) {
      if (order.state === 'submitting') fail(`${order.localId} is still submitting with nothing pending`);
      const unsent = !byKey.has(key);
      const mayBeUnsent = order.state === 'failed' || (order.state === 'outcome_unknown' && order.error === INTERRUPTED_MESSAGE);
      if (unsent && !mayBeUnsent) fail(`${order.localId} (${key}) reads ${order.state} but was never sent: ${order.error ?? 'no error recorded'}`);
    }
    return {
      operations: this.operations,
      duplicates,
      lost,
      maxNotificationsPerOrder: Math.max(0, ...this.notifications.values()),
      regressions: this.regressions,
    };
  }

  /** Right after a crash: records the disk says were notified although no notification was seen. */
  afterCrash(journal: readonly TrackedOrder[]): void {
    for (const o of journal) if (o.notifiedAt !== null && !this.notifications.has(o.localId)) this.lostInCrash.add(o.localId);
  }

  get notificationsLostInCrashes(): number {
    return this.lostInCrash.size;
  }

  /** Finished records never notified for any other reason than a crash in that window. */
  unnotified(journal: readonly TrackedOrder[]): string[] {
    return journal.filter((o) => isFinishedForUser(o.state) && !this.notifications.has(o.localId) && !this.lostInCrash.has(o.localId)).map((o) => o.localId);
  }
}
