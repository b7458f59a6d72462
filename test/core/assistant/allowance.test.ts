import { describe, expect, it } from 'vitest';
import {
  allowanceOf,
  allowanceRaises,
  allowanceVerdict,
  checkAllowanceDraft,
  MAX_ALLOWANCE_SUN,
  withAllowance,
  type Allowance,
} from '../../../src/core/assistant/allowance.ts';
import { VALID_ADDRESS as A } from '../../support/addresses.ts';

const B = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const draft = { dailyTrx: '20', perOrderTrx: '5', watchedOnly: true, addresses: [] as string[] };
const made = (over: Partial<typeof draft> = {}): Allowance => {
  const checked = checkAllowanceDraft({ ...draft, ...over }, 'p1', 1);
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return checked.allowance;
};

describe('the assistant allowance', () => {
  it('reads TRX as typed into exact SUN, and refuses what is not an allowance, saying which field', () => {
    expect(made({ dailyTrx: ' 12.5 ', perOrderTrx: '0.000001' })).toMatchObject({ dailySun: 12_500_000n, perOrderSun: 1n, watchedOnly: true, addresses: [] });
    const bad = checkAllowanceDraft({ dailyTrx: '1e3', perOrderTrx: '0', watchedOnly: false, addresses: [A, A, 'Tnope'] }, 'p1', 1);
    expect(bad.ok ? [] : bad.problems).toEqual([
      { field: 'dailyTrx', problem: 'not_a_number' },
      { field: 'perOrderTrx', problem: 'zero' },
      { field: 'addresses', problem: 'invalid', address: 'Tnope' },
      { field: 'addresses', problem: 'duplicate' },
    ]);
    const over = checkAllowanceDraft({ ...draft, dailyTrx: String(MAX_ALLOWANCE_SUN / 1_000_000n + 1n), perOrderTrx: '30' }, 'p1', 1);
    expect(over.ok ? [] : over.problems).toEqual([{ field: 'dailyTrx', problem: 'too_large' }]);
    const above = checkAllowanceDraft({ ...draft, perOrderTrx: '21' }, 'p1', 1);
    expect(above.ok ? [] : above.problems).toEqual([{ field: 'perOrderTrx', problem: 'above_daily' }]);
    const none = checkAllowanceDraft({ ...draft, watchedOnly: false }, 'p1', 1);
    expect(none.ok ? [] : none.problems).toEqual([{ field: 'addresses', problem: 'empty' }]);
  });

  it('is stored per profile; an entry that does not read as one is off, never more', () => {
    const stored = withAllowance([{ profileId: 'p2', dailySun: '1', perOrderSun: '1', watchedOnly: true, addresses: [], approvedAt: 1 }], 'p1', made()) ?? [];
    expect(allowanceOf(stored, 'p1')).toMatchObject({ dailySun: 20_000_000n, perOrderSun: 5_000_000n });
    expect(allowanceOf(stored, 'p2')).toMatchObject({ dailySun: 1n });
    expect(allowanceOf(withAllowance(stored, 'p1', null), 'p1')).toBeNull();
    // The last one removed takes the field out of the file.
    expect(withAllowance(withAllowance(stored, 'p1', null), 'p2', null)).toBeUndefined();
    expect(allowanceOf([{ ...stored[1], perOrderSun: '30000000' }], 'p1')).toBeNull(); // per order above per day
    expect(allowanceOf([{ ...stored[1], watchedOnly: false, addresses: ['Tnope'] }], 'p1')).toBeNull();
    expect(allowanceOf([{ ...stored[1], extra: true }], 'p1')).toBeNull();
  });

  it('needs the person’s approval when created, raised or widened; never when lowered or narrowed', () => {
    const base = made({ watchedOnly: false, addresses: [A, B] });
    expect(allowanceRaises(null, base)).toEqual(['created']);
    expect(allowanceRaises(base, made({ dailyTrx: '21', watchedOnly: false, addresses: [A, B] }))).toEqual(['daily']);
    expect(allowanceRaises(base, made({ perOrderTrx: '6', watchedOnly: false, addresses: [A] }))).toEqual(['per_order']);
    expect(allowanceRaises(base, made({ watchedOnly: true }))).toEqual(['addresses']);
    expect(allowanceRaises(made(), made({ watchedOnly: false, addresses: [A] }))).toEqual(['addresses']);
    expect(allowanceRaises(base, made({ dailyTrx: '10', perOrderTrx: '1', watchedOnly: false, addresses: [B] }))).toEqual([]);
  });

  it('lets a purchase through only for a covered address, within the order and the day', () => {
    const watched = [A];
    const facts = { address: A, costSun: 5_000_000n, watched, spentTodaySun: 15_000_000n };
    expect(allowanceVerdict(null, facts)).toBe('off');
    expect(allowanceVerdict(made(), facts)).toBeNull();
    expect(allowanceVerdict(made(), { ...facts, address: B })).toBe('address');
    expect(allowanceVerdict(made({ watchedOnly: false, addresses: [B] }), facts)).toBe('address');
    expect(allowanceVerdict(made(), { ...facts, costSun: 5_000_001n })).toBe('per_order');
    expect(allowanceVerdict(made(), { ...facts, spentTodaySun: 15_000_001n })).toBe('per_day');
  });
});
