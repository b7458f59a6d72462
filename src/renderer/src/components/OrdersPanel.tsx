import { useCallback, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatTrx, shortenAddress } from '../../../shared/format.ts';
import type { OrderStateView, OrderView } from '../../../shared/ipc.ts';
import { useCall } from '../hooks/use-call.ts';
import { reclaim as reclaimOrder, selectOrder } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { OrderDetail } from './OrderDetail.tsx';
import { OrderStateChip } from './OrderStateChip.tsx';
import { describeOrder } from './order-text.ts';

type Filter = 'all' | 'active' | 'succeeded' | 'failed' | 'attention';
const FILTERS: Array<{ id: Filter; label: string; states: OrderStateView[] | null }> = [
  { id: 'all', label: 'All', states: null },
  { id: 'active', label: 'In progress', states: ['submitting', 'running'] },
  { id: 'succeeded', label: 'Succeeded', states: ['succeeded'] },
  { id: 'failed', label: 'Failed', states: ['failed'] },
  { id: 'attention', label: 'Needs a look', states: ['stalled', 'outcome_unknown'] },
];

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

export function OrdersPanel() {
  const { orders, selectedOrderId } = useAppStore(useShallow((s) => ({ orders: s.orders, selectedOrderId: s.selectedOrderId })));
  const [filter, setFilter] = useState<Filter>('all');
  const states = FILTERS.find((f) => f.id === filter)?.states ?? null;
  const shown = states ? orders.filter((o) => states.includes(o.state)) : orders;
  const selected = orders.find((o) => o.localId === selectedOrderId) ?? null;

  if (selected) return <OrderDetail order={selected} onBack={() => selectOrder(null)} />;

  return (
    <section className="card" aria-labelledby="orders-title">
      <div className="card-head">
        <h2 id="orders-title">Orders</h2>
        <div role="group" aria-label="Filter by status" className="segmented">
          {FILTERS.map((f) => (
            <button key={f.id} type="button" aria-pressed={filter === f.id} onClick={() => setFilter(f.id)}>
              {f.label}
            </button>
          ))}
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="muted">{orders.length === 0 ? 'No orders yet. Buy energy or run a preset to see it here.' : 'No orders with this status.'}</p>
      ) : (
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
          <tbody>
            {shown.map((order) => (
              <tr key={order.localId} data-testid="order-row">
                <td>
                  <button type="button" className="link" onClick={() => selectOrder(order.localId)}>
                    {describeOrder(order)}
                  </button>
                  <div className="muted small">{new Date(order.createdAt).toLocaleString()}</div>
                </td>
                <td className="mono" title={order.address}>
                  {shortenAddress(order.address)}
                </td>
                <td>{order.chargedSun ? formatTrx(order.chargedSun) : order.quotedSun ? `≈ ${formatTrx(order.quotedSun)}` : '—'}</td>
                <td>
                  <OrderStateChip state={order.state} />
                </td>
                <td>{order.reclaimable && <ReclaimButton order={order} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
