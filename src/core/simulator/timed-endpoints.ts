import { acceptPaidOrder } from './accept-order.ts';
import { formPost, queryGet, type Call, type SimContext } from './context.ts';
import { timedDelegation } from './delegation-link.ts';
import { priceData, queryResultData, timedOrderReceipt } from './format.ts';
import { nextOrderSn, TIMED_STATUS, timedOrderStatus } from './order-progress.ts';
import type { Params } from './params.ts';
import { parseAddress, parseCount, parseKind, parseOrderSn, requireParam, SimError } from './params.ts';
import type { Quote } from './pricing.ts';
import { MIN_COUNT, quoteTimed, scaleQuote } from './pricing.ts';
import type { ResourceKind, TimedOrder } from './state.ts';
import { registerPaidOrder } from './state.ts';

function validQuote(ctx: SimContext, kind: ResourceKind, params: Params): { count: number; period: string; quote: Quote } {
  const count = parseCount(params);
  const period = requireParam(params, 'period');
  if (count < MIN_COUNT[kind]) throw new SimError(400, `count below minimum ${MIN_COUNT[kind]}`);
  const quote = quoteTimed(kind, count, period);
  if (!quote) throw new SimError(400, 'invalid period');
  return { count, period, quote: scaleQuote(quote, ctx.pricePercent()) };
}

function buyTimed(kind: ResourceKind, ctx: SimContext, { account, params }: Call): object {
  const { count, period, quote } = validQuote(ctx, kind, params);
  const address = parseAddress(params);
  const accepted = acceptPaidOrder(ctx, account, { kind, address, count }, quote.amountSun, ctx.timing.timedOrderMs);
  const { state } = ctx;
  const orderSn = nextOrderSn(state, kind === 'energy' ? 'EN' : 'NET', accepted.createdAt);
  const order: TimedOrder = {
    orderSn,
    owner: account.apiKey,
    kind,
    address,
    count,
    period,
    quote,
    ...accepted,
    reclaimRequestedAt: undefined,
  };
  state.timedOrders.set(order.orderSn, order);
  registerPaidOrder(state, order);
  if (order.outcome === 'success') ctx.link.delegated(timedDelegation(order));
  return timedOrderReceipt(order, account.trxSun);
}

export const buyEnergy = formPost((ctx, call) => buyTimed('energy', ctx, call));
export const buyNet = formPost((ctx, call) => buyTimed('net', ctx, call));

export const queryPrice = queryGet((ctx, { params }) => priceData(validQuote(ctx, parseKind(params, 'type'), params).quote));

export const queryResult = queryGet((ctx, { account, params }) => {
  const order = ctx.state.timedOrders.get(parseOrderSn(params));
  // Another user's order is answered exactly like a missing one (spec section 5).
  if (!order || order.owner !== account.apiKey) throw new SimError(404, 'order not found');
  return queryResultData(order, timedOrderStatus(order, ctx.serverNow(), ctx.timing.reclaimMs));
});

export const reclaimEnergy = formPost((ctx, { account, params }) => {
  const orderSn = parseOrderSn(params);
  const address = parseAddress(params);
  const order = ctx.state.timedOrders.get(orderSn);
  const now = ctx.serverNow();
  const reclaimable =
    order !== undefined &&
    order.owner === account.apiKey &&
    order.address === address &&
    timedOrderStatus(order, now, ctx.timing.reclaimMs) === TIMED_STATUS.success;
  if (!reclaimable) throw new SimError(404, 'no matching reclaimable resource');
  order.reclaimRequestedAt = now;
  ctx.link.reclaimed(order.orderSn, now + ctx.timing.reclaimMs);
  return null;
});
