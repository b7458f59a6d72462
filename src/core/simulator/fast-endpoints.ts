import type { Endpoint } from './context.ts';
import { fastRecoverDelegation } from './delegation-link.ts';
import { fastRecoverOrderData, priceData } from './format.ts';
import { fastOrderStatus } from './order-progress.ts';
import { parseAddress, parseCount, parseKind, parseOrderId, SimError } from './params.ts';
import { quoteFastRecover } from './pricing.ts';
import type { FastOrder } from './state.ts';
import { charge, registerPaidOrder } from './state.ts';

/** POST, but with URL query parameters (spec section 4.3). */
export const queryFastRecoverPrice: Endpoint = {
  method: 'POST',
  params: 'query',
  handle: (_ctx, { params }) => priceData(quoteFastRecover(parseKind(params, 'resource_type'), parseCount(params))),
};

export const buyFastRecover: Endpoint = {
  method: 'POST',
  params: 'form',
  handle: (ctx, { account, params }) => {
    const address = parseAddress(params);
    const count = parseCount(params);
    const resourceType = parseKind(params, 'resource_type');
    const { state } = ctx;
    if (state.unactivated.has(address)) throw new SimError(400, 'address not activated');
    const quote = quoteFastRecover(resourceType, count);
    const info = { kind: 'fast_recover' as const, address, count };
    const outcome = ctx.outcome(info);
    const delay = ctx.delayOf(info, ctx.timing.fastRecoverMs);
    if (!charge(account, quote.amountSun)) throw new SimError(403, 'insufficient balance');
    const now = ctx.serverNow();
    const order: FastOrder = {
      orderId: state.nextOrderId++,
      owner: account.apiKey,
      resourceType,
      address,
      count,
      quote,
      createdAt: now,
      finishAt: now + delay,
      outcome,
    };
    state.fastOrders.set(order.orderId, order);
    registerPaidOrder(state, order);
    if (outcome === 'success') ctx.link.delegated(fastRecoverDelegation(order));
    return { order_id: order.orderId };
  },
};

export const queryFastRecoverOrder: Endpoint = {
  method: 'GET',
  params: 'query',
  handle: (ctx, { account, params }) => {
    const order = ctx.state.fastOrders.get(parseOrderId(params));
    if (!order || order.owner !== account.apiKey) throw new SimError(404, 'order not found');
    return fastRecoverOrderData(order, fastOrderStatus(order, ctx.serverNow()));
  },
};
