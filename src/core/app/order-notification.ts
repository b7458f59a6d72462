import { formatTrx } from '../base/money.ts';
import { formatCount, shortenAddress } from '../../shared/format.ts';
import type { OrderState, TrackedOrder } from '../orders/order-types.ts';
import { OUTCOME_UNKNOWN_MESSAGE, STALLED_MESSAGE } from '../orders/status-policy.ts';

/**
 * A finished order as a native notification: the facts go in the title and
 * body (many Linux notification daemons show no action buttons); `localId`
 * lets a click open the dashboard on that order.
 */
export interface OrderNotification {
  localId: string;
  state: OrderState;
  title: string;
  body: string;
}

export { shortenAddress };

export function shortenTxId(txId: string): string {
  return txId.length <= 14 ? txId : `${txId.slice(0, 8)}…${txId.slice(-4)}`;
}

const resourceWord = (resource: 'energy' | 'net' | null): string => (resource === 'net' ? 'Bandwidth' : 'Energy');

function subject(order: TrackedOrder): string {
  switch (order.kind) {
    case 'energy':
      return 'Energy order';
    case 'net':
      return 'Bandwidth order';
    case 'fast_recover':
      return `${resourceWord(order.resource)} top-up`;
    case 'reclaim':
      return 'Reclaim';
    case 'activation':
      return 'Activation';
  }
}

function what(order: TrackedOrder): string {
  const count = order.count === null ? '' : `${formatCount(order.count)} `;
  const unit = order.kind === 'net' || order.resource === 'net' ? 'bandwidth' : 'energy';
  const to = shortenAddress(order.address);
  switch (order.kind) {
    case 'energy':
    case 'net':
      return `${count}${unit}${order.period ? ` for ${order.period}` : ''} to ${to}`;
    case 'fast_recover':
      return `${count}${unit} to ${to}`;
    case 'reclaim':
      return `of order ${order.orderSn ?? '?'} from ${to}`;
    case 'activation':
      return `of ${to}`;
  }
}

const OUTCOME: Readonly<Record<OrderState, string>> = {
  submitting: 'being sent',
  running: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  stalled: STALLED_MESSAGE,
  outcome_unknown: OUTCOME_UNKNOWN_MESSAGE,
};

function cost(order: TrackedOrder): string | null {
  if (order.chargedSun !== null) return `cost ${formatTrx(order.chargedSun)}`;
  if (order.state === 'failed' && order.orderSn === null && order.orderId === null) return 'nothing was charged';
  if (order.quotedSun !== null) return `quoted ${formatTrx(order.quotedSun)}`;
  return null;
}

export function notificationFor(order: TrackedOrder): OrderNotification {
  const facts = [`${subject(order)} ${what(order)}`];
  const price = cost(order);
  if (price) facts.push(price);
  const tx = order.txIds[0];
  if (tx) facts.push(`tx ${shortenTxId(tx)}`);
  let body = facts.join(' · ');
  if (order.error && order.state !== 'stalled') body += `\n${order.error}`;
  const separator = order.state === 'stalled' || order.state === 'outcome_unknown' ? ': ' : ' ';
  return { localId: order.localId, state: order.state, title: `${subject(order)}${separator}${OUTCOME[order.state]}`, body };
}
