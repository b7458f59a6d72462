import type { RuleOrders } from '../orders/rule-orders.ts';
import type { TrackedOrder } from '../orders/order-types.ts';
import {
  BUY_REASONS,
  PAUSE_REASONS,
  REFUSE_REASONS,
  SKIP_REASONS,
  STOP_REASONS,
  type DecisionKind,
  type DecisionReason,
  type DecisionRecord,
} from './decision.ts';
import type { DecisionLog, DecisionQuery } from './decision-log.ts';
import type { RuleLedger } from './rule-ledger.ts';
import { storedMessage } from '../../shared/i18n/english-message.ts';

/**
 * The DecisionLog and RuleLedger over the profile's order store (the
 * orders' rule_id, migration 2, and the `decisions` table, created with the
 * first decision): the app's and the daemon's. A list is one page (at most
 * MAX_DECISIONS_PAGE), newest first; a rule's day reads that day's orders.
 * Nothing is kept in memory.
 */

const REASONS: Readonly<Record<DecisionKind, readonly string[]>> = {
  buy: BUY_REASONS,
  skip: SKIP_REASONS,
  refuse: REFUSE_REASONS,
  paused: PAUSE_REASONS,
  stopped: STOP_REASONS,
};

const isKind = (kind: string): kind is DecisionKind => Object.hasOwn(REASONS, kind);

export class StoredDecisionLog implements DecisionLog {
  private readonly rows: RuleOrders;

  constructor(rows: RuleOrders) {
    this.rows = rows;
  }

  record(decision: DecisionRecord): void {
    this.rows.recordDecision({ ...decision, text: decision.text === null ? null : JSON.stringify(decision.text) });
  }

  /** Rows whose kind or reason this version does not know (a newer one wrote them) are left out. */
  list(query: DecisionQuery = {}): DecisionRecord[] {
    const records: DecisionRecord[] = [];
    for (const row of this.rows.decisions(query)) {
      if (!isKind(row.kind) || !REASONS[row.kind].includes(row.reason)) continue;
      const option = row.option === 'timed' || row.option === 'fast_recover' ? row.option : null;
      records.push({ ...row, kind: row.kind, reason: row.reason as DecisionReason, option, text: storedMessage(row.text) });
    }
    return records;
  }
}

/** A rule's day from the orders it placed (its own index), never the whole history. */
export function storedRuleLedger(rows: RuleOrders): RuleLedger {
  return { ruleDay: (ruleId, sinceMs) => rows.ruleDay(ruleId, sinceMs) };
}

/** The orders that may keep `address` busy now, as the engine's addressBusy reads them. */
export function busyCandidates(
  rows: RuleOrders,
  active: readonly TrackedOrder[],
  address: string,
  succeededSince: number,
  unknownAfter?: number,
): TrackedOrder[] {
  const found = new Map(rows.busyCandidates(address, succeededSince, unknownAfter).map((o) => [o.localId, o]));
  for (const order of active) if (order.address === address) found.set(order.localId, order);
  return [...found.values()];
}
