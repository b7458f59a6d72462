import { describe, expect, it } from 'vitest';
import { dayLabel, EMPTY_FILTER, groupByDay, toFilterView } from '../../../src/renderer/src/components/order-filter.ts';

describe('the Orders tab filter form', () => {
  it('turns the form into main’s filter: whole local days, the last one included, trimmed text', () => {
    expect(toFilterView(EMPTY_FILTER)).toEqual({});
    expect(toFilterView({ status: 'attention', kind: 'fast_recover', address: ' TAddr ', from: '2025-01-30', to: '2025-01-31', text: ' EN1 ' })).toEqual({
      states: ['stalled', 'outcome_unknown'],
      kinds: ['fast_recover'],
      address: 'TAddr',
      from: new Date(2025, 0, 30).getTime(),
      to: new Date(2025, 1, 1).getTime(),
      text: 'EN1',
    });
    expect(toFilterView({ ...EMPTY_FILTER, from: 'not a date' })).toEqual({});
  });

  it('groups consecutive orders of one local day and names the day', () => {
    const now = new Date(2025, 0, 31, 12).getTime();
    const items = [now, now - 3_600_000, new Date(2025, 0, 30, 9).getTime(), new Date(2024, 11, 24, 9).getTime()].map((createdAt) => ({ createdAt }));
    expect(groupByDay(items).map((g) => [dayLabel(g.first, now), g.items.length])).toEqual([
      ['Today', 2],
      ['Yesterday', 1],
      [new Date(2024, 11, 24).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }), 1],
    ]);
  });
});
