import { useCallback, useState } from 'react';
import type { IpcError, IpcResult } from '../../../shared/ipc.ts';

/**
 * Runs one bridge call at a time and keeps its error for display, so every
 * form shows failures in words instead of failing silently.
 */
export function useCall<A extends unknown[], T>(call: (...args: A) => Promise<IpcResult<T>>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  /** The whole result, for callers that act on the kind of error. */
  const runResult = useCallback(
    async (...args: A): Promise<IpcResult<T>> => {
      setPending(true);
      setError(null);
      try {
        const result = await call(...args);
        if (!result.ok) setError(result.error);
        return result;
      } finally {
        setPending(false);
      }
    },
    [call],
  );
  /** The value, or undefined after an error (which is then shown). */
  const run = useCallback(async (...args: A): Promise<T | undefined> => {
    const result = await runResult(...args);
    return result.ok ? result.value : undefined;
  }, [runResult]);
  return { run, runResult, pending, error, clearError: () => setError(null) };
}
