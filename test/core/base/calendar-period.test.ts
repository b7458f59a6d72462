import { describe, expect, it } from 'vitest';
import { localDateStart, nextLocalDay, periodKey } from '../../../src/core/base/calendar-period.ts';

describe('calendar periods (local time)', () => {
  it('names the day, the week by its Monday, and the month', () => {
    const sunday = new Date(2025, 1, 2, 23, 59).getTime(); // Sunday 2 Feb 2025, late evening
    expect(periodKey(sunday, 'day')).toBe('2025-02-02');
    expect(periodKey(sunday, 'week')).toBe('2025-01-27');
    expect(periodKey(new Date(2025, 1, 3, 0, 1).getTime(), 'week')).toBe('2025-02-03');
    expect(periodKey(sunday, 'month')).toBe('2025-02');
  });

  it('reads a calendar date as its local midnight and refuses what is not one', () => {
    expect(localDateStart('2025-02-28')).toBe(new Date(2025, 1, 28).getTime());
    expect(localDateStart(' 2024-02-29 ')).toBe(new Date(2024, 1, 29).getTime());
    expect(localDateStart('2025-02-29')).toBeNull();
    expect(localDateStart('28.02.2025')).toBeNull();
    expect(nextLocalDay(new Date(2025, 11, 31, 13).getTime())).toBe(new Date(2026, 0, 1).getTime());
  });
});
