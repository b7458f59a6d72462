import { useEffect, useState } from 'react';
import type { KeyOf } from '../../../shared/i18n/catalogue.ts';
import { useFormat, useT } from '../i18n.ts';
import type { IpcError, OrderFilterView, SpendTotalView, TotalsPeriodView } from '../../../shared/ipc.ts';
import { orderTotals } from '../state/actions.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { Money } from './Money.tsx';

const PERIODS: Array<{ id: TotalsPeriodView; label: KeyOf<'renderer'>; heading: KeyOf<'renderer'> }> = [
  { id: 'day', label: 'spend.perDay', heading: 'spend.day' },
  { id: 'week', label: 'spend.perWeek', heading: 'spend.weekOf' },
  { id: 'month', label: 'spend.perMonth', heading: 'spend.month' },
];

/**
 * Spend of the filtered history per day, week or month, above the list,
 * asked of main when opened: two decimals, the exact amount (integer SUN from
 * main) on hover.
 */
export function SpendTotals({ filter }: { filter: OrderFilterView }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const f = useFormat();
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
      <summary>{t('spend.title')}</summary>
      <div role="group" aria-label={t('spend.period')} className="segmented">
        {PERIODS.map((p) => (
          <button key={p.id} type="button" aria-pressed={period === p.id} onClick={() => setPeriod(p.id)}>
            {t(p.label)}
          </button>
        ))}
      </div>
      <ErrorMessage error={shown?.error ?? null} />
      {shown && shown.totals.length === 0 && !shown.error && <p className="muted">{t('spend.noMatch')}</p>}
      {shown && shown.totals.length > 0 && (
        <table className="orders">
          <thead>
            <tr>
              <th scope="col">{t(PERIODS.find((p) => p.id === period)?.heading ?? 'spend.day')}</th>
              <th scope="col">{t('tabs.orders')}</th>
              <th scope="col">{t('spend.spent')}</th>
              <th scope="col">{t('spend.unknown')}</th>
            </tr>
          </thead>
          <tbody>
            {[...shown.totals].reverse().map((row) => (
              <tr key={row.period}>
                <th scope="row">{row.period}</th>
                <td data-label={t('tabs.orders')}>{f.count(row.orders)}</td>
                <td data-label={t('spend.spent')}>
                  <Money sun={row.spentSun} context="total" />
                </td>
                <td data-label={t('spend.unknown')}>
                  {row.uncertainSun === '0' ? '—' : <Money sun={row.uncertainSun} context="total" />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
