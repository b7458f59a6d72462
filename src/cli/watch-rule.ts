import type { FastRecoverOrder, TimedOrderResult } from '../core/api/types.ts';

export type Progress = 'running' | 'succeeded' | 'failed';

/**
 * The spec lists no timed-order status values (section 3: "not shown"), so a
 * timed order counts as done when it has delegations (the success shape), as
 * failed when its status reads like a failure, and as running otherwise.
 */
const FAILED_STATUS = /fail|error|cancel|refund|expire/i;

export function timedProgress(result: TimedOrderResult): Progress {
  if (result.orders.length > 0) return 'succeeded';
  return FAILED_STATUS.test(result.status) ? 'failed' : 'running';
}

/** Fast recover statuses are specified: waiting, success, failed. */
export function fastProgress(order: FastRecoverOrder): Progress {
  if (order.status === 'success') return 'succeeded';
  return order.status === 'failed' ? 'failed' : 'running';
}

/** Seconds between polls: 2, 3, 5, 8, 13, 21, then 30 s from there on. */
export function backoffDelayMs(poll: number): number {
  let a = 1;
  let b = 2;
  for (let i = 0; i < poll && b < 30; i++) [a, b] = [b, a + b];
  return Math.min(b, 30) * 1000;
}

/** A timed order serial (EN…, NET…: letters then digits) or a top-up order id (digits only). */
export type WatchTarget = { kind: 'timed'; orderSn: string } | { kind: 'fast'; orderId: number } | null;

export function watchTarget(id: string): WatchTarget {
  if (/^[A-Za-z]+\d+$/.test(id)) return { kind: 'timed', orderSn: id };
  if (/^\d{1,15}$/.test(id)) return { kind: 'fast', orderId: Number(id) };
  return null;
}
