import { useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { groupWhileTyping } from '../../../shared/count-input.ts';
import { formatCount } from '../../../shared/format.ts';
import type { KeyOf } from '../../../shared/i18n/catalogue.ts';
import { useFormat, useT, type Formats, type RendererT } from '../i18n.ts';
import { findLookAlike } from '../../../shared/look-alike.ts';
import { useAppStore } from '../state/app-store.ts';
import { ConfirmOrder, type OrderToConfirm } from './ConfirmOrder.tsx';
import type { IpcResult, OrderView, QuoteView, ResourceType } from '../../../shared/ipc.ts';
import { MIN_COUNT } from '../../../shared/order-rules.ts';
import { onSubmitted, useAddressInput, useResourcePeriod } from '../hooks/use-order-inputs.ts';
import { useQuote } from '../hooks/use-quote.ts';
import { useLargeOrder } from '../hooks/use-large-order.ts';
import { useArrivalNote } from './wallets/use-top-up.tsx';
import { usePaidOrder } from '../hooks/use-paid-order.ts';
import { activateAddress, buyFastRecover, buyTimed, quoteFastRecover, quoteTimed } from '../state/actions.ts';
import { AddressField } from './AddressField.tsx';
import { parseCount } from './count-text.ts';
import { PaidOrderFeedback } from './PaidOrderFeedback.tsx';
import { QuoteLine } from './QuoteLine.tsx';
import { findSeries, PriceSparkline, usePriceHistory } from './charts/PriceSparkline.tsx';
import { PeriodField, ResourceField } from './ResourceField.tsx';

type OrderForm = 'timed' | 'fast';

interface FormValues {
  resource: ResourceType;
  count: number;
  period: string;
  address: string;
}

/** What differs between renting for a period and a one-time top-up; the rest of the form is the same. */
const FORMS: Record<
  OrderForm,
  {
    title: KeyOf<'renderer'>;
    submit: KeyOf<'renderer'>;
    countLabel(resource: ResourceType, t: RendererT): string;
    countProblem(count: number | null, resource: ResourceType, t: RendererT, f: Formats): string | null;
    /** Shown under the count while it is fine. */
    hint(resource: ResourceType, t: RendererT, f: Formats): string | null;
    /** Everything the quote depends on. */
    quoteKey(v: Omit<FormValues, 'address'>): string;
    quote(v: Omit<FormValues, 'address'>): Promise<IpcResult<QuoteView>>;
    buy(v: FormValues): Promise<IpcResult<OrderView>>;
  }
> = {
  timed: {
    title: 'buy.timedTitle',
    submit: 'buy.buy',
    countLabel: (r, t) => (r === 'energy' ? t('buy.energy') : t('buy.bandwidthBytes')),
    countProblem: (count, r, t, f) =>
      count === null ? t('buy.wholeNumber') : count < MIN_COUNT[r] ? t('buy.atLeast', { min: f.count(MIN_COUNT[r]) }) : null,
    hint: (r, t, f) => t('buy.minimum', { min: f.count(MIN_COUNT[r]) }),
    quoteKey: (v) => `${v.resource}|${v.count}|${v.period}`,
    quote: (v) => quoteTimed({ type: v.resource, count: v.count, period: v.period }),
    buy: (v) => buyTimed({ type: v.resource, address: v.address, count: v.count, period: v.period }),
  },
  fast: {
    title: 'buy.fastTitle',
    submit: 'buy.topUp',
    countLabel: (_r, t) => t('buy.amount'),
    countProblem: (count, _r, t) => (count === null || count < 1 ? t('buy.aboveZero') : null),
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
    useShallow((s) => [
      ...new Set([
        ...s.presets.map((p) => p.address),
        ...s.wallets.wallets.map((w) => w.address),
        ...s.recentOrders.map((o) => o.address),
        ...s.activeOrders.map((o) => o.address),
      ]),
    ]),
  );
}

/** Why the submit button is disabled, in words (shown beside it). */
function disabledReason(
  p: { countError: string | null; addressValid: boolean; addressEmpty: boolean; quoted: boolean; locked: boolean },
  t: RendererT,
): string | null {
  if (p.locked) return t('buy.locked');
  if (p.countError) return t('buy.fixAmount');
  if (p.addressEmpty) return t('buy.enterAddress');
  if (!p.addressValid) return t('buy.fixAddress');
  if (!p.quoted) return t('buy.waitingPrice');
  return null;
}

/** How the price of what the form buys moved over the week, from the quotes the app made (a new quote asks again). */
function FormPriceTrend({
  form,
  resource,
  period,
  refreshKey,
}: {
  form: OrderForm;
  resource: ResourceType;
  period: string;
  refreshKey: string | null;
}) {
  const history = usePriceHistory(refreshKey);
  const series = findSeries(history, {
    kind: form === 'timed' ? 'timed' : 'fast_recover',
    resource,
    period: form === 'timed' ? period : null,
  });
  return series ? <PriceSparkline series={series} /> : null;
}

/** A paid order for an amount of a resource to an address: live quote, a look at what it is, then main's approval. */
function ResourceOrderForm({ form }: { form: OrderForm }) {
  const config = FORMS[form];
  const t = useT();
  const f = useFormat();
  const { resource, period, setPeriod, changeResource } = useResourcePeriod();
  const [countText, setCountText] = useState(DEFAULT_COUNT);
  const address = useAddressInput();
  const [confirming, setConfirming] = useState<OrderToConfirm | null>(null);
  const known = useKnownAddresses();
  const largeOrder = useLargeOrder();
  const arrivalNote = useArrivalNote();
  const submitRef = useRef<HTMLButtonElement>(null);
  const count = parseCount(countText);
  const countError = config.countProblem(count, resource, t, f);
  const note = countError ?? config.hint(resource, t, f);
  // "65k" or "65 000": say what it means.
  const means = count !== null && !countError && countText.trim() !== formatCount(count) ? t('buy.means', { n: f.count(count) }) : null;
  const priced = { resource, count: count ?? 0, period };
  const quote = useQuote(countError ? null : config.quoteKey(priced), () => config.quote(priced));
  const buy = usePaidOrder(config.buy, `${resource}|${count ?? countText}|${form === 'timed' ? period : ''}|${address.clean}`, () => {
    // Placed: the form starts over, so the next order is not this one again by accident.
    setCountText(DEFAULT_COUNT);
    address.field.onChange('');
  });
  const reason = disabledReason(
    { countError, addressValid: address.valid, addressEmpty: address.clean === '', quoted: !!quote.quote, locked: buy.locked },
    t,
  );
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
          title: t(config.title),
          resource,
          count,
          period: form === 'timed' ? period : null,
          address: address.clean,
          costSun: quote.quote.amountSun,
          largeOrder: largeOrder(quote.quote.amountSun),
          // An older main's quote has no burn figure: nothing to compare with.
          burnSun: quote.quote.burnSun ?? null,
          lookAlike: findLookAlike(address.clean, known),
          // Energy only: a bandwidth order does not buy the arriving energy again.
          arrivalNote: resource === 'energy' ? arrivalNote(address.clean) : null,
        });
      })}
    >
      <h2 id={id('title')}>{t(config.title)}</h2>
      <div className="row">
        <ResourceField id={id('type')} value={resource} onChange={changeResource} />
        <div className="field">
          <label htmlFor={id('count')}>{config.countLabel(resource, t)}</label>
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
      <FormPriceTrend form={form} resource={resource} period={period} refreshKey={quote.quote?.amountSun ?? null} />
      <div className="row submit-row">
        <button
          type="submit"
          ref={submitRef}
          className="primary"
          disabled={buy.pending || reason !== null || confirming !== null}
          aria-describedby={reason ? id('why') : undefined}
        >
          {buy.pending ? t('buy.placing') : t(config.submit)}
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
          confirmLabel={t('buy.confirmFor', { action: t(config.submit), cost: f.money(confirming.costSun, 'price') })}
          onCancel={cancel}
          onConfirm={() => {
            const order = confirming;
            setConfirming(null);
            // Focus goes to the result line (PaidOrderFeedback), where the answer will be.
            buy.submit({ resource: order.resource, address: order.address, count: order.count, period: order.period ?? period });
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
  const t = useT();
  return (
    <form
      className="card form"
      aria-labelledby="activate-title"
      onSubmit={onSubmitted(() => address.valid && activate.submit(address.clean))}
    >
      <h2 id="activate-title">{t('buy.activateTitle')}</h2>
      <p className="muted">{t('buy.activateHint')}</p>
      <AddressField {...address.field} label={t('buy.activateAddress')} />
      <button type="submit" disabled={activate.pending || activate.locked || !address.valid}>
        {activate.pending ? t('buy.activating') : t('buy.activate')}
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
