import type { Sun } from '../base/money.ts';

/**
 * The service's data after parsing (spec section 2), in the app's terms:
 * every amount of money is integer SUN (USDT: integer micros); unit prices,
 * which are display-only and may be fractional SUN, stay decimal strings.
 * The raw `data` object exactly as the server sent it travels alongside in
 * Reply.raw, for the CLI's --json output.
 */

export type ResourceType = 'energy' | 'net';

export interface Reply<T> {
  data: T;
  /** The envelope's `data` exactly as received (JSON value). */
  raw: unknown;
}

export interface UserInfo {
  trxSun: Sun;
  usdtMicros: bigint;
}

export interface Activation {
  txId: string;
  orderId: number;
}

/** buy_energy and buy_net. */
export interface TimedOrderReceipt {
  orderSn: string;
  unitPrice: string | null;
  feeSun: Sun | null;
  amountSun: Sun | null;
  /** "May be inaccurate or absent": never used for decisions. */
  balanceSun: Sun | null;
}

export interface SubOrder {
  fromAddress: string;
  txId: string | null;
  count: number;
}

/** query_result; `orders` is empty for the failed/unfinished shape. */
export interface TimedOrderResult {
  orderSn: string;
  amountSun: Sun | null;
  feeSun: Sun | null;
  unitPrice: string | null;
  period: string | null;
  status: string;
  orders: SubOrder[];
}

export interface ResourcePrice {
  unitPriceSun: Sun;
  amountSun: Sun;
  feeSun: Sun;
  remark: string;
}

export interface FastRecoverPrice {
  unitPriceSun: Sun;
  amountSun: Sun;
  feeSun: Sun;
  remark: string | null;
}

export interface FastRecoverReceipt {
  /** Not marked required by the spec: null when the server left it out. */
  orderId: number | null;
}

export type FastRecoverStatus = 'waiting' | 'success' | 'failed';

export interface FastRecoverOrder {
  orderId: number;
  address: string;
  energyCount: number;
  unitPrice: string | null;
  feeSun: Sun | null;
  resourceType: ResourceType;
  amountSun: Sun | null;
  status: FastRecoverStatus;
  delegateTxid: string | null;
  reclaimTxid: string | null;
  actualRecoverCount: number | null;
}

export interface SmartModePrices {
  price65kSun: Sun | null;
  price131kSun: Sun | null;
  depositPeriodHours: string | null;
  depositAmountSun: Sun | null;
  minEnergyCount: string | null;
}

export interface SmartPrice {
  price65kSun: Sun;
  price131kSun: Sun;
  remark: string | null;
  high: SmartModePrices | null;
  jisu: SmartModePrices | null;
  guangsu: SmartModePrices | null;
}

export interface TimedOrderRequest {
  address: string;
  count: number;
  period: string;
}

export interface PriceQuery {
  type: ResourceType;
  count: number;
  period: string;
}

export interface FastRecoverRequest {
  address: string;
  count: number;
  resourceType: ResourceType;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Runs once after the call's input passed the local checks and before the
   * first send; the call waits for it, and if it throws nothing is sent and
   * its error is the call's. A paid order journals its intent here
   * (orders/submit-paid-order.ts), so an order is checked once, by the
   * client, and an invalid one leaves no record.
   */
  beforeSend?: () => Promise<void>;
}

/**
 * The eleven specified endpoints (spec section 4). The real implementation is
 * ApiClient (src/core/api/client.ts); the rest of the core depends on this
 * interface only. Every method validates its input locally before sending
 * (throwing InvalidInputError with nothing sent) and throws a typed ApiError
 * (src/core/api/errors.ts) on failure.
 */
export interface ServiceApi {
  userInfo(options?: CallOptions): Promise<Reply<UserInfo>>;
  activeAccount(address: string, options?: CallOptions): Promise<Reply<Activation>>;
  buyEnergy(request: TimedOrderRequest, options?: CallOptions): Promise<Reply<TimedOrderReceipt>>;
  buyNet(request: TimedOrderRequest, options?: CallOptions): Promise<Reply<TimedOrderReceipt>>;
  reclaimEnergy(orderSn: string, address: string, options?: CallOptions): Promise<Reply<null>>;
  queryResult(orderSn: string, options?: CallOptions): Promise<Reply<TimedOrderResult>>;
  queryPrice(query: PriceQuery, options?: CallOptions): Promise<Reply<ResourcePrice>>;
  queryFastRecoverPrice(resourceType: ResourceType, count: number, options?: CallOptions): Promise<Reply<FastRecoverPrice>>;
  buyFastRecover(request: FastRecoverRequest, options?: CallOptions): Promise<Reply<FastRecoverReceipt>>;
  queryFastRecoverOrder(orderId: number, options?: CallOptions): Promise<Reply<FastRecoverOrder>>;
  getSmartPrice(options?: CallOptions): Promise<Reply<SmartPrice>>;
}
