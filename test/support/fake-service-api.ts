import type { CallOptions, FastRecoverOrder, Reply, ServiceApi, SubOrder, TimedOrderResult } from '../../src/core/api/types.ts';

/** Stands in for src/core/api/errors.ts's ApiError: the order code reads these two fields only. */
export class FakeApiError extends Error {
  readonly category: string;
  readonly outcomeUnknown: boolean;

  constructor(category: string, message: string, outcomeUnknown = false) {
    super(message);
    this.category = category;
    this.outcomeUnknown = outcomeUnknown;
  }
}

export type Handlers = { [K in keyof ServiceApi]?: ServiceApi[K] };
export interface Call {
  method: keyof ServiceApi;
  args: unknown[];
}

export interface FakeApi {
  api: ServiceApi;
  calls: Call[];
  /** Replace or add handlers; an unscripted method rejects. */
  handlers: Handlers;
  count(method: keyof ServiceApi): number;
}

/** A ServiceApi whose every method answers from `handlers` and is recorded in `calls`. */
export function createFakeApi(initial: Handlers = {}): FakeApi {
  const calls: Call[] = [];
  const handlers: Handlers = { ...initial };
  // Like the real client, a call runs its options' beforeSend (the journal write) before it is "sent".
  const method = <K extends keyof ServiceApi>(name: K): ServiceApi[K] =>
    (async (...args: unknown[]) => {
      const options = args.find((a): a is CallOptions => typeof a === 'object' && a !== null && 'beforeSend' in a);
      await options?.beforeSend?.();
      calls.push({ method: name, args });
      const handler = handlers[name] as ((...a: unknown[]) => Promise<unknown>) | undefined;
      return handler ? handler(...args) : Promise.reject(new Error(`fake API: ${name} is not scripted`));
    }) as ServiceApi[K];
  const api: ServiceApi = {
    userInfo: method('userInfo'),
    activeAccount: method('activeAccount'),
    buyEnergy: method('buyEnergy'),
    buyNet: method('buyNet'),
    reclaimEnergy: method('reclaimEnergy'),
    queryResult: method('queryResult'),
    queryPrice: method('queryPrice'),
    queryFastRecoverPrice: method('queryFastRecoverPrice'),
    buyFastRecover: method('buyFastRecover'),
    queryFastRecoverOrder: method('queryFastRecoverOrder'),
    getSmartPrice: method('getSmartPrice'),
  };
  return { api, calls, handlers, count: (name) => calls.filter((c) => c.method === name).length };
}

export const reply = <T>(data: T): Promise<Reply<T>> => Promise.resolve({ data, raw: data });

export function timedResult(orderSn: string, status: string, orders: SubOrder[] = [], amountSun: bigint | null = null): TimedOrderResult {
  return { orderSn, amountSun, feeSun: null, unitPrice: null, period: '1h', status, orders };
}

export function fastRecoverOrder(orderId: number, status: FastRecoverOrder['status'], delegateTxid: string | null = null): FastRecoverOrder {
  return {
    orderId,
    address: 'TXyzAbCdEfGhJkLmNoPqRsTuVwXy9Ab',
    energyCount: 65_000,
    unitPrice: null,
    feeSun: null,
    resourceType: 'energy',
    amountSun: 2_500_000n,
    status,
    delegateTxid,
    reclaimTxid: null,
    actualRecoverCount: null,
  };
}
