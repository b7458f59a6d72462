import type { Sun } from '../base/money.ts';
import type { TrackedOrder } from '../orders/order-types.ts';
import { orderSpendSun, startOfLocalDay } from '../orders/spend-limit.ts';
import type { RuleDay } from './decide.ts';

/**
 * A rule's day, read from the order history, never kept in memory: after a
 * restart, or at midnight, the evaluator asks again and the answer is what
 * the journal holds, read by query (ordersRuleLedger).
 */
export interface RuleLedger {
  /**
   * The orders `ruleId` placed at or after `sinceMs` (every journaled
   * intent, refused or not: attempts are what the day's count bounds) and
   * what they count against its cap, pessimistically as the daily limit
   * counts them (orderSpendSun).
   */
  ruleDay(ruleId: string, sinceMs: number): RuleDay;
}

/** The rule's day so far: from local midnight of `now`. */
export function ruleToday(ledger: RuleLedger, ruleId: string, now: number): RuleDay {
  return ledger.ruleDay(ruleId, startOfLocalDay(now));
}

/**
 * The ledger over the orders created since a moment. `ordersSince` reads
 * only those: with the order store, `(since) => journal.history.orders({ from: since })`
 * (an indexed range on created_at), so a rule's day costs that day's orders,
 * never the whole history. `ruleOf` says which rule placed an order (null: a
 * person did); the journal records it with the order.
 */
export function ordersRuleLedger(
  ordersSince: (sinceMs: number) => Iterable<TrackedOrder>,
  ruleOf: (order: TrackedOrder) => string | null,
): RuleLedger {
  return {
    ruleDay(ruleId, sinceMs) {
      let count = 0;
      let spentSun: Sun = 0n;
      for (const order of ordersSince(sinceMs)) {
        if (order.createdAt < sinceMs || ruleOf(order) !== ruleId) continue;
        count++;
        spentSun += orderSpendSun(order);
      }
      return { orders: count, spentSun };
    },
  };
}
