import { useEffect } from 'react';
import { useT } from '../i18n.ts';
import { dismissToast, selectOrder } from '../state/actions.ts';
import { useAppStore, type Toast } from '../state/app-store.ts';

const TOAST_MS = 10_000;

function ToastItem({ toast, showOrder }: { toast: Toast; showOrder: boolean }) {
  const t = useT();
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id]);
  return (
    <li className={`toast toast-${toast.level}`} data-testid="toast">
      <span>{toast.message}</span>
      {showOrder && toast.localId && (
        <button type="button" className="link" onClick={() => selectOrder(toast.localId)}>
          {t('toasts.show')}
        </button>
      )}
      <button type="button" className="link" onClick={() => dismissToast(toast.id)} aria-label={t('common.dismiss')}>
        ×
      </button>
    </li>
  );
}

/** Order outcomes as in-app toasts, in a polite live region: they never take focus away. */
export function Toasts({ showOrder = true }: { showOrder?: boolean }) {
  const toasts = useAppStore((s) => s.toasts);
  const t = useT();
  return (
    <ul className="toasts" aria-live="polite" aria-label={t('toasts.label')}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} showOrder={showOrder} />
      ))}
    </ul>
  );
}
