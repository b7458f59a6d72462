import { useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { groupWhileTyping } from '../../../shared/count-input.ts';
import { formatCount, formatMoney } from '../../../shared/format.ts';
import { DEFAULT_LARGE_ORDER_PERCENT, DEFAULT_LARGE_ORDER_SUN, largeOrderWarning } from '../../../shared/large-order.ts';
import { findLookAlike } from '../../../shared/look-alike.ts';
import { useAppStore } from '../state/app-store.ts';
import { ConfirmOrder, type OrderToConfirm } from './ConfirmOrder.tsx';
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
    countProblem: (count, r) => (count === null ? 'Enter a whole number, e.g. 65,000 or 65k.' : count < MIN_COUNT[r] ? `At least ${formatCount(MIN_COUNT[r])}.` : null),
    hint: (r) => `Minimum ${formatCount(MIN_COUNT[r])}`,
    quoteKey: (v) => `${v.resource}|${v.count}|${v.period}`,
    quote: (v) => quoteTimed({ type: v.resource, count: v.count, period: v.period }),
    buy: (v) => buyTimed({ type: v.resource, address: v.address, count: v.count, period: v.period }),
  },
  fast: {
    title: 'One-time top-up (fast recover)',
    submit: 'Top up',
    countLabel: () => 'Amount',
    countProblem: (count) => (count === null || count < 1 ? 'Enter a whole number above zero, e.g. 65,000 or 65k.' : null),
    hint: () => null,
    quoteKey: (v) => `${v.resource}|${v.count}`,
    quote: (v) => quoteFastRecover({ resourceType: v.resource, count: v.count }),
    buy: (v) => buyFastRecover({ resourceType: v.resource, address: v.address, count: v.count }),
  },
};

const DEFAULT_COUNT = '65,000';

/** Addresses the person has used (presets, watched wallets, recent orders): what a poisoned look-alike imitates. */
function useKnownAddresses(): string[] {
  return useAppStore(
    useShallow((s) => [...new Set([...s.presets.map((p) => p.address), ...s.wallets.wallets.map((w) => w.address), ...s.recentOrders.map((o) => o.address), ...s.activeOrders.map((o) => o.address)])]),
  );
}

/** The large-order words for a cost, by the settings' rule and the balance shown. */
function useLargeOrder(): (costSun: string) => string | null {
  const { balance, settings } = useAppStore(useShallow((s) => ({ balance: s.state?.balance?.trxSun ?? null, settings: s.settings })));
  const rule = { percentOfBalance: settings?.largeOrderPercent ?? DEFAULT_LARGE_ORDER_PERCENT, overSun: settings ? BigInt(settings.largeOrderSun) : DEFAULT_LARGE_ORDER_SUN };
  return (costSun) => largeOrderWarning(BigInt(costSun), balance === null ? null : BigInt(balance), rule);
}

/** Why the submit button is disabled, in words (shown beside it). */
function disabledReason(p: { countError: string | null; addressValid: boolean; addressEmpty: boolean; quoted: boolean; locked: boolean }): string | null {
  if (p.locked) return 'Locked after an unknown outcome: change a value first.';
  if (p.countError) return 'Fix the amount first.';
  if (p.addressEmpty) return 'Enter the receiving address.';
  if (!p.addressValid) return 'Fix the address first.';
  if (!p.quoted) return 'Waiting for a price.';
  return null;
}

/** A paid order for an amount of a resource to an address: live quote, a look at what it is, then main's approval. */
function ResourceOrderForm({ form }: { form: OrderForm }) {
  const config = FORMS[form];
  const { resource, period, setPeriod, changeResource } = useResourcePeriod();
  const [countText, setCountText] = useState(DEFAULT_COUNT);
  const address = useAddressInput();
  const [confirming, setConfirming] = useState<OrderToConfirm | null>(null);
  const known = useKnownAddresses();
  const largeOrder = useLargeOrder();
  const submitRef = useRef<HTMLButtonElement>(null);
  const count = parseCount(countText);
  const countError = config.countProblem(count, resource);
  const note = countError ?? config.hint(resource);
  // "65k" or "65 000": say what it means.
  const means = count !== null && !countError && countText.trim() !== formatCount(count) ? `= ${formatCount(count)}` : null;
  const priced = { resource, count: count ?? 0, period };
  const quote = useQuote(countError ? null : config.quoteKey(priced), () => config.quote(priced));
  const buy = usePaidOrder(config.buy, `${resource}|${count ?? countText}|${form === 'timed' ? period : ''}|${address.clean}`, () => {
    // Placed: the form starts over, so the next order is not this one again by accident.
    setCountText(DEFAULT_COUNT);
    address.field.onChange('');
  });
  const reason = disabledReason({ countError, addressValid: address.valid, addressEmpty: address.clean === '', quoted: !!quote.quote, locked: buy.locked });
  const id = (name: string): string => `${form}-${name}`;
  const cancel = (): void => {
    setConfirming(null);
    requestAnimationFrame(() => submitRef.current?.focus());
  };
  return (
    <form
      className="card form"
      aria-labelledby={id('title')}
      onSubmit={onSubmitted(() => {
        if (count === null || countError || !address.valid || !quote.quote) return;
        setConfirming({
          title: config.title,
          resource,
          count,
          period: form === 'timed' ? period : null,
          address: address.clean,
          costSun: quote.quote.amountSun,
          largeOrder: largeOrder(quote.quote.amountSun),
          lookAlike: findLookAlike(address.clean, known),
        });
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
            onChange={(e) => {
              const atEnd = e.target.selectionStart === e.target.value.length;
              setCountText(atEnd ? groupWhileTyping(e.target.value) : e.target.value);
            }}
            aria-invalid={countError ? true : undefined}
            aria-describedby={(note ?? means) ? id('count-hint') : undefined}
          />
          {(note ?? means) && (
            <span id={id('count-hint')} className={countError ? 'field-error' : 'hint'}>
              {[note, means].filter(Boolean).join(' · ')}
            </span>
          )}
        </div>
        {form === 'timed' && <PeriodField id={id('period')} resource={resource} value={period} onChange={setPeriod} />}
      </div>
      <AddressField {...address.field} />
      <QuoteLine quote={quote.quote} error={quote.error} pending={quote.pending} />
      <div className="row submit-row">
        <button type="submit" ref={submitRef} className="primary" disabled={buy.pending || reason !== null || confirming !== null} aria-describedby={reason ? id('why') : undefined}>
          {buy.pending ? 'Placing order…' : config.submit}
        </button>
        {reason && !buy.pending && (
          <span id={id('why')} className="hint">
            {reason}
          </span>
        )}
      </div>
      {confirming && (
        <ConfirmOrder
          order={confirming}
          confirmLabel={`${config.submit} for ${formatMoney(confirming.costSun, 'price')}`}
          onCancel={cancel}
          onConfirm={() => {
            const order = confirming;
            setConfirming(null);
            buy.submit({ resource: order.resource, address: order.address, count: order.count, period: order.period ?? period });
            requestAnimationFrame(() => submitRef.current?.focus());
          }}
        />
      )}
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
