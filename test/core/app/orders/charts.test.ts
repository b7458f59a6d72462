import { describe, expect, it } from 'vitest';
import { DEMO_ADDRESS } from '../../../../src/core/app/app-service.ts';
import { periodKey } from '../../../../src/core/base/calendar-period.ts';
import { fakeDesktopApps, listOrders } from '../../../support/fake-desktop.ts';

const startApp = fakeDesktopApps();

describe('what the charts draw (HistoryReports)', () => {
  it('the spend chart: today’s orders at what they cost, beside what their energy would have burned', async () => {
    const h = await startApp();
    expect(h.service.services.reports.spendChart(30).days).toHaveLength(30);
    await h.service.services.sessions.startDemo();
    const order = await h.service.services.commands.buyTimed({ type: 'energy', address: DEMO_ADDRESS, count: 65_000, period: '1h' });
    await expect.poll(() => listOrders(h.service)[0]?.state, { timeout: 15_000 }).toBe('succeeded');
    await expect.poll(() => h.service.services.reports.spendChart(30).wouldBurnSun, { timeout: 10_000 }).not.toBe('0');
    const chart = h.service.services.reports.spendChart(30);
    const today = chart.days.at(-1)!;
    const done = listOrders(h.service).find((o) => o.localId === order.localId)!;
    expect(today.day).toBe(periodKey(Date.now(), 'day'));
    expect(today.spentSun).toBe(done.chargedSun ?? done.quotedSun);
    expect(chart.spentSun).toBe(today.spentSun);
    expect(BigInt(chart.savedSun)).toBe(BigInt(chart.wouldBurnSun) - BigInt(today.spentSun));
    expect(h.service.services.savings.view().wouldHaveBurnedSun).toBe(chart.wouldBurnSun);
  }, 30_000);

  it('the price history: every quote made through the session’s API is kept, per kind, resource and period', async () => {
    const h = await startApp();
    expect(h.service.services.reports.priceHistory(7)).toEqual({ series: [] });
    await h.service.services.sessions.startDemo();
    const timed = await h.service.services.commands.quoteTimed('energy', 65_000, '1h');
    await h.service.services.commands.quoteFastRecover('energy', 65_000);
    const series = h.service.services.reports.priceHistory(7).series;
    const hour = series.find((s) => s.kind === 'timed' && s.resource === 'energy' && s.period === '1h');
    expect(hour?.points.at(-1)?.unitPriceSun).toBe(timed.unitPriceSun);
    expect(series.some((s) => s.kind === 'fast_recover' && s.resource === 'energy' && s.period === null)).toBe(true);
    // Leaving the demo: its quotes went with its store.
    await h.service.services.sessions.stopDemo();
    expect(h.service.services.reports.priceHistory(7)).toEqual({ series: [] });
  });
});
