import { useState } from 'react';
import type { IpcResult, OrderView } from '../../../shared/ipc.ts';
import { useCall } from './use-call.ts';
import { useUnknownOutcomeLock } from './use-unknown-outcome-lock.ts';

/**
 * One paid call from a form: runs it once at a time, keeps the placed order
 * (or the error) for display, and locks the form's current values after an
 * unknown outcome (see useUnknownOutcomeLock). `formKey` describes the values;
 * `onPlaced` runs once the order is placed (the form resets there).
 */
export function usePaidOrder<R>(call: (request: R) => Promise<IpcResult<OrderView>>, formKey: string, onPlaced?: (order: OrderView) => void) {
  const request = useCall(call);
  const lock = useUnknownOutcomeLock(formKey);
  const [placed, setPlaced] = useState<OrderView | null>(null);
  return {
    pending: request.pending,
    error: request.error,
    locked: lock.locked,
    placed,
    submit(body: R): void {
      const key = formKey;
      void request.runResult(body).then((result) => {
        setPlaced(result.ok ? result.value : null);
        lock.noteResult(result.ok ? null : result.error, key);
        if (result.ok) onPlaced?.(result.value);
      });
    },
  };
}
