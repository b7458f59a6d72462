import { acceptPaidOrder } from './accept-order.ts';
import { formPost, queryGet, type Endpoint } from './context.ts';
import { fastRecoverDelegation } from './delegation-link.ts';
import { fastRecoverOrderData, priceData } from './format.ts';
import { fastOrderStatus } from './order-progress.ts';
import { parseAddress, parseCount, parseKind, parseOrderId, SimError } from './params.ts';
import { quoteFastRecover, scaleQuote } from './pricing.ts';
import type { FastOrder } from './state.ts';
import { registerPaidOrder } from './state.ts';

/** POST, but with URL query parameters (spec section 4.3). */
export const queryFastRecoverPrice: Endpoint = {
  method: 'POST',
  params: 'query',
  handle: (ctx, { params }) =>
    priceData(scaleQuote(quoteFastRecover(parseKind(params, 'resource_type'), parseCount(params)), ctx.pricePercent())),
};

export const buyFastRecover = formPost((ctx, { account, params }) => {
  const address = parseAddress(params);
  const count = parseCount(params);
  const resourceType = parseKind(params, 'resource_type');
  const quote = scaleQuote(quoteFastRecover(resourceType, count), ctx.pricePercent());
  const accepted = acceptPaidOrder(ctx, account, { kind: 'fast_recover', address, count }, quote.amountSun, ctx.timing.fastRecoverMs);
  const { state } = ctx;
  const order: FastOrder = { orderId: state.nextOrderId++, owner: account.apiKey, resourceType, address, count, quote, ...accepted };
  state.fastOrders.set(order.orderId, order);
  registerPaidOrder(state, order);
  if (order.outcome === 'success') ctx.link.delegated(fastRecoverDelegation(order));
  return { order_id: order.orderId };
});

export const queryFastRecoverOrder = queryGet((ctx, { account, params }) => {
  const order = ctx.state.fastOrders.get(parseOrderId(params));
  if (!order || order.owner !== account.apiKey) throw new SimError(404, 'order not found');
  return fastRecoverOrderData(order, fastOrderStatus(order, ctx.serverNow()));
});
