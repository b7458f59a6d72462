import { useLayoutEffect, useRef } from 'react';
import type { OrderView } from '../../../shared/ipc.ts';
import type { usePaidOrder } from '../hooks/use-paid-order.ts';
import { selectOrder } from '../state/actions.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { useT } from '../i18n.ts';

function OrderPlaced({ order }: { order: OrderView }) {
  const t = useT();
  const placed = order.orderSn
    ? t('paid.placedSerial', { serial: order.orderSn })
    : order.orderId !== null
      ? t('paid.placedId', { id: order.orderId })
      : t('paid.placed');
  return (
    <p className="ok" role="status">
      {placed}{' '}
      <button type="button" className="link" onClick={() => selectOrder(order.localId)}>
        {t('paid.follow')}
      </button>
    </p>
  );
}

/**
 * What happened to the form's paid call, on one result line that has focus
 * from the moment the order is sent: waiting (main's approval, then the
 * service), then the placed order or the error; and the lock hint after an
 * unknown outcome.
 */
export function PaidOrderFeedback({ order }: { order: ReturnType<typeof usePaidOrder> }) {
  const t = useT();
  const line = useRef<HTMLDivElement>(null);
  const { sent } = order;
  // A layout effect: focus is here before the focus net (use-focus-rescue.ts) could move it elsewhere.
  useLayoutEffect(() => {
    if (sent > 0) line.current?.focus();
  }, [sent]);
  const shown = sent > 0 || order.locked || order.error !== null || order.placed !== null;
  if (!shown) return null;
  return (
    <div className="result-line" tabIndex={-1} ref={line} data-testid="result-line">
      {order.pending && (
        <p className="muted" role="status">
          {t('paid.waiting')}
        </p>
      )}
      {order.locked && (
        <p className="warn" role="status">
          {t('paid.lockedHint')}
        </p>
      )}
      <ErrorMessage error={order.error} />
      {order.placed && <OrderPlaced order={order.placed} />}
    </div>
  );
}
