import { useCallback, useState } from 'react';
import { useFormat, useT, type Formats, type RendererT } from '../i18n.ts';
import type { OrderView } from '../../../shared/ipc.ts';
import { useCall } from '../hooks/use-call.ts';
import { useNow } from '../hooks/use-now.ts';
import { useResultFocus } from '../hooks/use-result-focus.ts';
import { delegatedUntil } from '../../../shared/order-rules.ts';
import { reclaim as reclaimOrder, selectOrder } from '../state/actions.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { MiddleEllipsis } from './MiddleEllipsis.tsx';
import { OrderStateChip } from './OrderStateChip.tsx';
import { RelativeTime } from './RelativeTime.tsx';
import { dayLabel, groupByDay } from './order-filter.ts';
import { describeOrder, viaAssistant } from './order-text.ts';

/** Main said it can be reclaimed (when the page was read), and its delegation has not ended since. */
export function stillReclaimable(order: OrderView, now: number): boolean {
  if (!order.reclaimable) return false;
  const until = delegatedUntil(order);
  return until === null || until > now;
}

/**
 * Reclaim, only while the order's delegation lasts (a 1-hour rental that
 * ended yesterday has nothing to give back). After the click, focus is on
 * the line that says what happened: asked, or why not.
 */
function ReclaimCell({ order, now }: { order: OrderView; now: number }) {
  const reclaim = useCall(useCallback(() => reclaimOrder(order.localId), [order.localId]));
  const { ref: resultLine, focus: focusResult } = useResultFocus<HTMLDivElement>();
  const [asked, setAsked] = useState(false);
  const t = useT();
  const run = async (): Promise<void> => {
    const done = await reclaim.run();
    setAsked(done !== undefined);
    focusResult();
  };
  const offered = stillReclaimable(order, now) && !asked;
  if (!offered && !asked && !reclaim.error) return null;
  return (
    <>
      {offered && (
        <button
          type="button"
          onClick={() => void run()}
          disabled={reclaim.pending}
          aria-label={order.orderSn ? t('orderList.reclaimOf', { serial: order.orderSn }) : t('orderList.reclaimThis')}
        >
          {reclaim.pending ? t('orderList.reclaiming') : t('orders.reclaimAny')}
        </button>
      )}
      {(asked || reclaim.error) && (
        <div className="result-line small" tabIndex={-1} ref={resultLine} data-testid="result-line">
          {asked && <p className="ok">{t('orderList.reclaimAsked')}</p>}
          <ErrorMessage error={reclaim.error} />
        </div>
      )}
    </>
  );
}

/** What an order cost, and whether it was charged: a failed order's quote is not a charge the service reported. */
const cost = (o: OrderView, t: RendererT, f: Formats): string => {
  if (o.chargedSun) return f.money(o.chargedSun, 'price');
  if (!o.quotedSun) return t('orderList.notQuoted');
  const quoted = f.money(o.quotedSun, 'price');
  if (o.state === 'failed') return t('orderList.quotedNoCharge', { quoted });
  return o.state === 'outcome_unknown' ? t('orderList.quotedChargeUnknown', { quoted }) : t('orderList.quoted', { quoted });
};

/** One page of orders, newest first, under a heading per local day. */
export function OrderList({ orders }: { orders: readonly OrderView[] }) {
  const now = useNow();
  const t = useT();
  const f = useFormat();
  return (
    <table className="orders">
      <thead>
        <tr>
          <th scope="col">{t('orderList.order')}</th>
          <th scope="col">{t('orderList.address')}</th>
          <th scope="col">{t('confirm.cost')}</th>
          <th scope="col">{t('orderList.status')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('orderList.actions')}</span>
          </th>
        </tr>
      </thead>
      {groupByDay(orders).map((group) => (
        <tbody key={group.day}>
          <tr className="day-row">
            <th scope="rowgroup" colSpan={5}>
              {dayLabel(group.first, now, t, f)}
            </th>
          </tr>
          {group.items.map((order) => (
            <tr key={order.localId} data-testid="order-row">
              <td data-label={t('orderList.order')}>
                <button type="button" className="link" data-order-open={order.localId} onClick={() => selectOrder(order.localId)}>
                  {describeOrder(order, t, f)}
                </button>
                <div className="muted small">
                  <RelativeTime at={order.createdAt} now={now} />
                </div>
                {order.assistant && (
                  <div className="muted small" data-testid="order-via">
                    {viaAssistant(order, t)}
                  </div>
                )}
              </td>
              <td className="address-cell" data-label={t('orderList.address')}>
                <MiddleEllipsis text={order.address} />
              </td>
              <td data-label={t('confirm.cost')}>{cost(order, t, f)}</td>
              <td data-label={t('orderList.status')}>
                <OrderStateChip state={order.state} />
              </td>
              <td>
                <ReclaimCell order={order} now={now} />
              </td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}
