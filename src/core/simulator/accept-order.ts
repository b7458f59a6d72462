import type { Call, OrderInfo, SimContext } from './context.ts';
import { SimError } from './params.ts';
import type { OrderOutcome } from './state.ts';
import { charge } from './state.ts';

/**
 * What every paid order goes through at the service before it exists: the
 * address must be activated and the balance must cover the price (charged
 * here); then its outcome and completion time are fixed.
 */
export function acceptPaidOrder(
  ctx: SimContext,
  account: Call['account'],
  info: OrderInfo,
  amountSun: bigint,
  fallbackDelayMs: number,
): { outcome: OrderOutcome; createdAt: number; finishAt: number } {
  if (ctx.state.unactivated.has(info.address)) throw new SimError(400, 'address not activated');
  const outcome = ctx.outcome(info);
  const delay = ctx.delayOf(info, fallbackDelayMs);
  if (!charge(account, amountSun)) throw new SimError(403, 'insufficient balance');
  const createdAt = ctx.serverNow();
  return { outcome, createdAt, finishAt: createdAt + delay };
}
