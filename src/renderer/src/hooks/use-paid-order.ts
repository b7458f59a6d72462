import { useState } from 'react';
import type { IpcResult, OrderView } from '../../../shared/ipc.ts';
import { useCall } from './use-call.ts';
import { useUnknownOutcomeLock } from './use-unknown-outcome-lock.ts';

/**
 * One paid call from a form: runs it once at a time, keeps the placed order
 * (or the error) for display, and locks the form's current values after an
 * unknown outcome (see useUnknownOutcomeLock). `formKey` describes the values;
 * `onPlaced` runs once the order is placed (the form resets there). From the
 * moment it is sent, focus is on the form's result line (PaidOrderFeedback):
 * "waiting for approval…", then the placed order or the refusal.
 */
export function usePaidOrder<R>(
  call: (request: R) => Promise<IpcResult<OrderView>>,
  formKey: string,
  onPlaced?: (order: OrderView) => void,
) {
  const request = useCall(call);
  const lock = useUnknownOutcomeLock(formKey);
  const [placed, setPlaced] = useState<OrderView | null>(null);
  /** Sends so far: the result line takes focus at each (PaidOrderFeedback). */
  const [sent, setSent] = useState(0);
  return {
    pending: request.pending,
    error: request.error,
    locked: lock.locked,
    placed,
    sent,
    submit(body: R): void {
      const key = formKey;
      setPlaced(null);
      setSent((n) => n + 1);
      void request.runResult(body).then((answer) => {
        setPlaced(answer.ok ? answer.value : null);
        lock.noteResult(answer.ok ? null : answer.error, key);
        if (answer.ok) onPlaced?.(answer.value);
      });
    },
  };
}
