import { InvariantError } from '../base/domain-error.ts';
import type { CallOptions, ServiceApi } from '../api/types.ts';
import type { TrackedOrder } from './order-types.ts';
import { classifyFastRecover, classifyTimedResult, type PollVerdict } from './status-policy.ts';

/** Orders that have a query endpoint and the id it needs. */
export function isPollable(order: TrackedOrder): boolean {
  if (order.kind === 'energy' || order.kind === 'net') return order.orderSn !== null;
  return order.kind === 'fast_recover' && order.orderId !== null;
}

/** One status request for an order, classified by the status policy. */
export async function queryOrder(api: ServiceApi, order: TrackedOrder, options?: CallOptions): Promise<PollVerdict> {
  if (order.kind === 'fast_recover' && order.orderId !== null) {
    return classifyFastRecover((await api.queryFastRecoverOrder(order.orderId, options)).data);
  }
  if ((order.kind === 'energy' || order.kind === 'net') && order.orderSn !== null) {
    return classifyTimedResult((await api.queryResult(order.orderSn, options)).data);
  }
  throw new InvariantError('nothing-to-query', { localId: order.localId, kind: order.kind });
}
