import { useEffect, useState } from 'react';
import { useFormat, useT } from '../i18n.ts';
import type { IpcError, OrderDetailView, OrderView } from '../../../shared/ipc.ts';
import { getOrderDetail } from '../state/actions.ts';
import { useEscape } from '../hooks/use-escape.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { OrderStateChip } from './OrderStateChip.tsx';
import { TxLink } from './TxLink.tsx';
import { AddressFull } from './AddressFull.tsx';
import { CopyButton } from './CopyButton.tsx';
import { MiddleEllipsis } from './MiddleEllipsis.tsx';
import { Money } from './Money.tsx';
import { describeOrder, viaAssistant } from './order-text.ts';
import { OrderDecision } from './rules/DecisionList.tsx';

/**
 * One order and the service's details of it. `known` is the order as the
 * dashboard has it (on the page shown, in progress, or pushed); an order
 * opened from a notification may be known only to main: it comes with the detail.
 */
export function OrderDetail({ localId, known, onBack }: { localId: string; known: OrderView | null; onBack(): void }) {
  useEscape(onBack);
  const t = useT();
  const f = useFormat();
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
  const detail = current?.detail ?? answer?.detail ?? null;
  const error = current?.error ?? null;
  const loading = current === null;
  const order = known ?? detail?.order ?? null;
  if (!order) {
    return (
      <section className="card" aria-label={t('orderList.order')}>
        <div className="card-head">
          <h2>{t('orderList.order')}</h2>
          <button type="button" onClick={onBack}>
            {t('orderDetail.back')}
          </button>
        </div>
        <ErrorMessage error={error} />
        {loading && <p className="muted">{t('orderDetail.loading')}</p>}
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="order-title">
      <div className="card-head">
        <h2 id="order-title">{describeOrder(order, t, f)}</h2>
        <button type="button" onClick={onBack}>
          {t('orderDetail.back')}
        </button>
      </div>
      <dl className="facts">
        <dt>{t('orderList.status')}</dt>
        <dd>
          <OrderStateChip state={order.state} />
          {order.serverStatus && <span className="muted">{t('orderDetail.serviceStatus', { status: order.serverStatus })}</span>}
        </dd>
        <dt>{t('orderList.address')}</dt>
        <dd>
          <AddressFull address={order.address} />
        </dd>
        {order.orderSn && (
          <>
            <dt>{t('orderDetail.number')}</dt>
            <dd>
              <span className="mono">{order.orderSn}</span> <CopyButton text={order.orderSn} label={t('orderDetail.copyNumber')} />
            </dd>
          </>
        )}
        {order.orderId !== null && (
          <>
            <dt>{t('orderDetail.id')}</dt>
            <dd>
              <span className="mono">{order.orderId}</span> <CopyButton text={String(order.orderId)} label={t('orderDetail.copyId')} />
            </dd>
          </>
        )}
        <dt>{t('confirm.cost')}</dt>
        <dd>
          {order.chargedSun ? (
            <>
              {t('orderDetail.charged')} <Money sun={order.chargedSun} context="price" />
            </>
          ) : order.quotedSun ? (
            <>
              {t('orderDetail.quoted')} <Money sun={order.quotedSun} context="price" />
              {order.state === 'failed'
                ? t('orderDetail.noCharge')
                : order.state === 'outcome_unknown'
                  ? t('orderDetail.maybeCharged')
                  : ''}
            </>
          ) : (
            t('orderDetail.noneQuoted')
          )}
        </dd>
        <dt>{t('orderDetail.created')}</dt>
        <dd>
          <time dateTime={new Date(order.createdAt).toISOString()}>{f.dateTime(order.createdAt)}</time>
        </dd>
        {order.assistant && (
          <>
            <dt>{t('orderDetail.placedBy')}</dt>
            <dd data-testid="order-via">{viaAssistant(order, t)}</dd>
          </>
        )}
        {order.error && (
          <>
            <dt>{t('orderDetail.note')}</dt>
            <dd>{order.error}</dd>
          </>
        )}
        {order.txIds.length > 0 && (
          <>
            <dt>{t('orderDetail.transactions')}</dt>
            <dd>
              {order.txIds.map((tx) => (
                <div key={tx}>
                  <TxLink txId={tx} /> <CopyButton text={tx} label={t('orderDetail.copyTx')} />
                </div>
              ))}
            </dd>
          </>
        )}
      </dl>
      {order.ruleId !== undefined && <OrderDecision order={{ ...order, ruleId: order.ruleId }} />}
      <ErrorMessage error={error} />
      {loading && !detail && <p className="muted">{t('orderDetail.loadingDetails')}</p>}
      {detail && detail.subOrders.length > 0 && (
        <table className="orders">
          <caption>{t('orderDetail.delegations')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('orderDetail.from')}</th>
              <th scope="col">{t('buy.amount')}</th>
              <th scope="col">{t('orderDetail.transaction')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.subOrders.map((s, i) => (
              <tr key={`${s.fromAddress}-${i}`}>
                <td data-label={t('orderDetail.from')}>
                  <MiddleEllipsis text={s.fromAddress} />
                </td>
                <td data-label={t('buy.amount')}>{f.count(s.count)}</td>
                <td data-label={t('orderDetail.transaction')}>{s.txId ? <TxLink txId={s.txId} /> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
