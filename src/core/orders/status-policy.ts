import type { FastRecoverOrder, TimedOrderResult } from '../api/types.ts';
import type { Sun } from '../base/money.ts';

/**
 * Status policy: how the service's answers become an order's state.
 *
 * The service has no callbacks (spec section 6); outcomes are polled.
 *
 * - Fast recover (query_fast_recover_order): `waiting` → running, `success` →
 *   succeeded, `failed` → failed (the three values of spec section 3).
 * - Timed orders (query_result): the status values are not documented. An order
 *   has succeeded when the success shape arrives, i.e. a non-empty `orders`
 *   array (delegations exist, whatever the status says); it has failed when its
 *   status, case-insensitively, contains fail, error, cancel, refund or expire;
 *   otherwise it is still running.
 * - Activation and reclaim have no query endpoint in the spec: an accepted
 *   request (HTTP 200, code 1) is recorded as succeeded with the tx id if any.
 * - Still running after the stall limit (default 30 minutes) → stalled, with
 *   STALLED_MESSAGE, notified once. Polling goes on slowly, and a late final
 *   answer is still recorded (stalled → succeeded/failed), without a second
 *   notification.
 * - A paid request whose outcome is unknown (timeout, reset, 5xx, unparseable
 *   body, or any unexpected error) → outcome_unknown with
 *   OUTCOME_UNKNOWN_MESSAGE; never resubmitted automatically.
 * - Restart rule: an intent still `submitting` when the journal is loaded (the
 *   app stopped between journaling and the answer) → outcome_unknown with
 *   INTERRUPTED_MESSAGE, and notified once.
 */

export const OUTCOME_UNKNOWN_MESSAGE = 'outcome unknown — check the service console';
export const STALLED_MESSAGE = 'stalled — check the service console';
export const INTERRUPTED_MESSAGE = `The app stopped before the service answered: ${OUTCOME_UNKNOWN_MESSAGE}`;
export const DEFAULT_STALL_AFTER_MS = 30 * 60_000;

export interface PollVerdict {
  state: 'running' | 'succeeded' | 'failed';
  serverStatus: string;
  txIds: string[];
  /** The amount the service reports for the order, when it does. */
  chargedSun: Sun | null;
}

const FAILURE_WORDS = ['fail', 'error', 'cancel', 'refund', 'expire'];

export function statusReadsAsFailure(status: string): boolean {
  const lower = status.toLowerCase();
  return FAILURE_WORDS.some((word) => lower.includes(word));
}

export function classifyTimedResult(result: TimedOrderResult): PollVerdict {
  const txIds = result.orders.flatMap((o) => (o.txId ? [o.txId] : []));
  const state = result.orders.length > 0 ? 'succeeded' : statusReadsAsFailure(result.status) ? 'failed' : 'running';
  return { state, serverStatus: result.status, txIds, chargedSun: result.amountSun };
}

const FAST_RECOVER_STATE = { waiting: 'running', success: 'succeeded', failed: 'failed' } as const;

export function classifyFastRecover(order: FastRecoverOrder): PollVerdict {
  return {
    state: FAST_RECOVER_STATE[order.status],
    serverStatus: order.status,
    txIds: order.delegateTxid ? [order.delegateTxid] : [],
    chargedSun: order.amountSun,
  };
}

/** Whether an order created at `createdAt` and still running is stalled at `now`. */
export const isPastStallLimit = (createdAt: number, now: number, stallAfterMs: number): boolean =>
  now - createdAt >= stallAfterMs;
