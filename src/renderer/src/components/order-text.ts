import { formatCount } from '../../../shared/format.ts';
import type { OrderView } from '../../../shared/ipc.ts';

/** "65,000 energy · 1h", "Fast recover 65,000 energy", "Reclaim EN…", "Activation". */
export function describeOrder(order: OrderView): string {
  const amount = order.count !== null && order.resource ? `${formatCount(order.count)} ${order.resource === 'net' ? 'bandwidth' : 'energy'}` : '';
  switch (order.kind) {
    case 'energy':
    case 'net':
      return `${amount}${order.period ? ` · ${order.period}` : ''}`;
    case 'fast_recover':
      return `Fast recover ${amount}`;
    case 'reclaim':
      return `Reclaim ${order.orderSn ?? ''}`.trim();
    case 'activation':
      return 'Address activation';
  }
}
