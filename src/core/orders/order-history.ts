import type { Sun } from '../base/money.ts';
import { readOrderRow, spendFacts, type SpendRow } from './order-rows.ts';
import type { OrderStore } from './order-store.ts';
import { orderSpendSun } from './spend-limit.ts';
import type { TrackedOrder } from './order-types.ts';
import { AFTER_ANY, marks, orderConditions, RECLAIMED, searchText, SORT_MATCHES_UP_TO, sqlWhere, where } from './order-filter-sql.ts';
import type { OrderFilter, SqlValue } from './order-filter-sql.ts';

export type { OrderFilter } from './order-filter-sql.ts';


export interface HistoryRow {
  order: TrackedOrder;
  /** A reclaim of this order's serial is in progress or done. */
  reclaimed: boolean;
}

export interface HistoryPage {
  rows: HistoryRow[];
  /** How many orders the filter matches in all. */
  total: number;
}

export interface SpendTotal {
  /** The period's key (what `bucket` returned). */
  period: string;
  orders: number;
  /** Succeeded and under way: the charged amount, else the quote. */
  spentSun: Sun;
  /** Outcome unknown: may or may not have been charged (the quote, else the charged amount). */
  uncertainSun: Sun;
}

export interface HistoryHooks {
  /** The journal's newer copy of an order (a change not yet saved), if any. */
  overlay(localId: string): TrackedOrder | undefined;
  /** A row that could not be read: set it aside and tell someone. */
  unreadable(row: unknown, reason: string): void;
}


const addSun = (a: Sun, b: bigint | null | undefined): Sun => a + (b ?? 0n);
/** An order that succeeded, as far as what it cost and what its energy would have burned go. */
export type SucceededFigures = Pick<
  TrackedOrder,
  'state' | 'kind' | 'resource' | 'count' | 'finishedAt' | 'chargedSun' | 'quotedSun' | 'wouldBurnSun'
>;

interface SqlFigures {
  local_id: string;
  kind: string;
  resource: string | null;
  count: number | null;
  finished_at: number | null;
  charged_sun: string | null;
  quoted_sun: string | null;
  would_burn_sun: string | null;
}

/** An amount column as written (integer SUN as text); anything else counts as unknown. */
const sunOf = (text: string | null): Sun | null => (text !== null && /^-?\d+$/.test(text) ? BigInt(text) : null);

/**
 * History read by query: pages of a filter with its total, today's spend,
 * totals per period and the rows of an export. Nothing is kept in memory; each
 * call costs what it reads (the indexes keep a page or a day small).
 */
export class OrderHistory {
  private readonly store: OrderStore;
  private readonly hooks: HistoryHooks;

  constructor(store: OrderStore, hooks: HistoryHooks) {
    this.store = store;
    this.hooks = hooks;
  }

  /** One page of the filter, newest first, and how many orders it matches. */
  page(filter: OrderFilter, offset: number, limit: number): HistoryPage {
    const at = { limit: Math.max(0, Math.floor(limit)), offset: Math.max(0, Math.floor(offset)) };
    const text = searchText(filter);
    if (text !== null) return this.searchPage(filter, text, at);
    const w = orderConditions(filter);
    const total = this.count(`SELECT count(*) AS n FROM orders o ${sqlWhere(w)}`, w.params);
    return { rows: this.newestFirst(`FROM orders o ${sqlWhere(w)}`, w.params, at), total };
  }

  /**
   * A text search: the matching orders come from the term index (the state
   * beside each term), so a search for one order costs a lookup, and a broad
   * one ("en17…") is counted from that index alone; its page is then found by
   * walking the newest orders and keeping the matching ones.
   */
  private searchPage(filter: OrderFilter, text: string, at: { limit: number; offset: number }): HistoryPage {
    if (filter.states?.length === 0) return { rows: [], total: 0 };
    const stateTerm = filter.states ? ` AND t.state IN (${marks(filter.states)})` : '';
    const termParams: SqlValue[] = [text, text + AFTER_ANY, ...(filter.states ?? [])];
    const matching =
      `(SELECT DISTINCT t.seq FROM order_terms t WHERE t.term >= ? AND t.term < ?${stateTerm}) m ` +
      'CROSS JOIN orders o ON o.seq = m.seq';
    const others = orderConditions(filter, false);
    const total =
      others.terms.length === 0
        ? this.count(`SELECT count(DISTINCT t.seq) AS n FROM order_terms t WHERE t.term >= ? AND t.term < ?${stateTerm}`, termParams)
        : this.count(`SELECT count(*) AS n FROM ${matching} ${sqlWhere(others)}`, [...termParams, ...others.params]);
    if (total <= SORT_MATCHES_UP_TO || others.terms.length > 0) {
      return { rows: this.newestFirst(`FROM ${matching} ${sqlWhere(others)}`, [...termParams, ...others.params], at), total };
    }
    const w = where(filter);
    return { rows: this.newestFirst(`FROM orders o ${sqlWhere(w)}`, w.params, at), total };
  }

  private count(sql: string, params: readonly SqlValue[]): number {
    return Number((this.store.statement(sql).get(...params) as { n: number }).n);
  }

  private newestFirst(from: string, params: readonly SqlValue[], at: { limit: number; offset: number }): HistoryRow[] {
    const sql = `SELECT o.*, ${RECLAIMED} AS reclaimed ${from} ORDER BY o.created_at DESC, o.seq DESC LIMIT ? OFFSET ?`;
    const rows = this.store.statement(sql).all(...params, at.limit, at.offset);
    return this.readAll(rows, (row) => (row as { reclaimed: number }).reclaimed === 1);
  }

  /** Whether a reclaim of this serial is in progress or done (one indexed lookup). */
  isReclaimed(orderSn: string): boolean {
    const sql = `SELECT 1 FROM orders o WHERE o.kind = 'reclaim' AND o.order_sn = ? AND o.state <> 'failed'`;
    return this.store.statement(sql).get(orderSn) !== undefined;
  }

  /**
   * What orders created at or after `since` count against the daily limit,
   * each as orderSpendSun counts it (spend-limit.ts): in flight and unknown
   * outcomes at the larger of quote and charge, a definite refusal at
   * submission (failed with no serial and no id) 0, a failure after the
   * service accepted it in full, reclaims 0. A change not yet saved counts as
   * it is in memory. Reads only those orders (index on created_at), six columns each.
   */
  spentSince(since: number): Sun {
    let total = 0n;
    const sql =
      `SELECT local_id, kind, state, order_sn, order_id, charged_sun, quoted_sun FROM orders ` +
      `WHERE created_at >= ? AND kind <> 'reclaim'`;
    for (const row of this.store.statement(sql).iterate(since) as Iterable<SpendRow>) {
      total += orderSpendSun(this.hooks.overlay(row.local_id) ?? spendFacts(row));
    }
    return total;
  }

  /**
   * Orders that succeeded at or after `since` (their finish time), oldest
   * first: for "saved this month". Reads only those (the partial index on
   * finished_at, named: the planner would otherwise take the state index and
   * walk every succeeded order), never the whole history.
   */
  succeededSince(since: number): TrackedOrder[] {
    const sql =
      `SELECT o.* FROM orders o INDEXED BY orders_succeeded_by_finished ` +
      `WHERE o.state = 'succeeded' AND o.finished_at >= ? ORDER BY o.finished_at, o.seq`;
    const rows = this.store.statement(sql).all(since);
    return this.readAll(rows, () => false).map(({ order }) => order);
  }

  /**
   * What "saved vs burned" and the spend chart read of the orders that
   * succeeded at or after `since` (finish time), oldest first: eight columns
   * of each through the same partial index, not whole rows (a month of a busy
   * wallet's orders in a few milliseconds). A change not yet saved counts as
   * it is in memory.
   */
  succeededFiguresSince(since: number): SucceededFigures[] {
    const sql = `SELECT o.local_id, o.kind, o.resource, o.count, o.finished_at, o.charged_sun, o.quoted_sun, o.would_burn_sun
      FROM orders o INDEXED BY orders_succeeded_by_finished
      WHERE o.state = 'succeeded' AND o.finished_at >= ? ORDER BY o.finished_at, o.seq`;
    const out: SucceededFigures[] = [];
    for (const row of this.store.statement(sql).iterate(since) as Iterable<SqlFigures>) {
      const newer = this.hooks.overlay(row.local_id);
      if (newer) {
        out.push(newer);
        continue;
      }
      const { kind } = row;
      if (kind !== 'energy' && kind !== 'net' && kind !== 'fast_recover' && kind !== 'activation' && kind !== 'reclaim') continue;
      out.push({
        state: 'succeeded',
        kind,
        resource: row.resource === 'energy' || row.resource === 'net' ? row.resource : null,
        count: row.count,
        finishedAt: row.finished_at,
        chargedSun: sunOf(row.charged_sun),
        quotedSun: sunOf(row.quoted_sun),
        wouldBurnSun: sunOf(row.would_burn_sun),
      });
    }
    return out;
  }

  /**
   * Totals of the filter per period (`bucket` names the period of a creation
   * time), oldest period first. Reads four columns of each matching order,
   * not whole rows: 100,000 orders take a fraction of a second.
   */
  totals(filter: OrderFilter, bucket: (createdAt: number) => string): SpendTotal[] {
    const w = where(filter);
    const sql = `SELECT o.local_id, o.created_at, o.state, o.charged_sun, o.quoted_sun FROM orders o ${sqlWhere(w)} ` +
      'ORDER BY o.created_at, o.seq';
    const rows = this.store.statement(sql).iterate(...w.params);
    const byPeriod = new Map<string, SpendTotal>();
    // Every time zone's offset is a multiple of 15 minutes: one period name per quarter hour.
    const names = new Map<number, string>();
    type TotalRow = { local_id: string; created_at: number; state: string; charged_sun: string | null; quoted_sun: string | null };
    for (const row of rows as Iterable<TotalRow>) {
      const newer = this.hooks.overlay(row.local_id);
      const state = newer?.state ?? row.state;
      const charged = newer ? newer.chargedSun : sunOf(row.charged_sun);
      const quoted = newer ? newer.quotedSun : sunOf(row.quoted_sun);
      const slot = Math.floor(row.created_at / 900_000);
      let period = names.get(slot);
      if (period === undefined) {
        period = bucket(row.created_at);
        names.set(slot, period);
      }
      const total = byPeriod.get(period) ?? { period, orders: 0, spentSun: 0n, uncertainSun: 0n };
      total.orders++;
      if (state === 'outcome_unknown') total.uncertainSun = addSun(total.uncertainSun, quoted ?? charged);
      else if (state !== 'failed') total.spentSun = addSun(total.spentSun, charged ?? quoted);
      byPeriod.set(period, total);
    }
    return [...byPeriod.values()];
  }

  /**
   * Every order of the filter, oldest first, read a chunk at a time (exports):
   * no statement stays open between chunks, so polls go on writing meanwhile.
   */
  *orders(filter: OrderFilter, chunk = 1_000): Generator<TrackedOrder> {
    const w = where(filter);
    const after = sqlWhere({ terms: [...w.terms, '(o.created_at, o.seq) > (?, ?)'], params: [] });
    const params = w.params;
    const statement = this.store.statement(`SELECT o.* FROM orders o ${after} ORDER BY o.created_at, o.seq LIMIT ?`);
    let cursor: [number, number] = [-1, -1];
    for (;;) {
      const rows = statement.all(...params, ...cursor, chunk) as Array<{ created_at: number; seq: number }>;
      for (const { order } of this.readAll(rows, () => false)) yield order;
      const last = rows.at(-1);
      if (!last || rows.length < chunk) return;
      cursor = [last.created_at, last.seq];
    }
  }

  private readAll(rows: readonly unknown[], reclaimed: (row: unknown) => boolean): HistoryRow[] {
    const out: HistoryRow[] = [];
    for (const row of rows) {
      const read = readOrderRow(row);
      if (!read.ok) {
        this.hooks.unreadable(row, read.reason);
        continue;
      }
      const order = this.hooks.overlay(read.stored.order.localId) ?? read.stored.order;
      out.push({ order, reclaimed: reclaimed(row) });
    }
    return out;
  }
}
