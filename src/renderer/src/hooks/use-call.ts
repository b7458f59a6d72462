import { useCallback, useState } from 'react';
import type { IpcError, IpcResult } from '../../../shared/ipc.ts';

/**
 * Runs one bridge call at a time and keeps its error for display, so every
 * form shows failures in words instead of failing silently.
 */
export function useCall<A extends unknown[], T>(call: (...args: A) => Promise<IpcResult<T>>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const run = useCallback(
    async (...args: A): Promise<T | undefined> => {
      setPending(true);
      setError(null);
      try {
        const result = await call(...args);
        if (result.ok) return result.value;
        setError(result.error);
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [call],
  );
  return { run, pending, error, clearError: () => setError(null) };
}
