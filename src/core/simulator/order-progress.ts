import { createHash } from 'node:crypto';
import type { FastOrder, SimState, TimedOrder } from './state.ts';
import { tronAddressFromSeed } from './tron-address.ts';

/**
 * Status strings the simulator reports. The spec lists only the fast-recover
 * ones; the timed-order ones are the simulator's own choice (spec section 3:
 * "Allowed values: not shown").
 */
export const TIMED_STATUS = {
  pending: 'pending',
  success: 'success',
  failed: 'failed',
  reclaiming: 'reclaiming',
  reclaimed: 'reclaimed',
} as const;
export type TimedStatus = (typeof TIMED_STATUS)[keyof typeof TIMED_STATUS];

export const FAST_STATUS = { waiting: 'waiting', success: 'success', failed: 'failed' } as const;
export type FastStatus = (typeof FAST_STATUS)[keyof typeof FAST_STATUS];

export function timedOrderStatus(order: TimedOrder, now: number, reclaimMs: number): TimedStatus {
  if (now < order.finishAt) return TIMED_STATUS.pending;
  if (order.outcome === 'failed') return TIMED_STATUS.failed;
  if (order.reclaimRequestedAt === undefined) return TIMED_STATUS.success;
  return now < order.reclaimRequestedAt + reclaimMs ? TIMED_STATUS.reclaiming : TIMED_STATUS.reclaimed;
}

export function fastOrderStatus(order: FastOrder, now: number): FastStatus {
  if (now < order.finishAt) return FAST_STATUS.waiting;
  return order.outcome === 'success' ? FAST_STATUS.success : FAST_STATUS.failed;
}

/** EN/NET + 13-digit ms timestamp + 4-digit (up to 6) serial, e.g. EN17322000001230001. */
export function nextOrderSn(state: SimState, prefix: 'EN' | 'NET', now: number): string {
  const serial = state.nextSerial++ % 1_000_000;
  return `${prefix}${String(Math.floor(now)).padStart(13, '0')}${String(serial).padStart(4, '0')}`;
}

/** What the simulator accepts as a well-formed order serial: letters, then at least 8 digits. */
export const ORDER_SN_PATTERN = /^[A-Z]{1,8}\d{8,32}$/;

export const txIdOf = (seed: string): string => createHash('sha256').update(seed).digest('hex');

/** The simulated provider accounts that delegate resources. */
export const POOL_ADDRESSES: readonly string[] = [0, 1, 2].map((i) => tronAddressFromSeed(`energy-tray-simulator-pool-${i}`));

export interface SubOrder {
  from_address: string;
  tx_id: string;
  count: number;
}

/** Orders of 100,000 units or more are split over two pool accounts. */
export const SPLIT_AT = 100_000;

export function subOrdersOf(order: TimedOrder): SubOrder[] {
  const seed = Number.parseInt(order.orderSn.slice(-4), 10);
  const pick = (i: number): string => POOL_ADDRESSES[(seed + i) % POOL_ADDRESSES.length]!;
  if (order.count < SPLIT_AT) {
    return [{ from_address: pick(0), tx_id: txIdOf(`${order.orderSn}:0`), count: order.count }];
  }
  const first = Math.ceil(order.count / 2);
  return [
    { from_address: pick(0), tx_id: txIdOf(`${order.orderSn}:0`), count: first },
    { from_address: pick(1), tx_id: txIdOf(`${order.orderSn}:1`), count: order.count - first },
  ];
}
