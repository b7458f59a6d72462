import { msg } from '../../../src/shared/i18n/message.ts';
import { describe, expect, it } from 'vitest';
import { isWorthRecording, toRecord } from '../../../src/core/rules/decision.ts';
import { MemoryDecisionLog } from '../../../src/core/rules/decision-log.ts';
import { ordersRuleLedger, ruleToday } from '../../../src/core/rules/rule-ledger.ts';
import { decisionRecord, NOON, order, OTHER_ADDRESS, rule } from './rule-fixtures.ts';

const record = decisionRecord;

describe('decision records', () => {
  it('flatten a buy with the order it placed, a refusal with its offer, and a stop with the unknown order', () => {
    const text = msg('decisions:disabled');
    const buy = toRecord({ kind: 'buy', reason: 'below_keep', text, option: 'fast_recover', period: null, count: 65_000, quotedSun: 5n }, rule(), NOON, 'o9');
    // The words as their message (worded wherever the record is read) and, for the log and older readers, in English.
    const bought = { kind: 'buy', reason: 'below_keep', text, detail: 'The rule is off.', orderLocalId: 'o9', option: 'fast_recover', count: 65_000, quotedSun: 5n } as const;
    expect(buy).toEqual(record(bought));
    const offer = { option: 'timed' as const, period: '1h', count: 65_000, quotedSun: 7n };
    expect(toRecord({ kind: 'refuse', reason: 'over_rule_cap', text, offer }, rule(), NOON)).toMatchObject({ ...offer, orderLocalId: null });
    expect(toRecord({ kind: 'stopped', reason: 'unknown_outcome', text, orderLocalId: 'o3' }, rule(), NOON).orderLocalId).toBe('o3');
  });

  it('are worth a new record for every buy and for every change of what the rule does', () => {
    expect(isWorthRecording(undefined, record())).toBe(true);
    expect(isWorthRecording(record(), record({ at: NOON + 1, detail: 'other figures' }))).toBe(false);
    expect(isWorthRecording(record(), record({ reason: 'order_in_flight' }))).toBe(true);
    expect(isWorthRecording(record({ kind: 'paused', reason: 'node_down' }), record({ kind: 'paused', reason: 'service_down' }))).toBe(true);
    const buy = record({ kind: 'buy', reason: 'below_keep', orderLocalId: 'o1' });
    expect(isWorthRecording(buy, { ...buy, orderLocalId: 'o2' })).toBe(true);
    const stop = record({ kind: 'stopped', reason: 'unknown_outcome', orderLocalId: 'o1' });
    expect(isWorthRecording(stop, { ...stop, at: NOON + 5 })).toBe(false);
    expect(isWorthRecording(stop, { ...stop, orderLocalId: 'o2' })).toBe(true);
  });
});

describe('the decision log in memory', () => {
  it('lists newest first with filters and a limit, and hands out copies', () => {
    const log = new MemoryDecisionLog();
    log.record(record({ at: 1, reason: 'enough_energy' }));
    log.record(record({ at: 2, kind: 'buy', reason: 'below_keep', orderLocalId: 'o1' }));
    log.record(record({ at: 3, ruleId: 'r2', address: OTHER_ADDRESS, kind: 'refuse', reason: 'max_orders' }));
    log.record(record({ at: 3, reason: 'order_in_flight' }));
    expect(log.list().map((r) => `${r.at}:${r.reason}`)).toEqual(['3:order_in_flight', '3:max_orders', '2:below_keep', '1:enough_energy']);
    expect(log.list({ ruleId: 'r1', limit: 2 }).map((r) => r.reason)).toEqual(['order_in_flight', 'below_keep']);
    expect(log.list({ address: OTHER_ADDRESS }).map((r) => r.ruleId)).toEqual(['r2']);
    expect(log.list({ orderLocalId: 'o1' }).map((r) => r.kind)).toEqual(['buy']);
    expect(log.list({ kinds: ['refuse', 'buy'] }).map((r) => r.kind)).toEqual(['refuse', 'buy']);
    expect(log.list({ since: 2, before: 3 }).map((r) => r.at)).toEqual([2]);
    log.list()[0]!.detail = 'tampered';
    expect(log.list()[0]?.detail).toBe('enough');
  });

  it('stays newest first when the clock steps back', () => {
    const log = new MemoryDecisionLog();
    log.record(record({ at: 10, reason: 'enough_energy' }));
    log.record(record({ at: 5, reason: 'order_in_flight' }));
    log.record(record({ at: 10, reason: 'energy_arriving' }));
    expect(log.list().map((r) => r.reason)).toEqual(['energy_arriving', 'enough_energy', 'order_in_flight']);
    expect(log.size).toBe(3);
  });
});

describe("a rule's day from the order history", () => {
  it('counts every order the rule placed since local midnight, and its spend as the daily limit does', () => {
    const midnight = new Date(2025, 5, 10).getTime();
    const mine = new Set(['a', 'b', 'c', 'd', 'old']);
    const orders = [
      order({ localId: 'a', quotedSun: 3_000_000n, chargedSun: 3_500_000n, state: 'succeeded' }), // the larger of quote and charge
      order({ localId: 'b', quotedSun: 2_000_000n, state: 'outcome_unknown' }), // may be gone
      order({ localId: 'c', quotedSun: 9_000_000n, state: 'failed', orderSn: null }), // refused at submission: an attempt, no spend
      order({ localId: 'd', quotedSun: 1_000_000n, state: 'failed' }), // accepted, failed later: no refund documented
      order({ localId: 'old', quotedSun: 50_000_000n, createdAt: midnight - 1 }),
      order({ localId: 'person', quotedSun: 50_000_000n }),
    ];
    const ledger = ordersRuleLedger(() => orders, (o) => (mine.has(o.localId) ? 'r1' : null));
    expect(ruleToday(ledger, 'r1', NOON)).toEqual({ orders: 4, spentSun: 6_500_000n });
    expect(ledger.ruleDay('r1', midnight - 1)).toEqual({ orders: 5, spentSun: 56_500_000n });
    expect(ruleToday(ledger, 'r2', NOON)).toEqual({ orders: 0, spentSun: 0n });
  });
});
