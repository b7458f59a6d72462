import { useEffect, useState } from 'react';
import { formatCount } from '../../../shared/format.ts';
import type { IpcError, OrderDetailView, OrderView } from '../../../shared/ipc.ts';
import { getOrderDetail } from '../state/actions.ts';
import { useEscape } from '../hooks/use-escape.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { OrderStateChip } from './OrderStateChip.tsx';
import { TxLink } from './TxLink.tsx';
import { AddressFull } from './AddressFull.tsx';
import { CopyButton } from './CopyButton.tsx';
import { Money } from './Money.tsx';
import { describeOrder } from './order-text.ts';
import { OrderDecision } from './rules/DecisionList.tsx';

/**
 * One order and the service's details of it. `known` is the order as the
 * dashboard has it (on the page shown, in progress, or pushed); an order
 * opened from a notification may be known only to main: it comes with the detail.
 */
export function OrderDetail({ localId, known, onBack }: { localId: string; known: OrderView | null; onBack(): void }) {
  useEscape(onBack);
  // Each answer is kept with the request it belongs to, so an old error or detail never shows for a newer one.
  const requestKey = `${localId}@${known?.updatedAt ?? 0}`;
  const [answer, setAnswer] = useState<{ key: string; detail: OrderDetailView | null; error: IpcError | null } | null>(null);
  useEffect(() => {
    let live = true;
    void getOrderDetail(localId).then((r) => {
      if (live) setAnswer(r.ok ? { key: requestKey, detail: r.value, error: null } : { key: requestKey, detail: null, error: r.error });
    });
    return () => {
      live = false;
    };
  }, [localId, requestKey]);
  const current = answer?.key === requestKey ? answer : null;
  const detail = current?.detail ?? (answer?.detail ?? null);
  const error = current?.error ?? null;
  const loading = current === null;
  const order = known ?? detail?.order ?? null;
  if (!order) {
    return (
      <section className="card" aria-label="Order">
        <div className="card-head">
          <h2>Order</h2>
          <button type="button" onClick={onBack}>
            Back to orders
          </button>
        </div>
        <ErrorMessage error={error} />
        {loading && <p className="muted">Loading the order…</p>}
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="order-title">
      <div className="card-head">
        <h2 id="order-title">{describeOrder(order)}</h2>
        <button type="button" onClick={onBack}>
          Back to orders
        </button>
      </div>
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <OrderStateChip state={order.state} />
          {order.serverStatus && <span className="muted"> (service: {order.serverStatus})</span>}
        </dd>
        <dt>Address</dt>
        <dd>
          <AddressFull address={order.address} />
        </dd>
        {order.orderSn && (
          <>
            <dt>Order number</dt>
            <dd>
              <span className="mono">{order.orderSn}</span> <CopyButton text={order.orderSn} label="Copy order number" />
            </dd>
          </>
        )}
        {order.orderId !== null && (
          <>
            <dt>Order id</dt>
            <dd>
              <span className="mono">{order.orderId}</span> <CopyButton text={String(order.orderId)} label="Copy order id" />
            </dd>
          </>
        )}
        <dt>Cost</dt>
        <dd>
          {order.chargedSun ? (
            <>
              charged <Money sun={order.chargedSun} context="price" />
            </>
          ) : order.quotedSun ? (
            <>
              quoted <Money sun={order.quotedSun} context="price" />
              {order.state === 'failed' ? ' — no charge reported by the service' : order.state === 'outcome_unknown' ? ' — may or may not have been charged' : ''}
            </>
          ) : (
            'none quoted'
          )}
        </dd>
        <dt>Created</dt>
        <dd>
          <time dateTime={new Date(order.createdAt).toISOString()}>{new Date(order.createdAt).toLocaleString()}</time>
        </dd>
        {order.error && (
          <>
            <dt>Note</dt>
            <dd>{order.error}</dd>
          </>
        )}
        {order.txIds.length > 0 && (
          <>
            <dt>Transactions</dt>
            <dd>
              {order.txIds.map((tx) => (
                <div key={tx}>
                  <TxLink txId={tx} /> <CopyButton text={tx} label="Copy transaction id" />
                </div>
              ))}
            </dd>
          </>
        )}
      </dl>
      {order.ruleId !== undefined && <OrderDecision order={{ ...order, ruleId: order.ruleId }} />}
      <ErrorMessage error={error} />
      {loading && !detail && <p className="muted">Loading the service's details…</p>}
      {detail && detail.subOrders.length > 0 && (
        <table className="orders">
          <caption>Delegations</caption>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">Amount</th>
              <th scope="col">Transaction</th>
            </tr>
          </thead>
          <tbody>
            {detail.subOrders.map((s, i) => (
              <tr key={`${s.fromAddress}-${i}`}>
                <td className="mono" data-label="From">{s.fromAddress}</td>
                <td data-label="Amount">{formatCount(s.count)}</td>
                <td data-label="Transaction">{s.txId ? <TxLink txId={s.txId} /> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
