import { Money } from './Money.tsx';
import type { IpcError, QuoteView } from '../../../shared/ipc.ts';
import { ErrorMessage } from './ErrorMessage.tsx';

export function QuoteLine({ quote, error, pending }: { quote: QuoteView | null; error: IpcError | null; pending: boolean }) {
  if (pending && !quote) return <p className="muted" aria-live="polite">Getting a quote…</p>;
  if (error) return <ErrorMessage error={error} />;
  if (!quote) return null;
  return (
    <p className="quote" aria-live="polite" data-testid="quote">
      Cost ≈ <strong><Money sun={quote.amountSun} context="price" /></strong>
      {quote.feeSun !== '0' && <> (includes a fee of <Money sun={quote.feeSun} context="price" />)</>}
      {quote.remark && <span className="muted"> — {quote.remark}</span>}
    </p>
  );
}
