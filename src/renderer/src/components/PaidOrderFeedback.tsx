import type { OrderView } from '../../../shared/ipc.ts';
import type { usePaidOrder } from '../hooks/use-paid-order.ts';
import { selectOrder } from '../state/actions.ts';
import { ErrorMessage } from './ErrorMessage.tsx';

function OrderPlaced({ order }: { order: OrderView }) {
  return (
    <p className="ok" role="status">
      Order placed{order.orderSn ? ` (${order.orderSn})` : order.orderId !== null ? ` (#${order.orderId})` : ''}.{' '}
      <button type="button" className="link" onClick={() => selectOrder(order.localId)}>
        Follow it in Orders
      </button>
    </p>
  );
}

/** What happened to the form's paid call: the lock hint after an unknown outcome, the error, or the placed order. */
export function PaidOrderFeedback({ order }: { order: ReturnType<typeof usePaidOrder> }) {
  return (
    <>
      {order.locked && (
        <p className="warn" role="status">
          The last order's outcome is unknown. Check Orders (and the service console) before buying the same again; change a value to unlock.
        </p>
      )}
      <ErrorMessage error={order.error} />
      {order.placed && <OrderPlaced order={order.placed} />}
    </>
  );
}

