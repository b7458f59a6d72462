import { formatUnits, unitsToDecimalString } from '../base/money.ts';
import type { FastStatus, TimedStatus } from './order-progress.ts';
import { FAST_STATUS, subOrdersOf, TIMED_STATUS, txIdOf } from './order-progress.ts';
import type { Quote, SmartModePriceList } from './pricing.ts';
import { SMART_PRICE } from './pricing.ts';
import type { FastOrder, TimedOrder } from './state.ts';

/** The wire shapes of spec section 2, built from integer SUN. */

/** "3.2500": at least 4 decimals (the spec's sample), more only if a balance has sub-100-SUN digits. */
export const trxText = (sun: bigint): string => formatUnits(sun, 4).replace(/,/g, '');

/** A JSON number in TRX. Amounts are multiples of 100 SUN, whose decimal text converts exactly. */
export const trxNumber = (sun: bigint): number => Number(unitsToDecimalString(sun));

export const unixSecondsText = (ms: number): string => String(Math.floor(ms / 1000));

export const successEnvelope = (data: unknown, serverMs: number): object => ({
  code: 1,
  msg: 'success',
  time: unixSecondsText(serverMs),
  data,
});

export const errorEnvelope = (msg: string, serverMs: number): object => ({
  code: 0,
  msg,
  time: unixSecondsText(serverMs),
  data: null,
});

export const userInfoData = (trxSun: bigint, usdtMicros: bigint): object => ({
  balance_trx: trxText(trxSun),
  balance_usdt: trxText(usdtMicros),
});

export const timedOrderReceipt = (order: TimedOrder, balanceSun: bigint): object => ({
  order_sn: order.orderSn,
  price: Number(order.quote.unitPriceSun),
  fee: trxNumber(order.quote.feeSun),
  amount: trxNumber(order.quote.amountSun),
  balance: trxNumber(balanceSun),
});

export function queryResultData(order: TimedOrder, status: TimedStatus): object {
  const hasDetails = status !== TIMED_STATUS.pending && status !== TIMED_STATUS.failed;
  return {
    order_sn: order.orderSn,
    amount: trxNumber(order.quote.amountSun),
    price: Number(order.quote.unitPriceSun),
    fee: trxNumber(order.quote.feeSun),
    period: order.period,
    status,
    orders: hasDetails ? subOrdersOf(order) : [],
  };
}

/** ResourcePriceData and FastRecoverPriceData (whose `remark` is optional; the simulator sends it). */
export const priceData = (quote: Quote): object => ({
  price: Number(quote.unitPriceSun),
  amount: trxText(quote.amountSun),
  fee: trxText(quote.feeSun),
  remark: quote.remark,
});

export function fastRecoverOrderData(order: FastOrder, status: FastStatus): object {
  const done = status === FAST_STATUS.success;
  return {
    order_id: order.orderId,
    address: order.address,
    energy_count: order.count,
    price: Number(order.quote.unitPriceSun),
    fee: trxNumber(order.quote.feeSun),
    resource_type: order.resourceType,
    amount: trxNumber(order.quote.amountSun),
    status,
    delegate_txid: done ? txIdOf(`fast:${order.orderId}`) : null,
    reclaim_txid: null,
    actual_recover_count: done ? order.count : null,
  };
}

function smartMode(mode: SmartModePriceList, numbers: boolean): object {
  return {
    '65k_price': trxText(mode.price65kSun),
    '131k_price': trxText(mode.price131kSun),
    deposit_period: String(mode.depositPeriodHours),
    deposit_amount: numbers ? trxNumber(mode.depositAmountSun) : trxText(mode.depositAmountSun),
    min_energy_count: numbers ? mode.minEnergyCount : String(mode.minEnergyCount),
  };
}

/** `numbers` emits deposit_amount and min_energy_count as JSON numbers, which clients must tolerate. */
export const smartPriceData = (numbers: boolean): object => ({
  '65K_price': trxText(SMART_PRICE.price65kSun),
  '131K_price': trxText(SMART_PRICE.price131kSun),
  remark: SMART_PRICE.remark,
  high_frequency: smartMode(SMART_PRICE.high, numbers),
  jisu_frequency: smartMode(SMART_PRICE.jisu, numbers),
  guangsu_frequency: smartMode(SMART_PRICE.guangsu, numbers),
});
