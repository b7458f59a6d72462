import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { BuyPanel } from '../../../src/renderer/src/components/BuyPanel.tsx';
import { chartData, SpendChart } from '../../../src/renderer/src/components/charts/SpendChart.tsx';
import { findSeries, priceRange, QuotedPrices, seriesLabel } from '../../../src/renderer/src/components/charts/PriceSparkline.tsx';
import { ENGLISH_T } from '../../../src/renderer/src/i18n.ts';
import { useAppStore } from '../../../src/renderer/src/state/app-store.ts';
import type { PriceSeriesView, SpendChartView } from '../../../src/shared/ipc.ts';
import { baseState, emptySpendChart, installFakeBridge, ok, order } from '../fake-bridge.ts';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState({ ...initial, state: baseState() }, true));
afterEach(cleanup);

function month(): SpendChartView {
  const chart = emptySpendChart(30);
  chart.days[27] = { ...chart.days[27]!, spentSun: '6500001', wouldBurnSun: '13000000' };
  chart.days[29] = { ...chart.days[29]!, spentSun: '3250000', wouldBurnSun: '6500000', uncertainSun: '3250000' };
  return { ...chart, spentSun: '9750001', wouldBurnSun: '19500000', savedSun: '9749999' };
}

const hourly: PriceSeriesView = {
  kind: 'timed',
  resource: 'energy',
  period: '1h',
  points: [
    { at: Date.now() - 3 * 86_400_000, unitPriceSun: '90' },
    { at: Date.now() - 86_400_000, unitPriceSun: '100' },
    { at: Date.now() - 60_000, unitPriceSun: '95' },
  ],
};

describe('the spend chart', () => {
  it('asks for the last 30 days and says the totals beside the picture, two decimals, exact on hover', async () => {
    const bridge = installFakeBridge({ spendChart: async () => ok(month()) });
    render(<SpendChart />);
    const figure = await screen.findByRole('figure', { name: 'Spend per day, last 30 days' });
    expect(bridge.callsOf('spendChart')).toEqual([{ days: 30 }]);
    expect(within(figure).getByTestId('chart-spent').textContent).toBe('9.75 TRX');
    expect(within(figure).getByTestId('chart-spent').getAttribute('title')).toBe('9.750001 TRX');
    expect(within(figure).getByTestId('chart-burned').textContent).toBe('19.50 TRX');
    expect(within(figure).getByText('Saved against burning')).toBeTruthy();
    expect(within(figure).getByTestId('chart-saved').textContent).toBe('9.75 TRX');
    // The canvas is decoration for assistive technology: the words above carry it.
    expect(within(figure).getByTestId('spend-chart-canvas').getAttribute('aria-hidden')).toBe('true');
  });

  it('draws bars of what was spent and a line of what would have burned, a point a day', () => {
    const [days, spent, burned] = chartData(month());
    expect(days).toHaveLength(30);
    expect(spent?.[27]).toBeCloseTo(6.500001);
    expect(burned?.[29]).toBe(6.5);
  });

  it('says when nothing was spent, and asks again when an order finishes', async () => {
    const bridge = installFakeBridge();
    render(<SpendChart />);
    expect(await screen.findByText('Nothing spent in the last 30 days.')).toBeTruthy();
    act(() => useAppStore.setState({ recentOrders: [order({ state: 'succeeded' })] }));
    await expect.poll(() => bridge.callsOf('spendChart').length).toBe(2);
  });
});

describe('the price sparklines', () => {
  it('words a week of quotes for a transfer’s energy: the latest, the lowest and the highest, exactly', () => {
    expect(priceRange(hourly)).toEqual({ min: 5_850_000n, max: 6_500_000n, latest: 6_175_000n });
    expect(seriesLabel(hourly, ENGLISH_T)).toBe('Rent energy, 1 hr');
    expect(seriesLabel({ kind: 'fast_recover', resource: 'energy', period: null }, ENGLISH_T)).toBe('Fast recover, energy');
    expect(findSeries({ series: [hourly] }, { kind: 'timed', resource: 'energy', period: '1h' })).toBe(hourly);
    expect(findSeries({ series: [hourly] }, { kind: 'timed', resource: 'energy', period: '1day' })).toBeNull();
  });

  it('lists every quoted price on the Prices tab, or says none was quoted yet', async () => {
    installFakeBridge({ priceHistory: async () => ok({ series: [hourly, { ...hourly, period: '1day', points: hourly.points.slice(0, 1) }] }) });
    render(<QuotedPrices />);
    const card = await screen.findByRole('region', { name: 'Prices you were quoted, last 7 days' });
    // A series of one quote has no line to draw: its one price in words.
    expect(within(card).getAllByTestId('price-sparkline').map((s) => s.textContent)).toEqual([
      'Rent energy, 1 hr: 6.18 TRX for 65,000 energy now; 5.85 TRX–6.50 TRX in 7 days',
      'Rent energy, 1 day: 5.85 TRX for 65,000 energy, the only quote so far',
    ]);
    cleanup();
    installFakeBridge();
    render(<QuotedPrices />);
    expect(await screen.findByText(/^No quotes yet\./)).toBeTruthy();
  });

  it('shows the form’s own price trend under its quote in Buy, asked again after each new quote', async () => {
    const bridge = installFakeBridge({ priceHistory: async () => ok({ series: [hourly] }) });
    render(<BuyPanel />);
    const form = screen.getByRole('form', { name: 'Rent energy or bandwidth' });
    expect((await within(form).findByTestId('price-sparkline')).textContent).toBe('6.18 TRX for 65,000 energy now; 5.85 TRX–6.50 TRX in 7 days');
    await within(form).findByTestId('quote');
    await expect.poll(() => bridge.callsOf('priceHistory').length).toBeGreaterThanOrEqual(2);
    // The fast recover form has no quotes of its own kind yet: no line.
    expect(within(screen.getByRole('form', { name: 'One-time top-up (fast recover)' })).queryByTestId('price-sparkline')).toBeNull();
  });
});
