import { useEffect, useState } from 'react';
import { Money } from './Money.tsx';
import type { IpcError, SmartPriceView } from '../../../shared/ipc.ts';
import { getSmartPrice } from '../state/actions.ts';
import { ErrorMessage } from './ErrorMessage.tsx';

const price = (sun: string | null) => (sun === null ? 'not offered' : <Money sun={sun} context="price" />);

export function SmartPricePanel() {
  const [prices, setPrices] = useState<SmartPriceView | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    void getSmartPrice().then((r) => {
        if (!live) return;
        setLoading(false);
        if (r.ok) setPrices(r.value);
        else setError(r.error);
      });
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="card" aria-labelledby="smart-title">
      <h2 id="smart-title">Smart delegation prices</h2>
      {loading && <p className="muted">Loading prices…</p>}
      <ErrorMessage error={error} />
      {prices && (
        <>
          <p>
            Standard: 65K energy <strong>{price(prices.price65kSun)}</strong>, 131K energy <strong>{price(prices.price131kSun)}</strong> per delegation.
          </p>
          <table className="orders">
            <thead>
              <tr>
                <th scope="col">Mode</th>
                <th scope="col">65K energy</th>
                <th scope="col">131K energy</th>
                <th scope="col">Deposit</th>
                <th scope="col">Period (h)</th>
                <th scope="col">Min. usage</th>
              </tr>
            </thead>
            <tbody>
              {prices.modes.map((m) => (
                <tr key={m.id}>
                  <th scope="row">{m.label}</th>
                  <td data-label="65K energy">{price(m.prices?.price65kSun ?? null)}</td>
                  <td data-label="131K energy">{price(m.prices?.price131kSun ?? null)}</td>
                  <td data-label="Deposit">{price(m.prices?.depositAmountSun ?? null)}</td>
                  <td data-label="Period (h)">{m.prices?.depositPeriodHours ?? '—'}</td>
                  <td data-label="Min. usage">{m.prices?.minEnergyCount ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {prices.remark && <p className="muted">{prices.remark}</p>}
        </>
      )}
    </section>
  );
}
