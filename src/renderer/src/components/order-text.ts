import type { OrderView } from '../../../shared/ipc.ts';
import { shownName } from '../../../shared/user-names.ts';
import { ENGLISH_FORMATS, ENGLISH_T, type Formats, type RendererT } from '../i18n.ts';

/** "65,000 energy" / "65 000 энергии": an amount of a resource. */
export function resourceAmount(count: number, resource: 'energy' | 'net', t: RendererT = ENGLISH_T, f: Formats = ENGLISH_FORMATS): string {
  const amount = f.count(count);
  return resource === 'net' ? t('common.bandwidthAmount', { amount }) : t('common.energyAmount', { amount });
}

/** "65,000 energy · 1h", "Fast recover 65,000 energy", "Reclaim EN…", "Address activation". */
export function describeOrder(order: OrderView, t: RendererT = ENGLISH_T, f: Formats = ENGLISH_FORMATS, withPeriod = true): string {
  const amount = order.count !== null && order.resource ? resourceAmount(order.count, order.resource, t, f) : '';
  switch (order.kind) {
    case 'energy':
    case 'net':
      return withPeriod && order.period ? t('orders.timed', { amount, period: order.period }) : amount;
    case 'fast_recover':
      return t('orders.fastRecover', { amount }).trim();
    case 'reclaim':
      return order.orderSn ? t('orders.reclaim', { orderSn: order.orderSn }) : t('orders.reclaimAny');
    case 'activation':
      return t('orders.activation');
  }
}

/**
 * "via Claude Desktop: “supplier payment”" for an order an AI assistant
 * placed (energy-tray mcp), else null. The client's name and the reason are
 * not the app's words: each is isolated (first-strong isolate) so that it
 * cannot turn the sentence around it.
 */
export function viaAssistant(order: OrderView, t: RendererT = ENGLISH_T): string | null {
  if (!order.assistant) return null;
  return t('orderList.viaAssistant', { client: shownName(order.assistant.client), reason: shownName(order.assistant.reason) });
}
