import type { CallOptions, FastRecoverRequest, ServiceApi, TimedOrderRequest } from '../api/types.ts';
import { DomainError } from '../base/domain-error.ts';
import type { SubmittedReceipt } from './order-journal.ts';
import type { OrderIntent } from './order-types.ts';

/** The one paid API call an intent stands for. */
export type PaidRequest =
  | { kind: 'energy' | 'net'; request: TimedOrderRequest }
  | { kind: 'fast_recover'; request: FastRecoverRequest }
  | { kind: 'activation'; address: string }
  | { kind: 'reclaim'; orderSn: string; address: string };

/** An intent that lacks what its kind needs; nothing was journaled or sent. */
export class InvalidOrderIntentError extends DomainError {
  override readonly name = 'InvalidOrderIntentError';
}

function need<T>(value: T | null | undefined, what: string, kind: string): T {
  if (value === null || value === undefined || value === '') throw new InvalidOrderIntentError(`A ${kind} order needs ${what}; nothing was sent.`);
  return value;
}

/** Checks an intent before anything is journaled or sent. */
export function paidRequestFor(intent: OrderIntent): PaidRequest {
  const address = need(intent.address, 'an address', intent.kind);
  switch (intent.kind) {
    case 'energy':
    case 'net':
      return {
        kind: intent.kind,
        request: { address, count: need(intent.count, 'a count', intent.kind), period: need(intent.period, 'a period', intent.kind) },
      };
    case 'fast_recover':
      return {
        kind: 'fast_recover',
        request: { address, count: need(intent.count, 'a count', intent.kind), resourceType: need(intent.resource, 'a resource', intent.kind) },
      };
    case 'activation':
      return { kind: 'activation', address };
    case 'reclaim':
      return { kind: 'reclaim', address, orderSn: need(intent.orderSn, 'the serial of the order to reclaim', intent.kind) };
  }
}

/**
 * Sends it once. Activation and reclaim have no query endpoint (spec section
 * 4), so their accepted answer is final (status-policy.ts).
 */
export async function sendPaidRequest(api: ServiceApi, paid: PaidRequest, options: CallOptions | undefined): Promise<SubmittedReceipt> {
  switch (paid.kind) {
    case 'energy': {
      const { data } = await api.buyEnergy(paid.request, options);
      return { orderSn: data.orderSn, chargedSun: data.amountSun };
    }
    case 'net': {
      const { data } = await api.buyNet(paid.request, options);
      return { orderSn: data.orderSn, chargedSun: data.amountSun };
    }
    case 'fast_recover': {
      const { data } = await api.buyFastRecover(paid.request, options);
      return { orderId: data.orderId, chargedSun: null };
    }
    case 'activation': {
      const { data } = await api.activeAccount(paid.address, options);
      return { orderId: data.orderId, chargedSun: null, txIds: data.txId ? [data.txId] : [], state: 'succeeded', serverStatus: 'accepted' };
    }
    case 'reclaim':
      await api.reclaimEnergy(paid.orderSn, paid.address, options);
      return { chargedSun: null, state: 'succeeded', serverStatus: 'accepted' };
  }
}
