// app/session: the open account or demo: profiles, settings, the per-profile lists, the TRON node connection, the service balance.
import type { FastRecoverPrice, ResourcePrice, ResourceType, ServiceApi } from '../../api/types.ts';
import type { Clock } from '../../base/clock.ts';
import type { PriceLog } from '../../orders/price-log.ts';

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

  readonly queryPrice: ServiceApi['queryPrice'] = async (query, options) => {
    const reply = await this.api.queryPrice(query, options);
    this.keep({ kind: 'timed', resource: query.type, period: query.period, count: query.count }, reply.data);
    return reply;
  };

  readonly queryFastRecoverPrice: ServiceApi['queryFastRecoverPrice'] = async (resourceType, count, options) => {
    const reply = await this.api.queryFastRecoverPrice(resourceType, count, options);
    this.keep({ kind: 'fast_recover', resource: resourceType, period: null, count }, reply.data);
    return reply;
  };

  readonly userInfo: ServiceApi['userInfo'] = (options) => this.api.userInfo(options);
  readonly activeAccount: ServiceApi['activeAccount'] = (address, options) => this.api.activeAccount(address, options);
  readonly buyEnergy: ServiceApi['buyEnergy'] = (request, options) => this.api.buyEnergy(request, options);
  readonly buyNet: ServiceApi['buyNet'] = (request, options) => this.api.buyNet(request, options);
  readonly reclaimEnergy: ServiceApi['reclaimEnergy'] = (orderSn, address, options) => this.api.reclaimEnergy(orderSn, address, options);
  readonly queryResult: ServiceApi['queryResult'] = (orderSn, options) => this.api.queryResult(orderSn, options);
  readonly buyFastRecover: ServiceApi['buyFastRecover'] = (request, options) => this.api.buyFastRecover(request, options);
  readonly queryFastRecoverOrder: ServiceApi['queryFastRecoverOrder'] = (orderId, options) =>
    this.api.queryFastRecoverOrder(orderId, options);
  readonly getSmartPrice: ServiceApi['getSmartPrice'] = (options) => this.api.getSmartPrice(options);

  private keep(
    what: { kind: 'timed' | 'fast_recover'; resource: ResourceType; period: string | null; count: number },
    price: ResourcePrice | FastRecoverPrice,
  ): void {
    this.prices.record({ ...what, at: this.clock.now(), unitPriceSun: price.unitPriceSun, amountSun: price.amountSun });
  }
}
