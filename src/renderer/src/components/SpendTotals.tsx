import { useEffect, useState } from 'react';
import { formatTrx } from '../../../shared/format.ts';
import type { IpcError, OrderFilterView, SpendTotalView, TotalsPeriodView } from '../../../shared/ipc.ts';
import { orderTotals } from '../state/actions.ts';
import { ErrorMessage } from './ErrorMessage.tsx';

const PERIODS: Array<{ id: TotalsPeriodView; label: string; heading: string }> = [
  { id: 'day', label: 'Per day', heading: 'Day' },
  { id: 'week', label: 'Per week', heading: 'Week of' },
  { id: 'month', label: 'Per month', heading: 'Month' },
];

/** Spend of the filtered history per day, week or month, asked of main when opened (exact: integer SUN from main). */
export function SpendTotals({ filter }: { filter: OrderFilterView }) {
  const [open, setOpen] = useState(false);
  const [period, setPeriod] = useState<TotalsPeriodView>('day');
  const [answer, setAnswer] = useState<{ key: string; totals: SpendTotalView[]; error: IpcError | null } | null>(null);
  const key = `${period}:${JSON.stringify(filter)}`;
  useEffect(() => {
    if (!open) return;
    let live = true;
    void orderTotals(filter, period).then((r) => {
      if (live) setAnswer(r.ok ? { key, totals: r.value, error: null } : { key, totals: [], error: r.error });
    });
    return () => {
      live = false;
    };
  }, [open, key, filter, period]);
  const shown = answer?.key === key ? answer : null;
  return (
    <details className="spend-totals" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Spend totals</summary>
      <div role="group" aria-label="Totals period" className="segmented">
        {PERIODS.map((p) => (
          <button key={p.id} type="button" aria-pressed={period === p.id} onClick={() => setPeriod(p.id)}>
            {p.label}
          </button>
        ))}
      </div>
      <ErrorMessage error={shown?.error ?? null} />
      {shown && shown.totals.length === 0 && !shown.error && <p className="muted">No orders match.</p>}
      {shown && shown.totals.length > 0 && (
        <table className="orders">
          <thead>
            <tr>
              <th scope="col">{PERIODS.find((p) => p.id === period)?.heading}</th>
              <th scope="col">Orders</th>
              <th scope="col">Spent</th>
              <th scope="col">Outcome unknown</th>
            </tr>
          </thead>
          <tbody>
            {[...shown.totals].reverse().map((t) => (
              <tr key={t.period}>
                <th scope="row">{t.period}</th>
                <td data-label="Orders">{t.orders.toLocaleString()}</td>
                <td data-label="Spent">{formatTrx(t.spentSun)}</td>
                <td data-label="Outcome unknown">{t.uncertainSun === '0' ? '—' : formatTrx(t.uncertainSun)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
