import { useCallback, useState } from 'react';
import { formatCount } from '../../../shared/format.ts';
import type { OrderView, ResourceType } from '../../../shared/ipc.ts';
import { getBridge } from '../bridge.ts';
import { useQuote } from '../hooks/use-quote.ts';
import { usePaidOrder } from '../hooks/use-paid-order.ts';
import { useAppStore } from '../state/app-store.ts';
import { AddressField } from './AddressField.tsx';
import { ErrorMessage } from './ErrorMessage.tsx';
import { QuoteLine } from './QuoteLine.tsx';
import { ResourceField } from './ResourceField.tsx';

/** The spec's minimums (section 8): shown in the form and checked again in main. */
export const MIN_COUNT: Record<ResourceType, number> = { energy: 30_000, net: 100 };
export const PERIODS: Record<ResourceType, string[]> = {
  energy: ['15minutes', '1h', '1day', '3day'],
  net: ['1day', '3day'],
};

function parseCount(text: string): number | null {
  return /^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : null;
}

function OrderPlaced({ order }: { order: OrderView }) {
  const selectOrder = useAppStore((s) => s.selectOrder);
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

export function TimedBuyForm() {
  const [type, setType] = useState<ResourceType>('energy');
  const [countText, setCountText] = useState('65000');
  const [period, setPeriod] = useState('1h');
  const [address, setAddress] = useState('');
  const [addressValid, setAddressValid] = useState(false);
  const count = parseCount(countText);
  const countError =
    count === null ? 'Enter a whole number.' : count < MIN_COUNT[type] ? `At least ${formatCount(MIN_COUNT[type])}.` : null;
  const quote = useQuote(countError ? null : `${type}|${count}|${period}`, () =>
    getBridge().quoteTimed({ type, count: count ?? 0, period }),
  );
  const buy = usePaidOrder(
    useCallback((req: { type: ResourceType; address: string; count: number; period: string }) => getBridge().buyTimed(req), []),
    `${type}|${countText}|${period}|${address.trim()}`,
  );
  const onValidity = useCallback((v: boolean) => setAddressValid(v), []);

  return (
    <form
      className="card form"
      aria-labelledby="timed-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (count === null || countError || !addressValid) return;
        buy.submit({ type, address: address.trim(), count, period });
      }}
    >
      <h2 id="timed-title">Rent energy or bandwidth</h2>
      <div className="row">
        <ResourceField
          id="timed-type"
          value={type}
          onChange={(next) => {
            setType(next);
            if (!PERIODS[next].includes(period)) setPeriod(PERIODS[next][0] ?? '1day');
          }}
        />
        <div className="field">
          <label htmlFor="timed-count">{type === 'energy' ? 'Energy' : 'Bandwidth (bytes)'}</label>
          <input
            id="timed-count"
            inputMode="numeric"
            value={countText}
            onChange={(e) => setCountText(e.target.value)}
            aria-invalid={countError ? true : undefined}
            aria-describedby="timed-count-hint"
          />
          <span id="timed-count-hint" className={countError ? 'field-error' : 'hint'}>
            {countError ?? `Minimum ${formatCount(MIN_COUNT[type])}`}
          </span>
        </div>
        <div className="field">
          <label htmlFor="timed-period">Period</label>
          <select id="timed-period" value={period} onChange={(e) => setPeriod(e.target.value)}>
            {PERIODS[type].map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
      </div>
      <AddressField value={address} onChange={setAddress} onValidity={onValidity} />
      <QuoteLine quote={quote.quote} error={quote.error} pending={quote.pending} />
      <button type="submit" className="primary" disabled={buy.pending || buy.locked || !!countError || !addressValid || !quote.quote}>
        {buy.pending ? 'Placing order…' : 'Buy'}
      </button>
      <PaidOrderFeedback order={buy} />
    </form>
  );
}

export function FastRecoverForm() {
  const [resourceType, setResourceType] = useState<ResourceType>('energy');
  const [countText, setCountText] = useState('65000');
  const [address, setAddress] = useState('');
  const [addressValid, setAddressValid] = useState(false);
  const count = parseCount(countText);
  const countError = count === null || count < 1 ? 'Enter a whole number above zero.' : null;
  const quote = useQuote(countError ? null : `${resourceType}|${count}`, () =>
    getBridge().quoteFastRecover({ resourceType, count: count ?? 0 }),
  );
  const buy = usePaidOrder(
    useCallback((req: { resourceType: ResourceType; address: string; count: number }) => getBridge().buyFastRecover(req), []),
    `${resourceType}|${countText}|${address.trim()}`,
  );
  const onValidity = useCallback((v: boolean) => setAddressValid(v), []);
  return (
    <form
      className="card form"
      aria-labelledby="fast-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (count === null || countError || !addressValid) return;
        buy.submit({ resourceType, address: address.trim(), count });
      }}
    >
      <h2 id="fast-title">One-time top-up (fast recover)</h2>
      <div className="row">
        <ResourceField id="fast-type" value={resourceType} onChange={setResourceType} />
        <div className="field">
          <label htmlFor="fast-count">Amount</label>
          <input
            id="fast-count"
            inputMode="numeric"
            value={countText}
            onChange={(e) => setCountText(e.target.value)}
            aria-invalid={countError ? true : undefined}
          />
          {countError && <span className="field-error">{countError}</span>}
        </div>
      </div>
      <AddressField value={address} onChange={setAddress} onValidity={onValidity} />
      <QuoteLine quote={quote.quote} error={quote.error} pending={quote.pending} />
      <button type="submit" className="primary" disabled={buy.pending || buy.locked || !!countError || !addressValid || !quote.quote}>
        {buy.pending ? 'Placing order…' : 'Top up'}
      </button>
      <PaidOrderFeedback order={buy} />
    </form>
  );
}

export function ActivateForm() {
  const [address, setAddress] = useState('');
  const [addressValid, setAddressValid] = useState(false);
  const activate = usePaidOrder(
    useCallback((a: string) => getBridge().activateAddress({ address: a }), []),
    address.trim(),
  );
  const onValidity = useCallback((v: boolean) => setAddressValid(v), []);
  return (
    <form
      className="card form"
      aria-labelledby="activate-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (addressValid) activate.submit(address.trim());
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
