import { useId, useState } from 'react';
import { formatCount, formatMoneyExact } from '../../../../shared/format.ts';
import { Money } from '../Money.tsx';
import type { QuoteView, TopUpOption, TopUpQuoteView, WalletView } from '../../../../shared/ipc.ts';
import { usePaidOrder } from '../../hooks/use-paid-order.ts';
import { useQuote } from '../../hooks/use-quote.ts';
import { buyTopUp, quoteTopUp } from '../../state/actions.ts';
import { parseCount } from '../count-text.ts';
import { ErrorMessage } from '../ErrorMessage.tsx';
import { PaidOrderFeedback } from '../PaidOrderFeedback.tsx';
import { transfers } from './wallet-text.ts';

const MAX_TRANSFERS = 100;

const OPTION_TITLES: Record<TopUpOption, string> = { timed: 'Rent for 1 hour', fast_recover: 'Fast recover (one-time top-up)' };

function OptionCard(props: {
  option: TopUpOption;
  quote: QuoteView | null;
  error: string | null;
  cheaper: boolean;
  disabled: boolean;
  onBuy(price: QuoteView): void;
}) {
  const { option, quote, error, cheaper } = props;
  const title = OPTION_TITLES[option];
  return (
    <div className={`top-up-option${cheaper ? ' cheaper' : ''}`} data-testid="top-up-option" data-cheaper={cheaper ? 'true' : 'false'} role="group" aria-label={title}>
      <strong>{title}</strong>
      {quote ? (
        <p className="quote">
          <Money sun={quote.amountSun} context="price" /> {cheaper && <span className="badge badge-ok">cheaper</span>}
        </p>
      ) : (
        <p className="muted small">{error ?? 'Not quoted.'}</p>
      )}
      {quote && (
        <button type="button" className={cheaper ? 'primary' : undefined} disabled={props.disabled} onClick={() => props.onBuy(quote)}>
          {/* The price this buy is held to, to the SUN: a fresh quote above it is refused. */}
          {`Buy: ${title.toLowerCase()} for ${formatMoneyExact(quote.amountSun)}`}
        </button>
      )}
    </div>
  );
}

function Need({ need }: { need: TopUpQuoteView }) {
  if (need.orderEnergy === '0') return <p className="ok">Already covered: the energy on the wallet pays for {transfers(need.transfers)}. Nothing to buy.</p>;
  const raised = need.orderEnergy !== need.missingEnergy;
  return (
    <p>
      Missing <strong>{formatCount(need.missingEnergy)}</strong> energy (the wallet has {formatCount(need.availableEnergy)};{' '}
      {formatCount(need.energyPerTransfer)} a transfer).
      {raised ? ` Orders start at ${formatCount(need.orderEnergy)}, so that much is bought.` : ''}
      {need.burnSun !== null && <> Burning TRX instead would cost {formatMoneyExact(need.burnSun)}.</>}
    </p>
  );
}

/**
 * "Cover N transfers": what is missing, the 1-hour rental and the fast
 * recover side by side with the cheaper marked, and a Buy on each. Main
 * re-quotes and refuses a price above the one shown here.
 */
export function TopUpPanel({ wallet }: { wallet: WalletView }) {
  const uid = useId();
  const [text, setText] = useState(String(wallet.topUpTransfers));
  const [round, setRound] = useState(0);
  const count = parseCount(text);
  const problem = count === null || count < 1 || count > MAX_TRANSFERS ? `Enter 1 to ${MAX_TRANSFERS} transfers.` : null;
  const quote = useQuote<TopUpQuoteView>(problem || count === null ? null : `${wallet.id}|${count}|${round}`, () => quoteTopUp(wallet.id, count ?? 1));
  const buy = usePaidOrder(buyTopUp, `${wallet.id}|${count ?? ''}`);
  const need = quote.quote;
  const onBuy = (option: TopUpOption) => (price: QuoteView) => {
    if (count !== null) buy.submit({ walletId: wallet.id, transfers: count, option, maxSun: price.amountSun });
  };
  return (
    <div className="top-up" aria-label={`Top up ${wallet.label}`} role="region">
      <div className="row">
        <div className="field">
          <label htmlFor={`${uid}-transfers`}>Cover this many transfers</label>
          <input
            id={`${uid}-transfers`}
            inputMode="numeric"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${uid}-problem` : undefined}
          />
          {problem && (
            <span id={`${uid}-problem`} className="field-error">
              {problem}
            </span>
          )}
        </div>
        <button type="button" onClick={() => setRound(round + 1)} disabled={quote.pending || problem !== null}>
          Quote again
        </button>
      </div>
      {quote.pending && !need && <p className="muted">Getting quotes…</p>}
      <ErrorMessage error={quote.error} />
      {need && <Need need={need} />}
      {need && need.orderEnergy !== '0' && (
        <div className="top-up-options">
          {(['timed', 'fast_recover'] as const).map((option) => (
            <OptionCard
              key={option}
              option={option}
              quote={option === 'timed' ? need.timed : need.fastRecover}
              error={option === 'timed' ? need.timedError : need.fastRecoverError}
              cheaper={need.cheaper === option}
              disabled={buy.pending || buy.locked}
              onBuy={onBuy(option)}
            />
          ))}
        </div>
      )}
      <PaidOrderFeedback order={buy} />
    </div>
  );
}
