import { InvariantError } from '../base/domain-error.ts';
import type { ServiceApi } from '../api/types.ts';
import { errorFacts } from './api-error-facts.ts';
import type { Reply } from '../api/types.ts';
import type { OrderJournal } from './order-journal.ts';
import type { OrderIntent, TrackedOrder } from './order-types.ts';
import { paidRequestFor, sendPaidRequest, type PaidAnswer } from './paid-request.ts';
import { OUTCOME_UNKNOWN_MESSAGE } from './status-policy.ts';

export interface SubmitDeps {
  api: ServiceApi;
  journal: OrderJournal;
  signal?: AbortSignal;
  /**
   * Asks the person (a main-drawn approval) once the client has checked the
   * order and before its intent is journaled: an invalid order is refused
   * without a question, and a refusal leaves no record. Throwing refuses.
   */
  approve?: () => Promise<void>;
  /**
   * A last check (the daily spending limit) run inside the journal's write
   * transaction that inserts the intent (OrderJournal.recordIntent), after
   * the client's checks and before anything is sent: two orders checked at
   * once, in this process or in another one writing the same order store
   * (the CLI beside the app), cannot both pass on the same allowance.
   * Throwing refuses the order: nothing is journaled or sent.
   */
  beforeJournal?: () => void;
}

const NO_ORDER_ID = `The service accepted the top-up but sent no order id: ${OUTCOME_UNKNOWN_MESSAGE}`;

/**
 * The one way to place a paid order:
 *  1. map the intent to its paid request (InvalidOrderIntentError when it
 *     lacks what its kind needs: nothing journaled or sent);
 *  2. the client checks the request (InvalidInputError: nothing journaled or
 *     sent) and, in its beforeSend hook, the caller's approval is asked and
 *     its last check runs (a refusal: nothing journaled or sent), then the
 *     intent is journaled and on disk (if that fails, JournalWriteError is
 *     thrown and nothing is sent);
 *  3. the request is sent once;
 *  4. record the order id and charged amount (state running), or
 *     - 'failed' with the server's message for a definite failure (refused,
 *       invalid, never left): the money was not taken;
 *     - 'outcome_unknown' when the request may have been processed (timeout,
 *       reset, 5xx, unparseable answer, unexpected error). It is never resent.
 * Returns the record in its new state; the caller hands it to the scheduler
 * (`scheduler.track(order.localId)`), which polls it and notifies.
 * A journal write failing after the request was sent is not thrown: the
 * journal keeps the outcome in memory and reports the failed write as a notice.
 */
export async function submitPaidOrder(deps: SubmitDeps, intent: OrderIntent): Promise<TrackedOrder> {
  return (await submitPaidOrderWithCause(deps, intent)).order;
}

export interface SubmitOutcome {
  order: TrackedOrder;
  /** The error of the paid call when it failed or its outcome is unknown, for the caller to show. */
  cause: unknown;
  /** The service's reply when it answered (see PaidAnswer), else null. */
  reply: Reply<unknown> | null;
}

/** submitPaidOrder, also returning the error that made the order failed or outcome_unknown. */
export async function submitPaidOrderWithCause(deps: SubmitDeps, intent: OrderIntent): Promise<SubmitOutcome> {
  const paid = paidRequestFor(intent);
  const { journal } = deps;
  const journaled: { order: TrackedOrder | null } = { order: null };
  const journalIntent = async (): Promise<void> => {
    if (deps.approve) await deps.approve();
    journaled.order = await journal.recordIntent(intent, deps.beforeJournal);
  };
  let answer: PaidAnswer;
  try {
    answer = await sendPaidRequest(deps.api, paid, { ...(deps.signal ? { signal: deps.signal } : {}), beforeSend: journalIntent });
  } catch (err) {
    const { order } = journaled;
    // Refused before the intent was journaled (invalid input, the journal write failed): nothing was sent.
    if (order === null) throw err;
    const facts = errorFacts(err);
    const recorded = await settle(
      journal,
      order,
      facts.outcomeUnknown
        ? journal.recordOutcomeUnknown(order.localId, `${facts.message}: ${OUTCOME_UNKNOWN_MESSAGE}`)
        : journal.recordFailed(order.localId, facts.message),
    );
    return { order: recorded, cause: err, reply: null };
  }
  const { order } = journaled;
  // A ServiceApi must run beforeSend before it answers; without a record there is nothing to settle.
  if (order === null) throw new InvariantError('answered-before-journaled');
  const { receipt, reply } = answer;
  if (paid.kind === 'fast_recover' && receipt.orderId === null) {
    return { order: await settle(journal, order, journal.recordOutcomeUnknown(order.localId, NO_ORDER_ID)), cause: null, reply };
  }
  return { order: await settle(journal, order, journal.recordSubmitted(order.localId, receipt)), cause: null, reply };
}

/** The outcome is in memory even when its write failed; the journal has reported that. */
async function settle(journal: OrderJournal, order: TrackedOrder, recorded: Promise<TrackedOrder>): Promise<TrackedOrder> {
  try {
    return await recorded;
  } catch {
    return journal.get(order.localId) ?? order;
  }
}
