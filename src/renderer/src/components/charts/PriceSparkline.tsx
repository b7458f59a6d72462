import { useEffect, useMemo, useState } from 'react';
import type uPlot from 'uplot';
import type { PriceHistoryView, PriceSeriesView } from '../../../../shared/ipc.ts';
import { useFormat, useT, type Formats, type RendererT } from '../../i18n.ts';
import { priceHistory } from '../../state/actions.ts';
import { UPlotChart, type ChartOptions } from './UPlotChart.tsx';

/** Days a sparkline covers. */
export const PRICE_DAYS = 7;

/** A price is shown for an amount people think in: a USDT transfer's energy (65,000), or 1,000 bandwidth. */
export const PRICE_UNIT: Readonly<Record<PriceSeriesView['resource'], bigint>> = { energy: 65_000n, net: 1_000n };

/** The price of PRICE_UNIT at a unit price, exact in SUN. */
export const unitPriceSun = (series: Pick<PriceSeriesView, 'resource'>, unit: string): bigint => BigInt(unit) * PRICE_UNIT[series.resource];

/** The lowest, highest and latest price of a series (for PRICE_UNIT), exact. */
export function priceRange(series: PriceSeriesView): { min: bigint; max: bigint; latest: bigint } | null {
  if (series.points.length === 0) return null;
  const prices = series.points.map((p) => unitPriceSun(series, p.unitPriceSun));
  return { min: prices.reduce((a, b) => (b < a ? b : a)), max: prices.reduce((a, b) => (b > a ? b : a)), latest: prices.at(-1)! };
}

/** "Energy, 1h" / "Fast recover, energy": what a series prices. */
export function seriesLabel(series: Pick<PriceSeriesView, 'kind' | 'resource' | 'period'>, t: RendererT): string {
  const resource = series.resource === 'net' ? t('prices.bandwidth') : t('prices.energy');
  return series.kind === 'timed'
    ? t('prices.timedSeries', { resource, period: series.period ?? '' })
    : t('prices.fastSeries', { resource });
}

/** The series for an order form's values, if the app has quoted it. */
export function findSeries(
  history: PriceHistoryView | null,
  want: Pick<PriceSeriesView, 'kind' | 'resource' | 'period'>,
): PriceSeriesView | null {
  return (
    history?.series.find((s) => s.kind === want.kind && s.resource === want.resource && (s.period ?? null) === (want.period ?? null)) ??
    null
  );
}

/** The quotes the app made in the last week; asked again when `refreshKey` changes (a new quote in the form). */
export function usePriceHistory(refreshKey: unknown = null): PriceHistoryView | null {
  const [history, setHistory] = useState<PriceHistoryView | null>(null);
  useEffect(() => {
    let live = true;
    void priceHistory(PRICE_DAYS).then((r) => {
      if (live && r.ok) setHistory(r.value);
    });
    return () => {
      live = false;
    };
  }, [refreshKey]);
  return history;
}

const sparkOptions: ChartOptions = (_width, colors) => ({
  legend: { show: false },
  cursor: { show: false },
  axes: [{ show: false }, { show: false }],
  scales: { x: { time: true } },
  series: [{}, { stroke: colors.primary, width: 1.5, points: { show: false } }],
});

function rangeWords(series: PriceSeriesView, t: RendererT, f: Formats): string | null {
  const range = priceRange(series);
  if (!range) return null;
  const amount =
    series.resource === 'net'
      ? t('common.bandwidthAmount', { amount: f.count(PRICE_UNIT.net) })
      : t('common.energyAmount', { amount: f.count(PRICE_UNIT.energy) });
  const latest = f.money(range.latest, 'price');
  if (series.points.length === 1) return t('prices.once', { latest, amount });
  return range.min === range.max
    ? t('prices.steady', { latest, amount, count: PRICE_DAYS })
    : t('prices.range', { latest, amount, min: f.money(range.min, 'price'), max: f.money(range.max, 'price'), count: PRICE_DAYS });
}

/**
 * How a price moved over the last week, from the quotes the app made: a small
 * line, and in words the latest price for a transfer's energy with the week's
 * lowest and highest. With one quote, no line: nothing (or, `single`, that
 * one price in words).
 */
export function PriceSparkline({
  series,
  withLabel = false,
  single = false,
}: {
  series: PriceSeriesView;
  withLabel?: boolean;
  single?: boolean;
}) {
  const t = useT();
  const f = useFormat();
  const data = useMemo<uPlot.AlignedData>(
    () => [series.points.map((p) => p.at / 1000), series.points.map((p) => Number(p.unitPriceSun))],
    [series],
  );
  const words = rangeWords(series, t, f);
  const line = series.points.length >= 2;
  if (!words || (!line && !single)) return null;
  return (
    <div className="sparkline" data-testid="price-sparkline">
      {line && <UPlotChart options={sparkOptions} data={data} height={36} testId="price-sparkline-canvas" />}
      <p className="muted small">
        {withLabel && <strong>{seriesLabel(series, t)}: </strong>}
        {words}
      </p>
    </div>
  );
}

/** The Prices tab's card: every price the app was quoted in the last week, one line each. */
export function QuotedPrices() {
  const t = useT();
  const history = usePriceHistory();
  if (!history) return null;
  const shown = history.series.filter((s) => s.points.length > 0);
  return (
    <section className="card" aria-labelledby="quoted-title" data-testid="quoted-prices">
      <h2 id="quoted-title">{t('prices.title', { count: PRICE_DAYS })}</h2>
      {shown.length === 0 ? (
        <p className="muted">{t('prices.none')}</p>
      ) : (
        <ul className="plain sparklines">
          {shown.map((s) => (
            <li key={`${s.kind}|${s.resource}|${s.period ?? ''}`}>
              <PriceSparkline series={s} withLabel single />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
