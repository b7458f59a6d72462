import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n.ts';
import { dismissToast, selectOrder } from '../state/actions.ts';
import { useAppStore, type Toast } from '../state/app-store.ts';

/** How long a toast that needs nothing from the person stays (while it is not hovered or focused). */
export const INFO_TOAST_MS = 6_000;

/** A success goes by itself; a failure, a stall or an unknown outcome stays until dismissed. */
export const staysUntilDismissed = (toast: Pick<Toast, 'level'>): boolean => toast.level !== 'ok';

/**
 * Counts down what is left of an info toast's time, and stops counting while
 * `paused`: the time a person spends reading (hovering or focusing the stack)
 * is not taken from them.
 */
function useAutoDismiss(toast: Toast, paused: boolean): void {
  const left = useRef(INFO_TOAST_MS);
  const persistent = staysUntilDismissed(toast);
  useEffect(() => {
    if (persistent || paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), left.current);
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [toast.id, persistent, paused]);
}

function ToastItem({ toast, showOrder, paused }: { toast: Toast; showOrder: boolean; paused: boolean }) {
  const t = useT();
  useAutoDismiss(toast, paused);
  return (
    <li
      className={`toast toast-${toast.level}`}
      data-testid="toast"
      data-level={toast.level}
      {...(toast.level === 'error' ? { role: 'alert' } : {})}
    >
      <span className="toast-text">{toast.message}</span>
      {showOrder && toast.localId && (
        <button type="button" className="link" onClick={() => selectOrder(toast.localId)}>
          {t('toasts.show')}
        </button>
      )}
      <button type="button" className="link toast-close" onClick={() => dismissToast(toast.id)} aria-label={t('common.dismiss')}>
        ×
      </button>
    </li>
  );
}

/**
 * Order outcomes as in-app toasts: a stack in a strip of its own under the
 * view (the layout gives it room, so it never covers a control), inside a
 * polite live region that is always in the page, so screen readers hear each
 * new one; a failure is an alert. Toasts never take focus. Hovering or
 * focusing the stack pauses every countdown in it.
 */
export function Toasts({ showOrder = true }: { showOrder?: boolean }) {
  const toasts = useAppStore((s) => s.toasts);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const ref = useRef<HTMLUListElement>(null);
  const t = useT();
  useEffect(() => {
    // A dismissed toast takes its focus (and the pointer's place) with it, without a blur or a mouseleave.
    setFocused(ref.current?.contains(document.activeElement) ?? false);
    if (toasts.length === 0) setHovered(false);
    const follow = (): void => setFocused(ref.current?.contains(document.activeElement) ?? false);
    document.addEventListener('focusin', follow);
    return () => document.removeEventListener('focusin', follow);
  }, [toasts]);
  return (
    <ul
      ref={ref}
      className="toasts"
      aria-live="polite"
      aria-label={t('toasts.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} showOrder={showOrder} paused={hovered || focused} />
      ))}
    </ul>
  );
}
