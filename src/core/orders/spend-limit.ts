import { DomainError } from '../base/domain-error.ts';
import type { Sun } from '../base/money.ts';
import { msg, sunPair, sunValue } from '../../shared/i18n/message.ts';
import type { TrackedOrder } from './order-types.ts';

/**
 * The daily spending limit: core refuses a paid order whose cost would take
 * today's spend past it, on every path (dashboard, tray, wallet top-up, auto
 * top-up rules, CLI). Today's spend is read from the profile's order
 * history through a SpendLedger: the order store's query
 * (OrderJournal.spentSince, order-history.ts), whose SQL reads only the
 * day's orders and counts each as orderSpendSun does.
 */
export interface SpendLedger {
  /** SUN spent by orders created at or after `epochMs`, counted pessimistically (orderSpendSun). */
  spentSince(epochMs: number): Sun;
}

/**
 * What one order counts against the limit. In-flight and unknown outcomes
 * count as charged (the larger of quote and charge): the money may be gone.
 * A definite refusal at submission (no serial, no id: the service turned it
 * down) counts nothing; an order that was accepted and failed later counts,
 * because the spec documents no refund. Reclaims cost nothing. Activations
 * are never quoted nor charged in an answer, so they count nothing: the
 * limit cannot see the service's activation fee.
 */
export function orderSpendSun(order: Pick<TrackedOrder, 'kind' | 'state' | 'orderSn' | 'orderId' | 'chargedSun' | 'quotedSun'>): Sun {
  if (order.kind === 'reclaim') return 0n;
  if (order.state === 'failed' && order.orderSn === null && order.orderId === null) return 0n;
  const charged = order.chargedSun ?? 0n;
  const quoted = order.quotedSun ?? 0n;
  return charged > quoted ? charged : quoted;
}

/** A ledger over orders in memory (tests, and anything holding its orders itself); the app's and the CLI's is the order store. */
export function ordersSpendLedger(orders: () => readonly TrackedOrder[]): SpendLedger {
  return {
    spentSince: (epochMs) => orders().reduce((sum, o) => (o.createdAt >= epochMs ? sum + orderSpendSun(o) : sum), 0n),
  };
}

/** Local midnight of the day `epochMs` falls in: "today" is the user's calendar day. */
export function startOfLocalDay(epochMs: number): number {
  const day = new Date(epochMs);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}

export interface SpendStatus {
  limitSun: Sun;
  spentSun: Sun;
  leftSun: Sun;
}

export function spendStatus(ledger: SpendLedger, limitSun: Sun, now: number): SpendStatus {
  const spentSun = ledger.spentSince(startOfLocalDay(now));
  return { limitSun, spentSun, leftSun: spentSun >= limitSun ? 0n : limitSun - spentSun };
}

/** A paid order would take today's spend past the daily limit: nothing was sent. */
export class SpendLimitError extends DomainError {
  override readonly name = 'SpendLimitError';
  readonly limitSun: Sun;
  readonly spentSun: Sun;
  readonly costSun: Sun;

  constructor(status: SpendStatus, costSun: Sun) {
    const [cost, left] = sunPair(costSun, status.leftSun);
    super(
      costSun > 0n
        ? msg('errors:spendLimit.notEnoughLeft', { cost, left, limit: sunValue(status.limitSun) })
        : msg('errors:spendLimit.usedUp', { limit: sunValue(status.limitSun), spent: sunValue(status.spentSun) }),
    );
    this.limitSun = status.limitSun;
    this.spentSun = status.spentSun;
    this.costSun = costSun;
  }
}

/**
 * Throws SpendLimitError when an order costing `costSun` (0 when it has no
 * quote) does not fit in what is left today; an unquoted order needs
 * something left.
 */
export function checkSpendLimit(ledger: SpendLedger, limitSun: Sun, costSun: Sun, now: number): SpendStatus {
  const status = spendStatus(ledger, limitSun, now);
  if (costSun > status.leftSun || status.leftSun === 0n) throw new SpendLimitError(status, costSun);
  return status;
}
