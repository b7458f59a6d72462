import { useCallback, useState } from 'react';
import { formatCount } from '../../../shared/format.ts';
import type { IpcResult, OrderView, QuoteView, ResourceType } from '../../../shared/ipc.ts';
import { cleanAddress, MIN_COUNT, OFFERED_PERIODS, periodFor } from '../../../shared/order-rules.ts';
import { useQuote } from '../hooks/use-quote.ts';
import { usePaidOrder } from '../hooks/use-paid-order.ts';
import { activateAddress, buyFastRecover, buyTimed, quoteFastRecover, quoteTimed, selectOrder } from '../state/actions.ts';
import { AddressField } from './AddressField.tsx';
import { parseCount } from './count-text.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { QuoteLine } from './QuoteLine.tsx';
import { ResourceField } from './ResourceField.tsx';

function OrderPlaced({ order }: { order: OrderView }) {
  return (
    <p className="ok" role="status">
      Order placed{order.orderSn ? ` (${order.orderSn})` : order.orderId !== null ? ` (#${order.orderId})` : ''}.{' '}
      <button type="button" className="link" onClick={() => selectOrder(order.localId)}>
        Follow it in Orders
      </button>
    </p>
  );
}

/** What happened to the form's paid call: the lock hint after an unknown outcome, the error, or the placed order. */
function PaidOrderFeedback({ order }: { order: ReturnType<typeof usePaidOrder> }) {
  return (
    <>
      {order.locked && (
        <p className="warn" role="status">
          The last order's outcome is unknown. Check Orders (and the service console) before buying the same again; change a value to unlock.
        </p>
      )}
      <ErrorMessage error={order.error} />
      {order.placed && <OrderPlaced order={order.placed} />}
    </>
  );
}

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
  const [resource, setResource] = useState<ResourceType>('energy');
  const [countText, setCountText] = useState('65000');
  const [period, setPeriod] = useState('1h');
  const [address, setAddress] = useState('');
  const [addressValid, setAddressValid] = useState(false);
  const count = parseCount(countText);
  const countError = config.countProblem(count, resource);
  const note = countError ?? config.hint(resource);
  const priced = { resource, count: count ?? 0, period };
  const quote = useQuote(countError ? null : config.quoteKey(priced), () => config.quote(priced));
  const buy = usePaidOrder(config.buy, `${resource}|${countText}|${form === 'timed' ? period : ''}|${cleanAddress(address)}`);
  const onValidity = useCallback((v: boolean) => setAddressValid(v), []);
  const id = (name: string): string => `${form}-${name}`;
  return (
    <form
      className="card form"
      aria-labelledby={id('title')}
      onSubmit={(e) => {
        e.preventDefault();
        if (count === null || countError || !addressValid) return;
        buy.submit({ resource, address: cleanAddress(address), count, period });
      }}
    >
      <h2 id={id('title')}>{config.title}</h2>
      <div className="row">
        <ResourceField
          id={id('type')}
          value={resource}
          onChange={(next) => {
            setResource(next);
            setPeriod(periodFor(next, period));
          }}
        />
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
        {form === 'timed' && (
          <div className="field">
            <label htmlFor={id('period')}>Period</label>
            <select id={id('period')} value={period} onChange={(e) => setPeriod(e.target.value)}>
              {OFFERED_PERIODS[resource].map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <AddressField value={address} onChange={setAddress} onValidity={onValidity} />
      <QuoteLine quote={quote.quote} error={quote.error} pending={quote.pending} />
      <button type="submit" className="primary" disabled={buy.pending || buy.locked || !!countError || !addressValid || !quote.quote}>
        {buy.pending ? 'Placing order…' : config.submit}
      </button>
      <PaidOrderFeedback order={buy} />
    </form>
  );
}

export const TimedBuyForm = () => <ResourceOrderForm form="timed" />;
export const FastRecoverForm = () => <ResourceOrderForm form="fast" />;

export function ActivateForm() {
  const [address, setAddress] = useState('');
  const [addressValid, setAddressValid] = useState(false);
  const activate = usePaidOrder(activateAddress, cleanAddress(address));
  const onValidity = useCallback((v: boolean) => setAddressValid(v), []);
  return (
    <form
      className="card form"
      aria-labelledby="activate-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (addressValid) activate.submit(cleanAddress(address));
      }}
    >
      <h2 id="activate-title">Activate an address</h2>
      <p className="muted">A new address must be activated before it can receive resources. The fee is deducted from your TRX balance.</p>
      <AddressField value={address} onChange={setAddress} onValidity={onValidity} label="Address to activate" />
      <button type="submit" disabled={activate.pending || activate.locked || !addressValid}>
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
