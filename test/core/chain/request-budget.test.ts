import { describe, expect, it } from 'vitest';
import {
  defaultDailyBudget,
  MAX_FOLLOW_EVERY,
  planBudget,
  REFRESH_MS,
  RequestBudget,
  utcDayStart,
  type BudgetInput,
} from '../../../src/core/chain/request-budget.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A whole day ahead, 1,000 addresses, 20,000 requests a day of reads that blocks asked for. */
const busy: BudgetInput = { budget: 100_000, usedToday: 0, leftMs: DAY, addresses: 1_000, refreshMs: REFRESH_MS, eventRequestsPerHour: 20_000 / 24 };

describe('planning a day of requests', () => {
  it('has room for all of it with TronGrid’s 100,000: every block, reads as they come, a refresh every 6 hours', () => {
    // 28,800 polls + 20,000 reads + 8,000 refreshes = 56,800.
    expect(planBudget(busy)).toEqual({ followEvery: 1, refreshMs: REFRESH_MS, eventReadsPerHour: Infinity, short: [] });
    expect(defaultDailyBudget(true)).toBe(100_000);
    expect(defaultDailyBudget(false)).toBeLessThan(100_000);
  });

  it('widens the refresh first when the rest of the day is short', () => {
    // 60,000 left: 28,800 + 20,000 leaves 11,200 for refreshes, 2,000 a round: every 4.3 h would do, 6 h is kept.
    expect(planBudget({ ...busy, usedToday: 40_000 }).short).toEqual([]);
    // 50,000 left: 1,200 for refreshes → one every 40 h: more than a day, so none.
    const half = planBudget({ ...busy, usedToday: 50_000, leftMs: DAY });
    expect(half.short[0]).toBe('no_refresh');
    // 45,000 left over the last 20 hours: 24,000 + 16,667 + 6,667 is too much; the refresh stretches to 9.2 h.
    const stretched = planBudget({ ...busy, usedToday: 55_000, leftMs: 20 * HOUR });
    expect(stretched.short).toEqual(['refresh_widened']);
    expect(stretched.refreshMs).toBeGreaterThan(REFRESH_MS);
    expect(stretched.refreshMs).toBeLessThanOrEqual(DAY);
    expect(stretched.followEvery).toBe(1);
  });

  it('then paces the reads blocks ask for, and last follows every few blocks, never failing', () => {
    // 30,000 left for a whole day: following would take 28,800 (96 %), so it widens to keep the rest for reads.
    const tight = planBudget({ ...busy, usedToday: 70_000 });
    expect(tight.short).toEqual(['no_refresh', 'events_paced', 'follow_widened']);
    expect(tight.followEvery).toBe(2);
    expect(tight.refreshMs).toBe(Infinity);
    expect(tight.eventReadsPerHour).toBeLessThan(busy.eventRequestsPerHour / 2);
    // Spent: one poll a minute, and still some reads an hour.
    const spent = planBudget({ ...busy, usedToday: 100_000 });
    expect(spent.followEvery).toBe(MAX_FOLLOW_EVERY);
    expect(spent.eventReadsPerHour).toBeGreaterThan(0);
    expect(spent.short).toContain('follow_widened');
  });

  it('what the plan spends fits what is left whenever following once a minute and its floor of reads fit', () => {
    for (const usedToday of [0, 20_000, 50_000, 70_000, 85_000, 95_000]) {
      for (const leftHours of [1, 6, 12, 24]) {
        const input = { ...busy, usedToday, leftMs: leftHours * HOUR };
        const plan = planBudget(input);
        const follow = (leftHours * HOUR) / 3_000 / plan.followEvery;
        const events = Math.min(busy.eventRequestsPerHour, plan.eventReadsPerHour * 2) * leftHours;
        const refresh = Number.isFinite(plan.refreshMs) ? (2 * busy.addresses * leftHours * HOUR) / plan.refreshMs : 0;
        const left = busy.budget - usedToday;
        const floor = (leftHours * HOUR) / 3_000 / MAX_FOLLOW_EVERY + 60 * leftHours;
        if (floor <= left) expect(follow + events + refresh).toBeLessThanOrEqual(left * 1.001);
      }
    }
  });
});

describe('the key’s budget over a day', () => {
  it('counts every request, starts again at UTC midnight, and learns how much the reads blocks ask for cost', () => {
    let now = Date.UTC(2026, 2, 2, 23, 0);
    const budget = new RequestBudget({ budget: 10_000, now: () => now });
    budget.count(3);
    for (let i = 0; i < 100; i++) budget.noteEventRequests(2);
    expect(budget.usedToday()).toBe(3);
    now += 30 * 60_000;
    expect(budget.eventRequestsPerHour()).toBeGreaterThanOrEqual(200);
    now = Date.UTC(2026, 2, 3, 0, 0, 1);
    expect(budget.usedToday()).toBe(0);
    expect(budget.status(10).dayStart).toBe(utcDayStart(now));
    expect(utcDayStart(now)).toBe(Date.UTC(2026, 2, 3));
  });

  it('plans with the budget the settings give, and with the refresh the watchers want', () => {
    const now = Date.UTC(2026, 2, 2, 12);
    const budget = new RequestBudget({ budget: 100_000, now: () => now, usedToday: 99_000 });
    expect(budget.status(100).plan.short).toContain('follow_widened');
    budget.setBudget(1_000_000);
    expect(budget.status(100).plan.short).toEqual([]);
    budget.setRefreshMs(64_000);
    expect(budget.status(100).plan.refreshMs).toBe(64_000);
    budget.setBudget(120_000);
    expect(budget.status(100).plan.short).toEqual(['refresh_widened']);
  });
});
