import { useEffect, useState } from 'react';
import type { IpcError, IpcResult, QuoteView } from '../../../shared/ipc.ts';
import { useDebounced } from './use-debounced.ts';

interface Answer<T> {
  key: string;
  quote: T | null;
  error: IpcError | null;
}

/**
 * A live quote for the form's current values (described by `key`), debounced
 * so typing a count does not fire a request per keystroke. Answers are kept
 * with the key they belong to, so a stale answer is never shown for new values.
 */
export function useQuote<T = QuoteView>(key: string | null, fetchQuote: () => Promise<IpcResult<T>>) {
  const settledKey = useDebounced(key, 350);
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  useEffect(() => {
    if (settledKey === null) return;
    let live = true;
    void fetchQuote().then((result) => {
      if (!live) return;
      setAnswer(result.ok ? { key: settledKey, quote: result.value, error: null } : { key: settledKey, quote: null, error: result.error });
    });
    return () => {
      live = false;
    };
    // fetchQuote is rebuilt each render; settledKey captures its inputs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledKey]);
  const current = key !== null && answer?.key === key ? answer : null;
  return { quote: current?.quote ?? null, error: current?.error ?? null, pending: key !== null && current === null };
}
