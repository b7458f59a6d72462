import type { DecisionKind, DecisionRecord } from './decision.ts';

/**
 * Where decisions are kept, beside the order history (the profile's
 * database in the app; a list in memory in tests). Synchronous, like the
 * journal's store: a record is written in the turn the decision is made.
 */
export interface DecisionQuery {
  ruleId?: string;
  address?: string;
  orderLocalId?: string;
  kinds?: readonly DecisionKind[];
  /** At or after, in ms. */
  since?: number;
  /** Strictly before, in ms (paging back). */
  before?: number;
  /** At most this many, newest first. */
  limit?: number;
}

export interface DecisionLog {
  record(decision: DecisionRecord): void;
  /** Newest first (by `at`; the later recorded first among equal times). */
  list(query?: DecisionQuery): DecisionRecord[];
}

export function matchesQuery(record: DecisionRecord, query: DecisionQuery): boolean {
  return (
    (query.ruleId === undefined || record.ruleId === query.ruleId) &&
    (query.address === undefined || record.address === query.address) &&
    (query.orderLocalId === undefined || record.orderLocalId === query.orderLocalId) &&
    (query.kinds === undefined || query.kinds.includes(record.kind)) &&
    (query.since === undefined || record.at >= query.since) &&
    (query.before === undefined || record.at < query.before)
  );
}

/** The log in memory: tests, and the shape the SQLite table has to keep. */
export class MemoryDecisionLog implements DecisionLog {
  private readonly records: DecisionRecord[] = [];
  /** False once a record is older than the one before it (the clock stepped back): list() then sorts. */
  private inTimeOrder = true;

  record(decision: DecisionRecord): void {
    const last = this.records[this.records.length - 1];
    if (last && decision.at < last.at) this.inTimeOrder = false;
    this.records.push({ ...decision });
  }

  list(query: DecisionQuery = {}): DecisionRecord[] {
    const found: DecisionRecord[] = [];
    const limit = query.limit ?? Number.POSITIVE_INFINITY;
    const newestFirst = this.inTimeOrder
      ? [...this.records].reverse()
      : this.records
          .map((record, index) => ({ record, index }))
          .sort((a, b) => b.record.at - a.record.at || b.index - a.index)
          .map((e) => e.record);
    for (const record of newestFirst) {
      if (found.length >= limit) break;
      if (matchesQuery(record, query)) found.push({ ...record });
    }
    return found;
  }

  get size(): number {
    return this.records.length;
  }
}
