import type { Quote } from './pricing.ts';

/** All money is integer SUN (USDT: micros); nothing here is a float. */
export type ResourceKind = 'energy' | 'net';
export type OrderOutcome = 'success' | 'failed';

export interface Account {
  readonly apiKey: string;
  readonly secret: string;
  trxSun: bigint;
  usdtMicros: bigint;
}

interface PaidOrder {
  readonly owner: string;
  readonly address: string;
  readonly count: number;
  readonly quote: Quote;
  readonly createdAt: number;
  readonly finishAt: number;
  readonly outcome: OrderOutcome;
}

export interface TimedOrder extends PaidOrder {
  readonly orderSn: string;
  readonly kind: ResourceKind;
  readonly period: string;
  reclaimRequestedAt: number | undefined;
}

export interface FastOrder extends PaidOrder {
  readonly orderId: number;
  readonly resourceType: ResourceKind;
}

export interface SimState {
  readonly accounts: Map<string, Account>;
  readonly timedOrders: Map<string, TimedOrder>;
  readonly fastOrders: Map<number, FastOrder>;
  /** Failed orders whose refund is still due once their finish time passes. */
  readonly pendingRefunds: Set<PaidOrder>;
  /** Addresses that count as not activated; an activation removes them at its ready time. */
  readonly unactivated: Set<string>;
  readonly activationsReadyAt: Map<string, number>;
  nextOrderId: number;
  nextSerial: number;
}

export function createState(
  users: ReadonlyArray<{ apiKey: string; secret: string; trxSun: bigint; usdtMicros: bigint }>,
  unactivated: readonly string[],
): SimState {
  const accounts = new Map<string, Account>();
  for (const u of users) {
    if (accounts.has(u.apiKey)) throw new Error(`duplicate simulator api key: ${u.apiKey}`);
    accounts.set(u.apiKey, { apiKey: u.apiKey, secret: u.secret, trxSun: u.trxSun, usdtMicros: u.usdtMicros });
  }
  return {
    accounts,
    timedOrders: new Map(),
    fastOrders: new Map(),
    pendingRefunds: new Set(),
    unactivated: new Set(unactivated),
    activationsReadyAt: new Map(),
    nextOrderId: 100_001,
    nextSerial: 1,
  };
}

export function accountOf(state: SimState, apiKey: string): Account {
  const account = state.accounts.get(apiKey);
  if (!account) throw new Error(`no simulator user with api key ${JSON.stringify(apiKey)}`);
  return account;
}

/** Deducts and returns true, or leaves the balance untouched and returns false. */
export function charge(account: Account, sun: bigint): boolean {
  if (account.trxSun < sun) return false;
  account.trxSun -= sun;
  return true;
}

/**
 * Order progress is derived from the clock when observed (no timers), so the
 * refund of a failed order is applied lazily: before any request is served
 * and before a balance is read.
 */
export function settle(state: SimState, now: number): void {
  for (const order of state.pendingRefunds) {
    if (now < order.finishAt) continue;
    const account = state.accounts.get(order.owner);
    if (account) account.trxSun += order.quote.amountSun;
    state.pendingRefunds.delete(order);
  }
  for (const [address, readyAt] of state.activationsReadyAt) {
    if (now < readyAt) continue;
    state.unactivated.delete(address);
    state.activationsReadyAt.delete(address);
  }
}

export function registerPaidOrder(state: SimState, order: PaidOrder): void {
  if (order.outcome === 'failed') state.pendingRefunds.add(order);
}
