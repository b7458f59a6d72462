import type { TrackedOrder } from '../../../src/core/orders/order-types.ts';
import { isTerminal } from '../../../src/core/orders/order-types.ts';
import { orderSpendSun, startOfLocalDay } from '../../../src/core/orders/spend-limit.ts';
import type { Rule } from '../../../src/core/rules/rule.ts';
import { ruleCapSun } from '../../../src/core/rules/rule.ts';
import type { FaultWindow } from '../traffic-model.ts';

/**
 * The soak's counters, computed after the run from what the run left behind
 * (the order history in SQLite, the chain's transfer records, the plan's
 * outage windows), by code that shares nothing with the rule engine's
 * checks: if the engine let something through, these see it. Pure, so each
 * is tested on histories that break its promise on purpose.
 */

/** One USDT transfer as the chain settled it. */
export interface SettledTransfer {
  at: number;
  wallet: string;
  /** Energy the transfer needed. */
  energy: bigint;
  /** Of that, paid from the account's energy; the rest burned. */
  energyFromAccount: bigint;
}

/** When an order stopped being on its way: when the app learned its end; never for one still under way or unknown. */
function inFlightUntil(order: TrackedOrder): number {
  if (order.state === 'succeeded' || order.state === 'failed') return order.finishedAt ?? order.updatedAt;
  return Number.POSITIVE_INFINITY;
}

/**
 * Pairs of orders for one address on their way at the same time: the later
 * one created before the earlier one ended (an unknown outcome, a stalled or
 * still running order never ends). Only orders that reached the service
 * count: a refusal at submission (failed with no serial nor id) sent nothing.
 */
export function countDuplicates(orders: readonly TrackedOrder[]): number {
  const byAddress = new Map<string, TrackedOrder[]>();
  for (const order of orders) {
    if (order.kind !== 'energy' && order.kind !== 'fast_recover') continue;
    if (order.state === 'failed' && order.orderSn === null && order.orderId === null) continue;
    byAddress.set(order.address, [...(byAddress.get(order.address) ?? []), order]);
  }
  let duplicates = 0;
  for (const list of byAddress.values()) {
    list.sort((a, b) => a.createdAt - b.createdAt);
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length && list[j]!.createdAt < inFlightUntil(list[i]!); j++) duplicates++;
    }
  }
  return duplicates;
}

/**
 * Local days on which a rule's orders (matched by its address: one rule per
 * address, and nothing else buys for it in the soak) counted more than its
 * cap or numbered more than its orders a day, plus days on which all orders
 * together counted more than the global daily limit. Counted as the limit
 * counts (orderSpendSun: in flight and unknown as charged).
 */
export function countOverCap(orders: readonly TrackedOrder[], rules: readonly Rule[], globalLimitSun: bigint): number {
  const perRuleDay = new Map<string, { spent: bigint; count: number; rule: Rule }>();
  const perDay = new Map<number, bigint>();
  for (const order of orders) {
    const day = startOfLocalDay(order.createdAt);
    const spent = orderSpendSun(order);
    perDay.set(day, (perDay.get(day) ?? 0n) + spent);
    const rule = rules.find((r) => r.address === order.address);
    if (!rule) continue;
    const key = `${rule.id}@${day}`;
    const entry = perRuleDay.get(key) ?? { spent: 0n, count: 0, rule };
    entry.spent += spent;
    entry.count++;
    perRuleDay.set(key, entry);
  }
  let over = 0;
  for (const { spent, count, rule } of perRuleDay.values()) if (spent > ruleCapSun(rule) || count > rule.maxOrdersPerDay) over++;
  for (const spent of perDay.values()) if (spent > globalLimitSun) over++;
  return over;
}

/** Orders created while the service or the node was in an outage window: bought on what could not be seen. */
export function countBlindBuys(orders: readonly TrackedOrder[], faults: readonly FaultWindow[]): number {
  return orders.filter((o) => faults.some((f) => f.start <= o.createdAt && o.createdAt < f.end)).length;
}

/** Transfers paid wholly from the account's energy. */
export const coveredCount = (transfers: readonly SettledTransfer[]): number => transfers.filter((t) => t.energyFromAccount >= t.energy).length;

/** SUN burned for the energy the transfers lacked, at the chain's fee per energy unit. */
export const burnedSun = (transfers: readonly SettledTransfer[], energyFeeSun: bigint): bigint =>
  transfers.reduce((sum, t) => sum + (t.energy - t.energyFromAccount) * energyFeeSun, 0n);

/** Orders still under way at the end (not an error: counted as charged). */
export const openOrders = (orders: readonly TrackedOrder[]): number => orders.filter((o) => !isTerminal(o.state)).length;

/** a/b as a percent with two decimals, rounded down (integer arithmetic; 100.00 when b is 0). */
export function percentText(a: number, b: number): string {
  if (b === 0) return '100.00';
  const hundredths = Math.floor((a * 10_000) / b);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** SUN as TRX with two decimals, rounded down. */
export function trxText(sun: bigint): string {
  const cents = sun / 10_000n;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

/** a/b with three decimals, rounded half up (both in SUN). */
export function ratioText(a: bigint, b: bigint): string {
  if (b === 0n) return 'n/a';
  const thousandths = (a * 1000n * 2n + b) / (2n * b);
  return `${thousandths / 1000n}.${String(thousandths % 1000n).padStart(3, '0')}`;
}
