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
} from '../api/types.ts';
import type { Clock } from '../base/clock.ts';
import type { PriceLog } from '../orders/price-log.ts';

/**
 * The session's service API, which also keeps every price the service quotes
 * (the dashboard's, the tray's, the wallets' top-ups, the rules') in the
 * profile's order store for the price sparklines: the quotes the app makes
 * anyway, no request of its own. Every call goes to the client unchanged; a
 * quote is kept after it arrived, and keeping it never fails the call.
 */
export class PriceRecordingApi implements ServiceApi {
  private readonly api: ServiceApi;
  private readonly prices: PriceLog;
  private readonly clock: Clock;

  constructor(api: ServiceApi, prices: PriceLog, clock: Clock) {
    this.api = api;
    this.prices = prices;
    this.clock = clock;
  }

  async queryPrice(query: PriceQuery, options?: CallOptions): Promise<Reply<ResourcePrice>> {
    const reply = await this.api.queryPrice(query, options);
    this.keep({ kind: 'timed', resource: query.type, period: query.period, count: query.count }, reply.data);
    return reply;
  }

  async queryFastRecoverPrice(resourceType: ResourceType, count: number, options?: CallOptions): Promise<Reply<FastRecoverPrice>> {
    const reply = await this.api.queryFastRecoverPrice(resourceType, count, options);
    this.keep({ kind: 'fast_recover', resource: resourceType, period: null, count }, reply.data);
    return reply;
  }

  private keep(what: { kind: 'timed' | 'fast_recover'; resource: ResourceType; period: string | null; count: number }, price: ResourcePrice | FastRecoverPrice): void {
    this.prices.record({ ...what, at: this.clock.now(), unitPriceSun: price.unitPriceSun, amountSun: price.amountSun });
  }

  userInfo(options?: CallOptions): Promise<Reply<UserInfo>> {
    return this.api.userInfo(options);
  }

  activeAccount(address: string, options?: CallOptions): Promise<Reply<Activation>> {
    return this.api.activeAccount(address, options);
  }

  buyEnergy(request: TimedOrderRequest, options?: CallOptions): Promise<Reply<TimedOrderReceipt>> {
    return this.api.buyEnergy(request, options);
  }

  buyNet(request: TimedOrderRequest, options?: CallOptions): Promise<Reply<TimedOrderReceipt>> {
    return this.api.buyNet(request, options);
  }

  reclaimEnergy(orderSn: string, address: string, options?: CallOptions): Promise<Reply<null>> {
    return this.api.reclaimEnergy(orderSn, address, options);
  }

  queryResult(orderSn: string, options?: CallOptions): Promise<Reply<TimedOrderResult>> {
    return this.api.queryResult(orderSn, options);
  }

  buyFastRecover(request: FastRecoverRequest, options?: CallOptions): Promise<Reply<FastRecoverReceipt>> {
    return this.api.buyFastRecover(request, options);
  }

  queryFastRecoverOrder(orderId: number, options?: CallOptions): Promise<Reply<FastRecoverOrder>> {
    return this.api.queryFastRecoverOrder(orderId, options);
  }

  getSmartPrice(options?: CallOptions): Promise<Reply<SmartPrice>> {
    return this.api.getSmartPrice(options);
  }
}
