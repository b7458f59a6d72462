import type { FastRecoverPrice, Reply, ResourcePrice, ServiceApi } from '../api/types.ts';
import type { OrderJournal } from './order-journal.ts';
import type { OrderIntent, TrackedOrder } from './order-types.ts';
import { checkSpendLimit, spendStatus, type SpendLedger, type SpendStatus } from './spend-limit.ts';
import { submitPaidOrderWithCause, type SubmitOutcome } from './submit-paid-order.ts';

export type { SubmitOutcome } from './submit-paid-order.ts';

/**
 * The paid-order lifecycle: the one way money is spent, by every front end
 * (the dashboard, the tray, presets, wallet top-ups, auto top-up rules, the
 * CLI, the MCP server). placePaidOrder:
 *   1. a fresh quote when the intent carries none (an activation has no price
 *      query: its cost is unknown; a reclaim costs nothing);
 *   2. the daily spending limit over today's spend in the order store
 *      (SpendLimitError: nothing is asked, journaled or sent);
 *   3. the client checks the request, then the caller's approval is asked
 *      (a main-drawn dialog, the CLI's question) with the cost and what is left;
 *   4. the intent is journaled, with the limit and the caller's last check run
 *      again inside that write transaction; the request is sent once; the
 *      outcome is journaled (submit-paid-order.ts, the journal steps).
 * settlePaidOrder then hands the order to whoever follows it and throws a
 * failed or unknown outcome, so that it is said in words.
 */

/** The daily spending limit as a paid order applies it. */
export interface DailyLimit {
  /** The limit now, in SUN: a setting, read at every order. */
  sun(): bigint;
  now(): number;
  /** Where today's spend is read: the order store the intent is journaled to, unless given (the CLI adds a saved profile's). */
  ledger?: SpendLedger;
}

export interface PaidOrderDeps {
  api: ServiceApi;
  journal: OrderJournal;
  limit: DailyLimit;
  signal?: AbortSignal;
}

/** What the person is asked with. */
export interface PaidOrderFacts {
  /** The fresh quote; null when the intent came priced, for an activation (no price query) and a reclaim (free). */
  quote: Quote | null;
  costSun: bigint | null;
  /** What is left of the daily limit; null when the order is not limited or its cost is unknown. */
  limit: SpendStatus | null;
}

export interface PaidOrderAsk {
  /** Asks the person once the client has checked the order; throwing refuses (nothing is journaled or sent). */
  approve?: (facts: PaidOrderFacts) => Promise<void>;
  /** The caller's last check inside the intent's write transaction (a rule's one order per address); throwing refuses. */
  check?: () => void;
}

export type Quote = Reply<ResourcePrice | FastRecoverPrice>;

/** The price of an intent now; null for an activation (no price query) and a reclaim (free). */
export async function quotePaidOrder(
  api: ServiceApi,
  intent: Pick<OrderIntent, 'kind' | 'count' | 'period' | 'resource'>,
): Promise<Quote | null> {
  switch (intent.kind) {
    case 'energy':
    case 'net':
      return api.queryPrice({ type: intent.kind, count: intent.count ?? 0, period: intent.period ?? '' });
    case 'fast_recover':
      return api.queryFastRecoverPrice(intent.resource ?? 'energy', intent.count ?? 0);
    case 'activation':
    case 'reclaim':
      return null;
  }
}

/** Today's spend against the limit. */
export function dailyLimitStatus(deps: Pick<PaidOrderDeps, 'journal' | 'limit'>): SpendStatus {
  return spendStatus(deps.limit.ledger ?? deps.journal, deps.limit.sun(), deps.limit.now());
}

/** Places a paid order (see above). Errors thrown happened before anything was sent; a failed paid call is in the outcome. */
export async function placePaidOrder(deps: PaidOrderDeps, intent: OrderIntent, ask: PaidOrderAsk = {}): Promise<SubmitOutcome> {
  const quote = intent.quotedSun === undefined || intent.quotedSun === null ? await quotePaidOrder(deps.api, intent) : null;
  const costSun = intent.quotedSun ?? quote?.data.amountSun ?? null;
  const limited = intent.kind !== 'reclaim';
  const ledger = deps.limit.ledger ?? deps.journal;
  const checkLimit = (): SpendStatus => checkSpendLimit(ledger, deps.limit.sun(), costSun ?? 0n, deps.limit.now());
  const status = limited ? checkLimit() : null;
  const { approve, check } = ask;
  const submit = {
    api: deps.api,
    journal: deps.journal,
    ...(deps.signal ? { signal: deps.signal } : {}),
    ...(approve ? { approve: () => approve({ quote, costSun, limit: costSun === null ? null : status }) } : {}),
    beforeJournal: (): void => {
      if (limited) checkLimit();
      check?.();
    },
  };
  return submitPaidOrderWithCause(submit, costSun === null ? intent : { ...intent, quotedSun: costSun });
}

/**
 * After the paid call: `follow` takes the journaled order (the app's
 * scheduler tracks and publishes it; the CLI marks what it printed). A call
 * that failed or whose outcome is unknown throws its error, or, when none is
 * left (an accepted top-up without an order id), `failure(order)`'s.
 */
export function settlePaidOrder(
  outcome: SubmitOutcome,
  follow: (order: TrackedOrder) => void,
  failure: (order: TrackedOrder) => Error,
): TrackedOrder {
  follow(outcome.order);
  const { state } = outcome.order;
  if (state === 'failed' || state === 'outcome_unknown') throw outcome.cause ?? failure(outcome.order);
  return outcome.order;
}
