import { useState } from 'react';
import { formatCount } from '../../../shared/format.ts';
import type { IpcResult, OrderView, QuoteView, ResourceType } from '../../../shared/ipc.ts';
import { MIN_COUNT } from '../../../shared/order-rules.ts';
import { onSubmitted, useAddressInput, useResourcePeriod } from '../hooks/use-order-inputs.ts';
import { useQuote } from '../hooks/use-quote.ts';
import { usePaidOrder } from '../hooks/use-paid-order.ts';
import { activateAddress, buyFastRecover, buyTimed, quoteFastRecover, quoteTimed } from '../state/actions.ts';
import { AddressField } from './AddressField.tsx';
import { parseCount } from './count-text.ts';
import { PaidOrderFeedback } from './PaidOrderFeedback.tsx';
import { QuoteLine } from './QuoteLine.tsx';
import { PeriodField, ResourceField } from './ResourceField.tsx';

type OrderForm = 'timed' | 'fast';

interface FormValues {
  resource: ResourceType;
  count: number;
  period: string;
  address: string;
}

/** What differs between renting for a period and a one-time top-up; the rest of the form is the same. */
const FORMS: Record<OrderForm, {
  title: string;
  submit: string;
  countLabel(resource: ResourceType): string;
  countProblem(count: number | null, resource: ResourceType): string | null;
  /** Shown under the count while it is fine. */
  hint(resource: ResourceType): string | null;
  /** Everything the quote depends on. */
  quoteKey(v: Omit<FormValues, 'address'>): string;
  quote(v: Omit<FormValues, 'address'>): Promise<IpcResult<QuoteView>>;
  buy(v: FormValues): Promise<IpcResult<OrderView>>;
}> = {
  timed: {
    title: 'Rent energy or bandwidth',
    submit: 'Buy',
    countLabel: (r) => (r === 'energy' ? 'Energy' : 'Bandwidth (bytes)'),
    countProblem: (count, r) => (count === null ? 'Enter a whole number.' : count < MIN_COUNT[r] ? `At least ${formatCount(MIN_COUNT[r])}.` : null),
    hint: (r) => `Minimum ${formatCount(MIN_COUNT[r])}`,
    quoteKey: (v) => `${v.resource}|${v.count}|${v.period}`,
    quote: (v) => quoteTimed({ type: v.resource, count: v.count, period: v.period }),
    buy: (v) => buyTimed({ type: v.resource, address: v.address, count: v.count, period: v.period }),
  },
  fast: {
    title: 'One-time top-up (fast recover)',
    submit: 'Top up',
    countLabel: () => 'Amount',
    countProblem: (count) => (count === null || count < 1 ? 'Enter a whole number above zero.' : null),
    hint: () => null,
    quoteKey: (v) => `${v.resource}|${v.count}`,
    quote: (v) => quoteFastRecover({ resourceType: v.resource, count: v.count }),
    buy: (v) => buyFastRecover({ resourceType: v.resource, address: v.address, count: v.count }),
  },
};

/** A paid order for an amount of a resource to an address: live quote, one click, feedback. */
function ResourceOrderForm({ form }: { form: OrderForm }) {
  const config = FORMS[form];
  const { resource, period, setPeriod, changeResource } = useResourcePeriod();
  const [countText, setCountText] = useState('65000');
  const address = useAddressInput();
  const count = parseCount(countText);
  const countError = config.countProblem(count, resource);
  const note = countError ?? config.hint(resource);
  const priced = { resource, count: count ?? 0, period };
  const quote = useQuote(countError ? null : config.quoteKey(priced), () => config.quote(priced));
  const buy = usePaidOrder(config.buy, `${resource}|${countText}|${form === 'timed' ? period : ''}|${address.clean}`);
  const id = (name: string): string => `${form}-${name}`;
  return (
    <form
      className="card form"
      aria-labelledby={id('title')}
      onSubmit={onSubmitted(() => {
        if (count !== null && !countError && address.valid) buy.submit({ resource, address: address.clean, count, period });
      })}
    >
      <h2 id={id('title')}>{config.title}</h2>
      <div className="row">
        <ResourceField id={id('type')} value={resource} onChange={changeResource} />
        <div className="field">
          <label htmlFor={id('count')}>{config.countLabel(resource)}</label>
          <input
            id={id('count')}
            inputMode="numeric"
            value={countText}
            onChange={(e) => setCountText(e.target.value)}
            aria-invalid={countError ? true : undefined}
            aria-describedby={note ? id('count-hint') : undefined}
          />
          {note && (
            <span id={id('count-hint')} className={countError ? 'field-error' : 'hint'}>
              {note}
            </span>
          )}
        </div>
        {form === 'timed' && <PeriodField id={id('period')} resource={resource} value={period} onChange={setPeriod} />}
      </div>
      <AddressField {...address.field} />
      <QuoteLine quote={quote.quote} error={quote.error} pending={quote.pending} />
      <button type="submit" className="primary" disabled={buy.pending || buy.locked || !!countError || !address.valid || !quote.quote}>
        {buy.pending ? 'Placing order…' : config.submit}
      </button>
      <PaidOrderFeedback order={buy} />
    </form>
  );
}

export const TimedBuyForm = () => <ResourceOrderForm form="timed" />;
export const FastRecoverForm = () => <ResourceOrderForm form="fast" />;

export function ActivateForm() {
  const address = useAddressInput();
  const activate = usePaidOrder(activateAddress, address.clean);
  return (
    <form className="card form" aria-labelledby="activate-title" onSubmit={onSubmitted(() => address.valid && activate.submit(address.clean))}>
      <h2 id="activate-title">Activate an address</h2>
      <p className="muted">A new address must be activated before it can receive resources. The fee is deducted from your TRX balance.</p>
      <AddressField {...address.field} label="Address to activate" />
      <button type="submit" disabled={activate.pending || activate.locked || !address.valid}>
        {activate.pending ? 'Activating…' : 'Activate'}
      </button>
      <PaidOrderFeedback order={activate} />
    </form>
  );
}

export function BuyPanel() {
  return (
    <div className="stack">
      <TimedBuyForm />
      <FastRecoverForm />
      <ActivateForm />
    </div>
  );
}
