import type { z } from 'zod';
import type { EndpointName } from './endpoints.ts';
import {
  activationSchema,
  fastRecoverOrderSchema,
  fastRecoverPriceSchema,
  fastRecoverReceiptSchema,
  nullDataSchema,
  resourcePriceSchema,
  smartPriceSchema,
  timedOrderReceiptSchema,
  timedOrderResultSchema,
  userInfoSchema,
} from './schemas.ts';
import { SignedTransport, type Params, type TransportOptions } from './transport.ts';
import type {
  Activation,
  CallOptions,
  FastRecoverOrder,
  FastRecoverPrice,
  FastRecoverReceipt,
  FastRecoverRequest,
  PriceQuery,
  Reply,
  ResourcePrice,
  ResourceType,
  ServiceApi,
  SmartPrice,
  TimedOrderReceipt,
  TimedOrderRequest,
  TimedOrderResult,
  UserInfo,
} from './types.ts';
import {
  validateAddress,
  validateFastRecover,
  validateFastRecoverQuery,
  validateOrderId,
  validateOrderSn,
  validatePriceQuery,
  validateTimedOrder,
} from './validation.ts';

export type { RequestEvent } from './transport.ts';
export type ApiClientOptions = TransportOptions;

/**
 * The signed HTTP client of the eleven specified endpoints (spec section 4).
 * Each call validates its input locally and goes out through the signed
 * transport (transport.ts), which signs every send afresh, checks the HTTP
 * status and the envelope code, validates the data shape and converts money
 * to integer SUN. See retry-policy.ts for what is ever sent twice.
 */
export class ApiClient implements ServiceApi {
  readonly baseUrl: string;
  readonly #transport: SignedTransport;

  constructor(options: ApiClientOptions) {
    this.#transport = new SignedTransport(options);
    this.baseUrl = options.baseUrl;
  }

  /** Server time minus local time, learnt from a 401 (spec section 5's 5-minute window). */
  get clockOffsetSeconds(): number {
    return this.#transport.clockOffsetSeconds;
  }

  async close(): Promise<void> {
    await this.#transport.close();
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `ApiClient { baseUrl: ${JSON.stringify(this.baseUrl)} }`;
  }

  toJSON(): { baseUrl: string } {
    return { baseUrl: this.baseUrl };
  }

  // No input to check, so not async: the transport's promise is the call's (an
  // async wrapper would add steps to the most frequent call, the balance).
  userInfo(options?: CallOptions): Promise<Reply<UserInfo>> {
    return this.#call('user_info', {}, userInfoSchema, options);
  }

  async activeAccount(address: string, options?: CallOptions): Promise<Reply<Activation>> {
    validateAddress(address, 'active_account');
    return this.#call('active_account', { form: { address } }, activationSchema, options);
  }

  async buyEnergy(request: TimedOrderRequest, options?: CallOptions): Promise<Reply<TimedOrderReceipt>> {
    return this.#buyTimed('buy_energy', 'energy', request, options);
  }

  async buyNet(request: TimedOrderRequest, options?: CallOptions): Promise<Reply<TimedOrderReceipt>> {
    return this.#buyTimed('buy_net', 'net', request, options);
  }

  async reclaimEnergy(orderSn: string, address: string, options?: CallOptions): Promise<Reply<null>> {
    validateOrderSn(orderSn, 'reclaim_energy');
    validateAddress(address, 'reclaim_energy');
    return this.#call('reclaim_energy', { form: { order_sn: orderSn, address } }, nullDataSchema, options);
  }

  async queryResult(orderSn: string, options?: CallOptions): Promise<Reply<TimedOrderResult>> {
    validateOrderSn(orderSn, 'query_result');
    return this.#call('query_result', { query: { order_sn: orderSn } }, timedOrderResultSchema, options);
  }

  async queryPrice(query: PriceQuery, options?: CallOptions): Promise<Reply<ResourcePrice>> {
    validatePriceQuery(query, 'query_price');
    const params = { query: { type: query.type, count: query.count, period: query.period } };
    return this.#call('query_price', params, resourcePriceSchema, options);
  }

  async queryFastRecoverPrice(
    resourceType: ResourceType,
    count: number,
    options?: CallOptions,
  ): Promise<Reply<FastRecoverPrice>> {
    validateFastRecoverQuery(resourceType, count, 'query_fast_recover_price');
    const params = { query: { resource_type: resourceType, count } };
    return this.#call('query_fast_recover_price', params, fastRecoverPriceSchema, options);
  }

  async buyFastRecover(request: FastRecoverRequest, options?: CallOptions): Promise<Reply<FastRecoverReceipt>> {
    validateFastRecover(request, 'buy_fast_recover');
    const form = { address: request.address, count: request.count, resource_type: request.resourceType };
    return this.#call('buy_fast_recover', { form }, fastRecoverReceiptSchema, options);
  }

  async queryFastRecoverOrder(orderId: number, options?: CallOptions): Promise<Reply<FastRecoverOrder>> {
    validateOrderId(orderId, 'query_fast_recover_order');
    return this.#call('query_fast_recover_order', { query: { order_id: orderId } }, fastRecoverOrderSchema, options);
  }

  getSmartPrice(options?: CallOptions): Promise<Reply<SmartPrice>> {
    return this.#call('get_smart_price', {}, smartPriceSchema, options);
  }

  async #buyTimed(
    name: 'buy_energy' | 'buy_net',
    type: ResourceType,
    request: TimedOrderRequest,
    options: CallOptions | undefined,
  ): Promise<Reply<TimedOrderReceipt>> {
    validateTimedOrder(type, request, name);
    const form = { count: request.count, period: request.period, address: request.address };
    return this.#call(name, { form }, timedOrderReceiptSchema, options);
  }

  #call<T>(name: EndpointName, params: Params, schema: z.ZodType<T>, options?: CallOptions): Promise<Reply<T>> {
    return this.#transport.call(name, params, schema, options);
  }
}
