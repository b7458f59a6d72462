import type { OrderView } from '../../../shared/ipc.ts';
import type { usePaidOrder } from '../hooks/use-paid-order.ts';
import { selectOrder } from '../state/actions.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { useT } from '../i18n.ts';

function OrderPlaced({ order }: { order: OrderView }) {
  const t = useT();
  const placed = order.orderSn ? t('paid.placedSerial', { serial: order.orderSn }) : order.orderId !== null ? t('paid.placedId', { id: order.orderId }) : t('paid.placed');
  return (
    <p className="ok" role="status">
      {placed}{' '}
      <button type="button" className="link" onClick={() => selectOrder(order.localId)}>
        {t('paid.follow')}
      </button>
    </p>
  );
}

/** What happened to the form's paid call: the lock hint after an unknown outcome, the error, or the placed order. */
export function PaidOrderFeedback({ order }: { order: ReturnType<typeof usePaidOrder> }) {
  const t = useT();
  return (
    <>
      {order.locked && (
        <p className="warn" role="status">
          {t('paid.lockedHint')}
        </p>
      )}
      <ErrorMessage error={order.error} />
      {order.placed && <OrderPlaced order={order.placed} />}
    </>
  );
}

