import { describe, expect, it } from 'vitest';
import { chartStart, spendChart } from '../../../../src/core/app/orders/spend-chart.ts';
import type { TrackedOrder } from '../../../../src/core/orders/order-types.ts';

const NOW = new Date(2026, 10, 24, 15, 30).getTime();
const dayAt = (daysAgo: number, hour = 12): number => new Date(2026, 10, 24 - daysAgo, hour).getTime();

const order = (over: Partial<TrackedOrder>): TrackedOrder => ({
  localId: 'x',
  kind: 'energy',
  profileId: 'p',
  address: 'T',
  resource: 'energy',
  count: 65_000,
  period: '1h',
  orderSn: 'EN1',
  orderId: null,
  quotedSun: 3_000_000n,
  chargedSun: 3_250_000n,
  createdAt: dayAt(0),
  updatedAt: dayAt(0),
  lastPolledAt: null,
  attempts: 1,
  state: 'succeeded',
  serverStatus: 'success',
  txIds: [],
  error: null,
  finishedAt: dayAt(0),
  notifiedAt: dayAt(0),
  presetId: null,
  wouldBurnSun: 6_500_000n,
  ...over,
});

describe('the spend chart of the last days', () => {
  it('has every local day of the range, oldest first, zero days included, starting at local midnight', () => {
    const chart = spendChart([], [], NOW, 30);
    expect(chart.days).toHaveLength(30);
    expect(chart.days[0]).toMatchObject({ day: '2026-10-26', startMs: new Date(2026, 9, 26).getTime(), spentSun: '0', wouldBurnSun: '0' });
    expect(chart.days.at(-1)?.day).toBe('2026-11-24');
    expect(chartStart(NOW, 30)).toBe(new Date(2026, 9, 26).getTime());
    expect(chart).toMatchObject({ spentSun: '0', wouldBurnSun: '0', savedSun: '0' });
  });

  it('puts each day’s spend beside what its energy orders would have burned, exactly, and what they saved', () => {
    const totals = [
      { period: '2026-11-22', orders: 2, spentSun: 7_000_001n, uncertainSun: 0n },
      { period: '2026-11-24', orders: 1, spentSun: 3_250_000n, uncertainSun: 4_000_000n },
    ];
    const succeeded = [
      order({ localId: 'a', finishedAt: dayAt(2, 9), wouldBurnSun: 6_500_000n, chargedSun: 3_500_001n }),
      order({ localId: 'b', finishedAt: dayAt(0, 10), wouldBurnSun: 6_500_000n }),
      // Left out of the line: no burn figure was recorded, a bandwidth order, before the range.
      order({ localId: 'c', finishedAt: dayAt(0, 11), wouldBurnSun: null }),
      order({ localId: 'd', kind: 'net', resource: 'net', finishedAt: dayAt(0, 11) }),
      order({ localId: 'e', finishedAt: dayAt(40) }),
    ];
    const chart = spendChart(totals, succeeded, NOW, 30);
    const byDay = new Map(chart.days.map((d) => [d.day, d]));
    expect(byDay.get('2026-11-22')).toMatchObject({ spentSun: '7000001', wouldBurnSun: '6500000', uncertainSun: '0' });
    expect(byDay.get('2026-11-24')).toMatchObject({ spentSun: '3250000', wouldBurnSun: '6500000', uncertainSun: '4000000' });
    expect(byDay.get('2026-11-23')).toMatchObject({ spentSun: '0', wouldBurnSun: '0' });
    expect(chart.spentSun).toBe('10250001');
    expect(chart.wouldBurnSun).toBe('13000000');
    // 13 TRX would have burned; the two orders with a figure cost 3.500001 + 3.25.
    expect(chart.savedSun).toBe('6249999');
  });
});
