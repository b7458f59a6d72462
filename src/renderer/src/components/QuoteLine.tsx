import type { IpcError, QuoteView } from '../../../shared/ipc.ts';
import { useFormat, useT } from '../i18n.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { RichText } from './RichText.tsx';

export function QuoteLine({ quote, error, pending }: { quote: QuoteView | null; error: IpcError | null; pending: boolean }) {
  const t = useT();
  const f = useFormat();
  if (pending && !quote) return <p className="muted" aria-live="polite">{t('quote.getting')}</p>;
  if (error) return <ErrorMessage error={error} />;
  if (!quote) return null;
  return (
    <p className="quote" aria-live="polite" data-testid="quote">
      <RichText k="quote.cost" values={{ cost: f.money(quote.amountSun, 'price') }} />
      {quote.feeSun !== '0' && t('quote.fee', { fee: f.money(quote.feeSun, 'price') })}
      {quote.remark && <span className="muted">{t('quote.remark', { remark: quote.remark })}</span>}
    </p>
  );
}
