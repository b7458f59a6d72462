import { useId, useRef, useState } from 'react';
import { notCheaperThanBurning } from '../../../../shared/burn-cost.ts';
import type { KeyOf } from '../../../../shared/i18n/catalogue.ts';
import { useFormat, useT, useWords } from '../../i18n.ts';
import type { Message } from '../../../../shared/i18n/message.ts';
import { RichText } from '../RichText.tsx';
import { Money } from '../Money.tsx';
import type { QuoteView, TopUpOption, TopUpQuoteView, WalletView } from '../../../../shared/ipc.ts';
import { useQuote } from '../../hooks/use-quote.ts';
import { quoteTopUp } from '../../state/actions.ts';
import { parseCount } from '../count-text.ts';
import { ErrorMessage } from '../ErrorMessage.tsx';
import { PaidOrderFeedback } from '../PaidOrderFeedback.tsx';
import { arrivalOrder, useTopUp } from './use-top-up.tsx';
import { transfers } from './wallet-text.ts';

const MAX_TRANSFERS = 100;

const OPTION_TITLES: Record<TopUpOption, KeyOf<'renderer'>> = { timed: 'topUp.timed', fast_recover: 'topUp.fast' };
/** The buy button names the option in the sentence's own grammar. */
const OPTION_BUYS: Record<TopUpOption, KeyOf<'renderer'>> = { timed: 'topUp.buyTimed', fast_recover: 'topUp.buyFast' };

function OptionCard(props: {
  option: TopUpOption;
  quote: QuoteView | null;
  error: Message | null;
  cheaper: boolean;
  disabled: boolean;
  /** The address and the reading the figure comes from (for the UX check's stale-offer count). */
  offer: { address: string; basisAt: number | null };
  onBuy(price: QuoteView, button: HTMLButtonElement): void;
}) {
  const { option, quote, error, cheaper } = props;
  const t = useT();
  const words = useWords();
  const f = useFormat();
  const title = t(OPTION_TITLES[option]);
  const burnSun = quote?.burnSun ?? null;
  const notCheaper = quote !== null && burnSun !== null && notCheaperThanBurning(BigInt(quote.amountSun), BigInt(burnSun));
  return (
    <div
      className={`top-up-option${cheaper ? ' cheaper' : ''}`}
      data-testid="top-up-option"
      data-cheaper={cheaper ? 'true' : 'false'}
      role="group"
      aria-label={title}
    >
      <strong>{title}</strong>
      {quote ? (
        <p className="quote">
          <Money sun={quote.amountSun} context="price" /> {cheaper && <span className="badge badge-ok">{t('topUp.cheaper')}</span>}
        </p>
      ) : (
        <p className="muted small">{error ? words(error) : t('topUp.notQuoted')}</p>
      )}
      {notCheaper && burnSun !== null && (
        <p className="warn small" role="alert">
          {t('topUp.notCheaper', { burn: f.trx(burnSun) })}
        </p>
      )}
      {quote && (
        <button
          type="button"
          className={cheaper ? 'primary' : undefined}
          disabled={props.disabled}
          data-offer-address={props.offer.address}
          data-offer-basis={props.offer.basisAt ?? undefined}
          data-money={quote.amountSun}
          title={f.exact(quote.amountSun)}
          onClick={(e) => props.onBuy(quote, e.currentTarget)}
        >
          {/* The price this buy is held to (the exact figure is its hover): a fresh quote above it is refused. */}
          {t(OPTION_BUYS[option], { cost: f.trx(quote.amountSun) })}
        </button>
      )}
    </div>
  );
}

function Need({ need }: { need: TopUpQuoteView }) {
  const t = useT();
  const f = useFormat();
  if (need.orderEnergy === '0') return <p className="ok">{t('topUp.covered', { transfers: transfers(need.transfers, t, f) })}</p>;
  const raised = need.orderEnergy !== need.missingEnergy;
  return (
    <p>
      <RichText
        k="topUp.missing"
        values={{ missing: f.count(need.missingEnergy), has: f.count(need.availableEnergy), per: f.count(need.energyPerTransfer) }}
      />
      {raised ? t('topUp.raised', { order: f.count(need.orderEnergy) }) : ''}
      {need.burnSun !== null && t('topUp.burn', { cost: f.trx(need.burnSun) })}
    </p>
  );
}

/**
 * "Cover N transfers": what is missing, the 1-hour rental and the fast
 * recover side by side with the cheaper marked, and a Buy on each, which
 * opens the confirmation, then main's approval. Main re-quotes and refuses a
 * price above the one shown here. While energy bought for the wallet is
 * arriving there is no Buy: the panel waits for the reading and quotes again.
 */
export function TopUpPanel({ wallet }: { wallet: WalletView }) {
  const uid = useId();
  const t = useT();
  const [text, setText] = useState(String(wallet.topUpTransfers));
  const [round, setRound] = useState(0);
  const count = parseCount(text);
  const problem = count === null || count < 1 || count > MAX_TRANSFERS ? t('topUp.range', { max: MAX_TRANSFERS }) : null;
  // A finished order for the address, and the first reading since, each bring a fresh quote: nothing stale stays live.
  const arrival = wallet.arrival;
  const arrivalKey = arrival ? `${arrival.localId}|${arrival.waiting ? 'waiting' : 'read'}` : '';
  const quote = useQuote<TopUpQuoteView>(
    problem || count === null || arrival?.waiting ? null : `${wallet.id}|${count}|${round}|${arrivalKey}`,
    () => quoteTopUp(wallet.id, count ?? 1),
  );
  const opener = useRef<HTMLButtonElement | null>(null);
  const topUp = useTopUp(wallet, String(count ?? ''), () => opener.current?.focus());
  const buy = topUp.buy;
  const need = arrival?.waiting ? null : quote.quote;
  // A quote from a reading older than the last finished order would buy that order's energy again.
  const current = need !== null && (arrival === null || (need.basisAt !== null && need.basisAt >= arrival.finishedAt));
  const onBuy = (option: TopUpOption) => (price: QuoteView, button: HTMLButtonElement) => {
    if (count === null || !need) return;
    opener.current = button;
    topUp.ask({ transfers: count, option, orderEnergy: need.orderEnergy, costSun: price.amountSun, burnSun: price.burnSun });
  };
  return (
    <div className="top-up" aria-label={t('topUp.label', { label: wallet.label })} role="region">
      <div className="row">
        <div className="field">
          <label htmlFor={`${uid}-transfers`}>{t('topUp.cover')}</label>
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
          {t('topUp.quoteAgain')}
        </button>
      </div>
      {arrival?.waiting && (
        <p className="muted" role="status" data-testid="energy-arriving">
          {t('topUp.arriving', { order: arrivalOrder(arrival) })}
        </p>
      )}
      {quote.pending && !need && !arrival?.waiting && <p className="muted">{t('topUp.getting')}</p>}
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
              disabled={buy.pending || buy.locked || topUp.confirming || !current}
              offer={{ address: wallet.address, basisAt: need.basisAt }}
              onBuy={onBuy(option)}
            />
          ))}
        </div>
      )}
      {topUp.confirmation}
      <PaidOrderFeedback order={buy} />
    </div>
  );
}
