import { useEffect } from 'react';
import { dismissToast, selectOrder } from '../state/actions.ts';
import { useAppStore, type Toast } from '../state/app-store.ts';

const TOAST_MS = 10_000;

function ToastItem({ toast, showOrder }: { toast: Toast; showOrder: boolean }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id]);
  return (
    <li className={`toast toast-${toast.level}`} data-testid="toast">
      <span>{toast.message}</span>
      {showOrder && toast.localId && (
        <button type="button" className="link" onClick={() => selectOrder(toast.localId)}>
          Show
        </button>
      )}
      <button type="button" className="link" onClick={() => dismissToast(toast.id)} aria-label="Dismiss">
        ×
      </button>
    </li>
  );
}

/** Order outcomes as in-app toasts, in a polite live region: they never take focus away. */
export function Toasts({ showOrder = true }: { showOrder?: boolean }) {
  const toasts = useAppStore((s) => s.toasts);
  return (
    <ul className="toasts" aria-live="polite" aria-label="Order outcomes">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} showOrder={showOrder} />
      ))}
    </ul>
  );
}
