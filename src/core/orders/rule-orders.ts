import type { Sun } from '../base/money.ts';
import { readOrderRow, type SpendRow } from './order-rows.ts';
import type { OrderStore } from './order-store.ts';
import type { TrackedOrder } from './order-types.ts';
import { orderSpendSun } from './spend-limit.ts';

/**
 * The order store's queries for auto top-up (issue 15, ADR 0013, 0015), each
 * proportional to what it reads: a rule's day (the day's orders, index
 * orders_by_created), the orders that may keep an address busy (the open,
 * the recently succeeded and the unknown ones, through their indexes), and
 * the decisions table (a page at a time: one rule's range of its index, or
 * the newest rows). The rules module turns these plain rows into its
 * records; this module knows nothing of rules.
 */

/**
 * The auto top-up decisions (ADR 0015), created with the first decision
 * (below), not by a migration: a profile that never uses auto top-up
 * pays no page for it, and a new store on a nearly full disk keeps its room
 * for orders. Newest first is the rowid order for a whole list, the index's
 * range for one rule.
 */
export const DECISIONS_TABLE_SQL = `
  CREATE TABLE IF NOT EXISTS decisions (
    seq INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    rule_id TEXT NOT NULL,
    address TEXT NOT NULL,
    kind TEXT NOT NULL,
    reason TEXT NOT NULL,
    detail TEXT NOT NULL,
    text TEXT,
    order_local_id TEXT,
    option TEXT,
    period TEXT,
    count INTEGER,
    quoted_sun TEXT
  );
  CREATE INDEX IF NOT EXISTS decisions_by_rule ON decisions (rule_id, at);
`;

/** One decision as a row of the `decisions` table. */
export interface DecisionRow {
  at: number;
  ruleId: string;
  address: string;
  kind: string;
  reason: string;
  detail: string;
  /** The detail as a message of the catalogues, JSON (shared/i18n/message.ts); null in rows an older version wrote. */
  text: string | null;
  orderLocalId: string | null;
  option: string | null;
  period: string | null;
  count: number | null;
  quotedSun: Sun | null;
}

export interface DecisionRowQuery {
  ruleId?: string;
  address?: string;
  orderLocalId?: string;
  kinds?: readonly string[];
  since?: number;
  before?: number;
  limit?: number;
}

interface SqlDecision {
  at: number;
  rule_id: string;
  address: string;
  kind: string;
  reason: string;
  detail: string;
  /** Absent in a table an older version made and no decision has been written to since (ensureTextColumn). */
  text?: string | null;
  order_local_id: string | null;
  option: string | null;
  period: string | null;
  count: number | null;
  quoted_sun: string | null;
}

type SqlValue = string | number | null;

/** At most this many decisions in one answer: a page, never the whole table. */
export const MAX_DECISIONS_PAGE = 500;

export class RuleOrders {
  private readonly store: OrderStore;
  private readonly overlay: (localId: string) => TrackedOrder | undefined;
  /** The decisions table exists (created with the first decision, by this process or another). */
  private hasDecisions = false;
  private hasTextColumn = false;

  constructor(store: OrderStore, overlay: (localId: string) => TrackedOrder | undefined) {
    this.store = store;
    this.overlay = overlay;
  }

  /**
   * The orders `ruleId` placed at or after `since` and what they count
   * against its cap, as the daily limit counts them (orderSpendSun). Every
   * journaled attempt counts towards the orders of the day.
   */
  ruleDay(ruleId: string, since: number): { orders: number; spentSun: Sun } {
    const sql =
      'SELECT local_id, kind, state, order_sn, order_id, charged_sun, quoted_sun FROM orders INDEXED BY orders_by_created ' +
      'WHERE created_at >= ? AND rule_id = ?';
    let orders = 0;
    let spentSun: Sun = 0n;
    for (const row of this.store.statement(sql).iterate(since, ruleId) as Iterable<SpendRow>) {
      orders++;
      const sun = (text: string | null): bigint | null => (text !== null && /^-?\d+$/.test(text) ? BigInt(text) : null);
      spentSun += orderSpendSun(
        this.overlay(row.local_id) ?? {
          kind: row.kind,
          state: row.state,
          orderSn: row.order_sn,
          orderId: row.order_id,
          chargedSun: sun(row.charged_sun),
          quotedSun: sun(row.quoted_sun),
        },
      );
    }
    return { orders, spentSun };
  }

  /**
   * The orders for `address` that may keep it busy or stop a rule, of this
   * process or another writing the same file: under way, stalled or not yet
   * notified, those that succeeded at or after `succeededSince`, and those
   * with an unknown outcome created after `unknownAfter`. Read inside the
   * intent's write transaction, so the answer cannot change before the insert.
   */
  busyCandidates(address: string, succeededSince: number, unknownAfter: number = Number.MAX_SAFE_INTEGER): TrackedOrder[] {
    const open = this.store
      .statement(`SELECT * FROM orders WHERE (state IN ('submitting', 'running', 'stalled') OR notified_at IS NULL) AND address = ?`)
      .all(address);
    const recent = this.store
      .statement(
        `SELECT * FROM orders INDEXED BY orders_succeeded_by_finished WHERE state = 'succeeded' AND finished_at >= ? AND address = ?`,
      )
      .all(succeededSince, address);
    const unknown = this.store
      .statement(`SELECT * FROM orders WHERE state = 'outcome_unknown' AND created_at > ? AND address = ?`)
      .all(unknownAfter, address);
    const found = new Map<string, TrackedOrder>();
    for (const row of [...open, ...recent, ...unknown]) {
      const read = readOrderRow(row);
      if (!read.ok) continue;
      const order = this.overlay(read.stored.order.localId) ?? read.stored.order;
      found.set(order.localId, order);
    }
    return [...found.values()];
  }

  recordDecision(row: DecisionRow): void {
    this.store.transaction(() => {
      if (!this.decisionsExist()) this.store.db.exec(DECISIONS_TABLE_SQL);
      this.ensureTextColumn();
      this.store
        .statement(
          `INSERT INTO decisions (at, rule_id, address, kind, reason, detail, text, order_local_id, option, period, count, quoted_sun) ` +
            'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          ...[row.at, row.ruleId, row.address, row.kind, row.reason, row.detail, row.text],
          ...[row.orderLocalId, row.option, row.period, row.count, row.quotedSun?.toString() ?? null],
        );
    });
    this.hasDecisions = true;
  }

  /**
   * A table made before decisions kept their message gets the column with the
   * next decision, like the table itself, not by a migration: the store's
   * version stays, so an older app or CLI still opens it (and its INSERT,
   * which names its columns, leaves the message null).
   */
  private ensureTextColumn(): void {
    if (this.hasTextColumn) return;
    const columns = this.store.db.prepare('PRAGMA table_info(decisions)').all() as Array<{ name: string }>;
    if (!columns.some((c) => c.name === 'text')) this.store.db.exec('ALTER TABLE decisions ADD COLUMN text TEXT');
    this.hasTextColumn = true;
  }

  private decisionsExist(): boolean {
    this.hasDecisions ||=
      this.store.db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'decisions'`).get() !== undefined;
    return this.hasDecisions;
  }

  /**
   * Newest first, at most `limit` (MAX_DECISIONS_PAGE when absent or
   * larger): for one rule by time (its index; among equal times the later
   * written), else in the order written. Give the rule with an order (and
   * `before` a little after the order's creation) so the lookup is a range.
   */
  decisions(query: DecisionRowQuery): DecisionRow[] {
    if (!this.decisionsExist()) return [];
    const terms: string[] = [];
    const params: SqlValue[] = [];
    const eq = (column: string, value: string | undefined): void => {
      if (value === undefined) return;
      terms.push(`${column} = ?`);
      params.push(value);
    };
    eq('rule_id', query.ruleId);
    eq('address', query.address);
    eq('order_local_id', query.orderLocalId);
    if (query.kinds !== undefined) {
      terms.push(query.kinds.length === 0 ? '0' : `kind IN (${query.kinds.map(() => '?').join(', ')})`);
      params.push(...query.kinds);
    }
    if (query.since !== undefined) {
      terms.push('at >= ?');
      params.push(query.since);
    }
    if (query.before !== undefined) {
      terms.push('at < ?');
      params.push(query.before);
    }
    const limit = Math.max(0, Math.min(Math.floor(query.limit ?? MAX_DECISIONS_PAGE), MAX_DECISIONS_PAGE));
    const where = terms.length === 0 ? '' : `WHERE ${terms.join(' AND ')}`;
    const order = query.ruleId === undefined ? 'seq DESC' : 'at DESC, seq DESC';
    const rows = this.store
      .statement(`SELECT * FROM decisions ${where} ORDER BY ${order} LIMIT ?`)
      .all(...params, limit) as unknown as SqlDecision[];
    return rows.map((r) => ({
      at: r.at,
      ruleId: r.rule_id,
      address: r.address,
      kind: r.kind,
      reason: r.reason,
      detail: r.detail,
      text: r.text ?? null,
      orderLocalId: r.order_local_id,
      option: r.option,
      period: r.period,
      count: r.count,
      quotedSun: r.quoted_sun !== null && /^\d+$/.test(r.quoted_sun) ? BigInt(r.quoted_sun) : null,
    }));
  }
}
