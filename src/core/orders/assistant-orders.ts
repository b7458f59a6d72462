import type { Sun } from '../base/money.ts';
import { readOrderRow, spendFacts, type SpendRow } from './order-rows.ts';
import type { OrderStore } from './order-store.ts';
import type { TrackedOrder } from './order-types.ts';
import { orderSpendSun } from './spend-limit.ts';

/**
 * The order store's queries for an AI assistant's purchases (issue 27, the
 * MCP server), each proportional to what it reads: the assistant's day (the
 * day's orders, index orders_by_created), the orders under way for an
 * address, and the refusals table (migration 4), where a paid tool call refused by the
 * allowance is written for the running app to notice (it looks at the store
 * when another process commits: PRAGMA data_version). This module knows
 * nothing of allowances; it reads and writes rows.
 */

/** A paid tool call the allowance refused: nothing was sent; the app tells the person. */
export interface RefusalRow {
  at: number;
  /** The MCP client's name and the assistant's reason, as checked by the MCP server. */
  client: string;
  reason: string;
  address: string;
  /** What it asked for: an OrderKind ('energy', 'fast_recover'). */
  kind: string;
  count: number | null;
  costSun: Sun | null;
  /** Which part of the allowance refused it: 'off', 'address', 'per_order', 'per_day'. */
  why: string;
  /** The allowance's figure it went past (per order or per day), else null. */
  limitSun: Sun | null;
}

export interface StoredRefusal extends RefusalRow {
  seq: number;
}

/** At most this many refusals in one answer. */
const MAX_REFUSALS = 50;

interface SqlRefusal {
  seq: number;
  at: number;
  client: string;
  reason: string;
  address: string;
  kind: string;
  count: number | null;
  cost_sun: string | null;
  why: string;
  limit_sun: string | null;
}

const sunOf = (text: string | null): bigint | null => (text !== null && /^\d{1,40}$/.test(text) ? BigInt(text) : null);

export class AssistantOrders {
  private readonly store: OrderStore;
  private readonly overlay: (localId: string) => TrackedOrder | undefined;
  private seenVersion = -1;

  constructor(store: OrderStore, overlay: (localId: string) => TrackedOrder | undefined) {
    this.store = store;
    this.overlay = overlay;
  }

  /**
   * The orders an assistant placed at or after `since` and what they count,
   * as the daily limit counts them (orderSpendSun). Read inside the intent's
   * write transaction, the answer cannot change before the insert.
   */
  assistantDay(since: number): { orders: number; spentSun: Sun } {
    const sql =
      'SELECT local_id, kind, state, order_sn, order_id, charged_sun, quoted_sun FROM orders INDEXED BY orders_by_created ' +
      'WHERE created_at >= ? AND assistant_client IS NOT NULL';
    let orders = 0;
    let spentSun: Sun = 0n;
    for (const row of this.store.statement(sql).iterate(since) as Iterable<SpendRow>) {
      orders++;
      spentSun += orderSpendSun(this.overlay(row.local_id) ?? spendFacts(row));
    }
    return { orders, spentSun };
  }

  /** The orders for `address` being sent or under way (any origin, any process writing this file). */
  underWay(address: string): TrackedOrder[] {
    const sql = `SELECT * FROM orders INDEXED BY orders_by_address WHERE address = ? AND state IN ('submitting', 'running')`;
    const rows = this.store.statement(sql).all(address);
    const found: TrackedOrder[] = [];
    for (const row of rows) {
      const read = readOrderRow(row);
      if (!read.ok) continue;
      const order = this.overlay(read.stored.order.localId) ?? read.stored.order;
      if (order.state === 'submitting' || order.state === 'running') found.push(order);
    }
    return found;
  }

  /**
   * Orders for `address` placed at or after `since` (ms) that were not refused (any origin, any
   * process): a purchase planned before them was planned from a reading and a quote they make stale.
   */
  placedSince(address: string, since: number): TrackedOrder[] {
    const sql = `SELECT * FROM orders INDEXED BY orders_by_address WHERE address = ? AND created_at >= ? AND state != 'failed'`;
    const rows = this.store.statement(sql).all(address, since);
    const found: TrackedOrder[] = [];
    for (const row of rows) {
      const read = readOrderRow(row);
      if (read.ok) found.push(this.overlay(read.stored.order.localId) ?? read.stored.order);
    }
    return found;
  }

  recordRefusal(row: RefusalRow): void {
    const insert = this.store.statement(
      'INSERT INTO assistant_refusals (at, client, reason, address, kind, count, cost_sun, why, limit_sun) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    // One statement: committed whole or not at all, like a transaction of one.
    const [cost, limit] = [row.costSun?.toString() ?? null, row.limitSun?.toString() ?? null];
    insert.run(row.at, row.client, row.reason, row.address, row.kind, row.count, cost, row.why, limit);
  }

  /** The newest refusal's number (0: none), where a reader starts. */
  lastRefusalSeq(): number {
    return (this.store.statement('SELECT max(seq) AS seq FROM assistant_refusals').get() as { seq: number | null }).seq ?? 0;
  }

  /** Refusals written after `seq`, oldest first, at most MAX_REFUSALS (a reader asks again from the last one). */
  refusalsAfter(seq: number): StoredRefusal[] {
    const sql = 'SELECT * FROM assistant_refusals WHERE seq > ? ORDER BY seq LIMIT ?';
    const rows = this.store.statement(sql).all(seq, MAX_REFUSALS) as unknown as SqlRefusal[];
    return rows.map((r) => ({
      seq: r.seq,
      at: r.at,
      client: r.client,
      reason: r.reason,
      address: r.address,
      kind: r.kind,
      count: r.count,
      costSun: sunOf(r.cost_sun),
      why: r.why,
      limitSun: sunOf(r.limit_sun),
    }));
  }

  /**
   * Whether another process committed to the file since the last call
   * (SQLite's PRAGMA data_version, one look at the log's shared memory): a
   * reader of refusals looks at the table only then.
   */
  othersWrote(): boolean {
    const version = Number((this.store.statement('PRAGMA data_version').get() as { data_version: number }).data_version);
    const changed = version !== this.seenVersion;
    this.seenVersion = version;
    return changed;
  }
}
