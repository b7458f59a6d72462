import type { Sun } from '../base/money.ts';
import type { OrderIntent, OrderState, TrackedOrder } from './order-types.ts';

/**
 * What each journal record method changes in an order, as pure functions; the
 * journal (order-journal.ts) checks the state moves forward and writes it.
 */

export interface SubmittedReceipt {
  orderSn?: string | null;
  orderId?: number | null;
  chargedSun: Sun | null;
  txIds?: string[];
  serverStatus?: string | null;
  /** 'running' (default) for orders to poll; 'succeeded' for kinds with no query endpoint. */
  state?: 'running' | 'succeeded';
}

export interface PollRecord {
  state: OrderState;
  serverStatus?: string | null;
  txIds?: string[];
  chargedSun?: Sun | null;
  error?: string | null;
}

export type OrderPatch = (order: TrackedOrder) => Partial<TrackedOrder>;

/** A new record of an intent, in state 'submitting', before anything is sent. */
export function intentRecord(intent: OrderIntent, localId: string, now: number): TrackedOrder {
  return {
    localId,
    kind: intent.kind,
    profileId: intent.profileId,
    address: intent.address,
    resource: intent.resource ?? null,
    count: intent.count ?? null,
    period: intent.period ?? null,
    orderSn: intent.orderSn ?? null,
    orderId: null,
    quotedSun: intent.quotedSun ?? null,
    chargedSun: null,
    createdAt: now,
    updatedAt: now,
    lastPolledAt: null,
    attempts: 0,
    state: 'submitting',
    serverStatus: null,
    txIds: [],
    error: null,
    finishedAt: null,
    notifiedAt: null,
    presetId: intent.presetId ?? null,
    ...(intent.ruleId ? { ruleId: intent.ruleId } : {}),
    ...(intent.assistant ? { assistant: { client: intent.assistant.client, reason: intent.assistant.reason } } : {}),
  };
}

export const submitted =
  (receipt: SubmittedReceipt): OrderPatch =>
  (o) => ({
    state: receipt.state ?? 'running',
    orderSn: receipt.orderSn ?? o.orderSn,
    orderId: receipt.orderId ?? o.orderId,
    chargedSun: receipt.chargedSun,
    txIds: receipt.txIds ?? o.txIds,
    serverStatus: receipt.serverStatus ?? o.serverStatus,
  });

export const polled =
  (result: PollRecord, now: number): OrderPatch =>
  (o) => ({
    state: result.state,
    serverStatus: result.serverStatus === undefined ? o.serverStatus : result.serverStatus,
    txIds: result.txIds && result.txIds.length > 0 ? result.txIds : o.txIds,
    chargedSun: result.chargedSun ?? o.chargedSun,
    error: result.error === undefined ? o.error : result.error,
    lastPolledAt: now,
    attempts: o.attempts + 1,
  });
