import { useCallback } from 'react';
import { formatMoney, shortenAddress } from '../../../shared/format.ts';
import type { OrderView } from '../../../shared/ipc.ts';
import { useCall } from '../hooks/use-call.ts';
import { useNow } from '../hooks/use-now.ts';
import { reclaim as reclaimOrder, selectOrder } from '../state/actions.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { OrderStateChip } from './OrderStateChip.tsx';
import { RelativeTime } from './RelativeTime.tsx';
import { dayLabel, groupByDay } from './order-filter.ts';
import { describeOrder } from './order-text.ts';

function ReclaimButton({ order }: { order: OrderView }) {
  const reclaim = useCall(useCallback(() => reclaimOrder(order.localId), [order.localId]));
  return (
    <>
      <button type="button" onClick={() => void reclaim.run()} disabled={reclaim.pending} aria-label={`Reclaim resources of ${order.orderSn ?? 'this order'}`}>
        {reclaim.pending ? 'Reclaiming…' : 'Reclaim'}
      </button>
      <ErrorMessage error={reclaim.error} />
    </>
  );
}

/** What an order cost, and whether it was charged: a failed order's quote is not a charge the service reported. */
const cost = (o: OrderView): string =>
  o.chargedSun
    ? formatMoney(o.chargedSun, 'price')
    : o.quotedSun
      ? `≈ ${formatMoney(o.quotedSun, 'price')}${o.state === 'failed' ? ' (no charge reported)' : o.state === 'outcome_unknown' ? ' (charge unknown)' : ''}`
      : 'not quoted';

/** One page of orders, newest first, under a heading per local day. */
export function OrderList({ orders }: { orders: readonly OrderView[] }) {
  const now = useNow();
  return (
    <table className="orders">
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Address</th>
          <th scope="col">Cost</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      {groupByDay(orders).map((group) => (
        <tbody key={group.day}>
          <tr className="day-row">
            <th scope="rowgroup" colSpan={5}>
              {dayLabel(group.first, now)}
            </th>
          </tr>
          {group.items.map((order) => (
            <tr key={order.localId} data-testid="order-row">
              <td data-label="Order">
                <button type="button" className="link" data-order-open={order.localId} onClick={() => selectOrder(order.localId)}>
                  {describeOrder(order)}
                </button>
                <div className="muted small">
                  <RelativeTime at={order.createdAt} now={now} />
                </div>
              </td>
              <td className="mono" data-label="Address" title={order.address}>
                {shortenAddress(order.address, 4, 4)}
              </td>
              <td data-label="Cost">{cost(order)}</td>
              <td data-label="Status">
                <OrderStateChip state={order.state} />
              </td>
              <td>{order.reclaimable && <ReclaimButton order={order} />}</td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}
