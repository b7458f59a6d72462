import { useEffect, useMemo, useState } from 'react';
import type uPlot from 'uplot';
import type { SpendChartView } from '../../../../shared/ipc.ts';
import { useFormat, useT, type Formats } from '../../i18n.ts';
import { spendChart } from '../../state/actions.ts';
import { useAppStore } from '../../state/app-store.ts';
import { Money } from '../Money.tsx';
import { UPlotChart, type ChartOptions } from './UPlotChart.tsx';

/** Days the chart covers. */
export const SPEND_CHART_DAYS = 30;

/** SUN as TRX for drawing only: a bar's height. Every figure a person reads comes from the exact strings. */
const trxForDrawing = (sun: string): number => Number(BigInt(sun)) / 1e6;

/** The chart's data: days (uPlot counts seconds), spent per day (bars), would have burned per day (the line). */
export function chartData(view: SpendChartView): uPlot.AlignedData {
  return [
    view.days.map((d) => d.startMs / 1000),
    view.days.map((d) => trxForDrawing(d.spentSun)),
    view.days.map((d) => trxForDrawing(d.wouldBurnSun)),
  ];
}

function spendOptions(f: Formats, labels: { spent: string; burned: string }): ChartOptions {
  const day = new Intl.DateTimeFormat(f.language, { day: 'numeric', month: 'short' });
  const trx = new Intl.NumberFormat(f.language, { maximumFractionDigits: 2 });
  return (width, colors, UPlot) => {
    const axis = { stroke: colors.muted, grid: { stroke: colors.border, width: 1 }, ticks: { stroke: colors.border, width: 1 } };
    return {
      legend: { show: false },
      cursor: { y: false, points: { show: false }, drag: { x: false, y: false } },
      // Half a day either side, so the first and the last day's bars are whole.
      scales: {
        x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        { ...axis, space: width < 500 ? 70 : 50, values: (_u, splits) => splits.map((s) => day.format(new Date(s * 1000))) },
        { ...axis, size: 52, label: 'TRX', labelSize: 16, values: (_u, splits) => splits.map((s) => trx.format(s)) },
      ],
      series: [
        {},
        {
          label: labels.spent,
          stroke: colors.primary,
          fill: colors.primary,
          width: 0,
          paths: UPlot.paths.bars?.({ size: [0.7, 40] }),
          points: { show: false },
        },
        { label: labels.burned, stroke: colors.warn, width: 2, points: { show: false } },
      ],
    };
  };
}

/**
 * Spend per day over the last 30 days (bars), with what the same energy would
 * have burned without renting (the line): the gap is what renting saved. The
 * totals beside it in words and exact amounts; asked of main again when an
 * order finishes or this month's savings change.
 */
export function SpendChart() {
  const t = useT();
  const f = useFormat();
  const [view, setView] = useState<SpendChartView | null>(null);
  const changed = useAppStore(
    (s) => `${s.recentOrders[0]?.localId ?? ''}|${s.recentOrders[0]?.state ?? ''}|${s.savings?.wouldHaveBurnedSun ?? ''}`,
  );
  useEffect(() => {
    let live = true;
    // Asked after the view's own first request (the Orders page, asked by the parent's effect, which runs after this
    // one): main answers in turn, and the list is what the person opened the tab for.
    const timer = setTimeout(() => {
      void spendChart(SPEND_CHART_DAYS).then((r) => {
        if (live && r.ok) setView(r.value);
      });
    }, 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [changed]);
  const data = useMemo(() => (view ? chartData(view) : null), [view]);
  const spentLabel = t('chart.spentPerDay');
  const burnedLabel = t('chart.wouldBurn');
  const options = useMemo(() => spendOptions(f, { spent: spentLabel, burned: burnedLabel }), [f, spentLabel, burnedLabel]);
  if (!view || !data) return null;
  const empty = view.spentSun === '0' && view.wouldBurnSun === '0';
  return (
    <figure className="chart spend-chart" aria-labelledby="spend-chart-title" data-testid="spend-chart">
      <h3 id="spend-chart-title">{t('chart.spendTitle', { count: SPEND_CHART_DAYS })}</h3>
      {empty ? (
        <p className="muted small">{t('chart.noSpend', { count: SPEND_CHART_DAYS })}</p>
      ) : (
        <>
          <UPlotChart options={options} data={data} height={180} testId="spend-chart-canvas" />
          <figcaption>
            <dl className="chart-stats">
              <div>
                <dt>
                  <span className="swatch swatch-bar" aria-hidden="true" /> {t('chart.spent')}
                </dt>
                <dd>
                  <Money sun={view.spentSun} context="total" testId="chart-spent" />
                </dd>
              </div>
              <div>
                <dt>
                  <span className="swatch swatch-line" aria-hidden="true" /> {burnedLabel}
                </dt>
                <dd>
                  <Money sun={view.wouldBurnSun} context="total" testId="chart-burned" />
                </dd>
              </div>
              <div>
                <dt>{BigInt(view.savedSun) < 0n ? t('chart.costMore') : t('chart.saved')}</dt>
                <dd className={BigInt(view.savedSun) < 0n ? 'warn' : 'ok'}>
                  <Money
                    sun={(BigInt(view.savedSun) < 0n ? -BigInt(view.savedSun) : BigInt(view.savedSun)).toString()}
                    context="total"
                    testId="chart-saved"
                  />
                </dd>
              </div>
            </dl>
          </figcaption>
        </>
      )}
    </figure>
  );
}
