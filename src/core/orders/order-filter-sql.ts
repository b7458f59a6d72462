import type { SqlValue } from './order-rows.ts';
import type { OrderKind, OrderState } from './order-types.ts';

export type { SqlValue } from './order-rows.ts';

/**
 * A filter of the order history as SQL on the orders table (alias o): the
 * conditions, the text search on the term index, and their parameters.
 */

/** Which orders: every field narrows; none means all. */
export interface OrderFilter {
  states?: readonly OrderState[];
  kinds?: readonly OrderKind[];
  address?: string;
  /** created at or after (ms since epoch). */
  from?: number;
  /** created before (ms since epoch). */
  to?: number;
  /** The start (or the whole) of an order number, order id or tx id; any case. */
  text?: string;
}


/** The largest string any term can start with, for a prefix range on the term index. */
export const AFTER_ANY = '\u{10FFFF}';
export const RECLAIMED = `EXISTS (SELECT 1 FROM orders r WHERE r.kind = 'reclaim' AND r.order_sn = o.order_sn AND r.state <> 'failed')`;
/** A search matching at most this many orders is sorted whole; beyond, the newest orders are walked instead. */
export const SORT_MATCHES_UP_TO = 1_000;

interface Where {
  terms: string[];
  params: SqlValue[];
}

export const sqlWhere = ({ terms }: Where): string => (terms.length === 0 ? '' : `WHERE ${terms.join(' AND ')}`);
export const marks = (values: readonly unknown[]): string => values.map(() => '?').join(', ');

/** Conditions on the orders table (alias o), the text search aside. */
export function orderConditions(filter: OrderFilter, withStates = true): Where {
  const terms: string[] = [];
  const params: SqlValue[] = [];
  const list = (column: string, values: readonly string[] | undefined): void => {
    if (values === undefined) return;
    terms.push(values.length === 0 ? '0' : `o.${column} IN (${marks(values)})`);
    params.push(...values);
  };
  if (withStates) list('state', filter.states);
  list('kind', filter.kinds);
  if (filter.address !== undefined) {
    terms.push('o.address = ?');
    params.push(filter.address.trim());
  }
  if (filter.from !== undefined) {
    terms.push('o.created_at >= ?');
    params.push(filter.from);
  }
  if (filter.to !== undefined) {
    terms.push('o.created_at < ?');
    params.push(filter.to);
  }
  return { terms, params };
}

/** The search text as the terms are stored (lower case), or null for no search. */
export function searchText(filter: OrderFilter): string | null {
  const text = filter.text?.trim().toLowerCase() ?? '';
  return text === '' ? null : text;
}

/** Every condition of the filter on the orders table, the text as an EXISTS on its terms (exports, totals). */
export function where(filter: OrderFilter): Where {
  const w = orderConditions(filter);
  const text = searchText(filter);
  if (text !== null) {
    w.terms.push('EXISTS (SELECT 1 FROM order_terms t WHERE t.seq = o.seq AND t.term >= ? AND t.term < ?)');
    w.params.push(text, text + AFTER_ANY);
  }
  return w;
}
