import { msg, type MessageKey } from '../../shared/i18n/message.ts';
import type { CallOptions, FastRecoverRequest, Reply, ServiceApi, TimedOrderRequest } from '../api/types.ts';
import { DomainError } from '../base/domain-error.ts';
import type { SubmittedReceipt } from './journal-changes.ts';
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

type Needed = 'address' | 'count' | 'period' | 'resource' | 'orderSn';

const NEEDED_KEYS: Readonly<Record<Needed, MessageKey>> = {
  address: 'errors:intent.address',
  count: 'errors:intent.count',
  period: 'errors:intent.period',
  resource: 'errors:intent.resource',
  orderSn: 'errors:intent.orderSn',
};

function need<T>(value: T | null | undefined, what: Needed, kind: string): T {
  if (value === null || value === undefined || value === '') throw new InvalidOrderIntentError(msg(NEEDED_KEYS[what], { kind }));
  return value;
}

/** Checks an intent before anything is journaled or sent. */
export function paidRequestFor(intent: OrderIntent): PaidRequest {
  const address = need(intent.address, 'address', intent.kind);
  switch (intent.kind) {
    case 'energy':
    case 'net':
      return {
        kind: intent.kind,
        request: { address, count: need(intent.count, 'count', intent.kind), period: need(intent.period, 'period', intent.kind) },
      };
    case 'fast_recover':
      return {
        kind: 'fast_recover',
        request: { address, count: need(intent.count, 'count', intent.kind), resourceType: need(intent.resource, 'resource', intent.kind) },
      };
    case 'activation':
      return { kind: 'activation', address };
    case 'reclaim':
      return { kind: 'reclaim', address, orderSn: need(intent.orderSn, 'orderSn', intent.kind) };
  }
}

/** What a paid call answered: the journal's receipt and the service's reply (the CLI prints it). */
export interface PaidAnswer {
  receipt: SubmittedReceipt;
  /**
   * The parsed data of the kind's endpoint (energy/net: TimedOrderReceipt, fast_recover: FastRecoverReceipt,
   * activation: Activation, reclaim: null) and its raw JSON.
   */
  reply: Reply<unknown>;
}

/**
 * Sends it once. Activation and reclaim have no query endpoint (spec section
 * 4), so their accepted answer is final (status-policy.ts).
 */
export async function sendPaidRequest(api: ServiceApi, paid: PaidRequest, options: CallOptions | undefined): Promise<PaidAnswer> {
  switch (paid.kind) {
    case 'energy':
    case 'net': {
      const reply = paid.kind === 'energy' ? await api.buyEnergy(paid.request, options) : await api.buyNet(paid.request, options);
      return { receipt: { orderSn: reply.data.orderSn, chargedSun: reply.data.amountSun }, reply };
    }
    case 'fast_recover': {
      const reply = await api.buyFastRecover(paid.request, options);
      return { receipt: { orderId: reply.data.orderId, chargedSun: null }, reply };
    }
    case 'activation': {
      const reply = await api.activeAccount(paid.address, options);
      const { data } = reply;
      return {
        receipt: {
          orderId: data.orderId,
          chargedSun: null,
          txIds: data.txId ? [data.txId] : [],
          state: 'succeeded',
          serverStatus: 'accepted',
        },
        reply,
      };
    }
    case 'reclaim': {
      const reply = await api.reclaimEnergy(paid.orderSn, paid.address, options);
      return { receipt: { chargedSun: null, state: 'succeeded', serverStatus: 'accepted' }, reply };
    }
  }
}
