// app/orders: the paid-order lifecycle (placing, settling, the daily limit), quotes, order views and reports.
import type { FastRecoverPrice, ResourcePrice, SmartModePrices, SmartPrice } from '../../api/types.ts';
import type { TrackedOrder } from '../../orders/order-types.ts';
import type { OrderView, QuoteView, SmartModeView, SmartPriceView } from '../../../shared/views.ts';

/** Domain objects → the plain-JSON views of src/shared/views.ts (bigint SUN → decimal strings). */

const sun = (v: bigint | null): string | null => (v === null ? null : v.toString());

/** An order as the dashboard shows it; `reclaimable`: a succeeded timed order with no reclaim in progress or done. */
export function toOrderView(order: TrackedOrder, reclaimable: boolean): OrderView {
  return {
    localId: order.localId,
    kind: order.kind,
    address: order.address,
    resource: order.resource,
    count: order.count,
    period: order.period,
    orderSn: order.orderSn,
    orderId: order.orderId,
    quotedSun: sun(order.quotedSun),
    chargedSun: sun(order.chargedSun),
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    state: order.state,
    serverStatus: order.serverStatus,
    txIds: [...order.txIds],
    error: order.error,
    finishedAt: order.finishedAt,
    presetId: order.presetId,
    ...(order.ruleId ? { ruleId: order.ruleId } : {}),
    ...(order.assistant ? { assistant: { client: order.assistant.client, reason: order.assistant.reason } } : {}),
    reclaimable,
  };
}

/** A price as the dashboard sees it, with what burning TRX for the same energy would cost (null for bandwidth or an unknown fee). */
export function toQuoteView(price: ResourcePrice | FastRecoverPrice, burnSun: bigint | null = null): QuoteView {
  return {
    amountSun: price.amountSun.toString(),
    feeSun: price.feeSun.toString(),
    unitPriceSun: price.unitPriceSun.toString(),
    remark: price.remark === '' ? null : price.remark,
    burnSun: burnSun === null ? null : burnSun.toString(),
  };
}

function toModeView(mode: SmartModePrices | null): SmartModeView | null {
  if (!mode) return null;
  return {
    price65kSun: sun(mode.price65kSun),
    price131kSun: sun(mode.price131kSun),
    depositPeriodHours: mode.depositPeriodHours,
    depositAmountSun: sun(mode.depositAmountSun),
    minEnergyCount: mode.minEnergyCount,
  };
}

export function toSmartPriceView(price: SmartPrice): SmartPriceView {
  return {
    price65kSun: price.price65kSun.toString(),
    price131kSun: price.price131kSun.toString(),
    remark: price.remark,
    modes: [
      { id: 'high_frequency', label: 'High frequency', prices: toModeView(price.high) },
      { id: 'jisu_frequency', label: 'Fast', prices: toModeView(price.jisu) },
      { id: 'guangsu_frequency', label: 'Fastest', prices: toModeView(price.guangsu) },
    ],
  };
}
