import { msg } from '../../../src/shared/i18n/message.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TrackedOrder } from '../../../src/core/orders/order-types.ts';
import { decide, DEFAULT_RULE_TIMING, type QuoteAnswer, type RuleInput } from '../../../src/core/rules/decide.ts';
import { MIN_ENERGY_ORDER } from '../../../src/core/wallets/need-estimate.ts';
import { ADDRESS, NOON, order, OTHER_ADDRESS, rule, situation } from './rule-fixtures.ts';

/** Any moment's input: orders in every state, old and fresh readings, caps used or not, outages, answers good and bad. */
const orderArb: fc.Arbitrary<TrackedOrder> = fc
  .record({
    address: fc.constantFrom(ADDRESS, OTHER_ADDRESS),
    state: fc.constantFrom('submitting', 'running', 'succeeded', 'failed', 'stalled', 'outcome_unknown'),
    kind: fc.constantFrom('energy', 'fast_recover', 'net'),
    age: fc.integer({ min: 0, max: 3 * 3_600_000 }),
    finishedAgo: fc.integer({ min: 0, max: 600_000 }),
  })
  .map((o) => order({ address: o.address, state: o.state, kind: o.kind, resource: o.kind === 'net' ? 'net' : 'energy', createdAt: NOON - o.age, finishedAt: NOON - o.finishedAgo, updatedAt: NOON - o.finishedAgo }));

/** True now and then: most moments are ordinary, so buys are reached often enough to check them. */
const rarely = fc.constantFrom(false, false, false, false, false, true);
const mostly = rarely.map((b) => !b);

const inputArb: fc.Arbitrary<RuleInput> = fc
  .record({
    enabled: mostly,
    keep: fc.integer({ min: 1, max: 5 }),
    extra: fc.integer({ min: 0, max: 5 }),
    option: fc.constantFrom('timed', 'fast_recover', 'cheapest'),
    capSun: fc.bigInt({ min: 1n, max: 50_000_000n }),
    maxOrders: fc.integer({ min: 1, max: 8 }),
    checkedAgo: fc.integer({ min: 0, max: 4 * 3_600_000 }),
    available: fc.oneof(fc.bigInt({ min: 0n, max: 200_000n }), fc.bigInt({ min: 0n, max: 700_000n })),
    readingAge: fc.option(fc.oneof(fc.integer({ min: 0, max: 6 * 60_000 }), fc.integer({ min: 0, max: 60_000 })), { freq: 10 }),
    activated: mostly,
    orders: fc.array(orderArb, { maxLength: 3 }),
    globalLeftSun: fc.oneof(fc.bigInt({ min: 0n, max: 60_000_000n }), fc.constant(100_000_000n)),
    serviceDown: rarely,
    nodeDown: rarely,
    pausedAll: rarely,
    todayOrders: fc.integer({ min: 0, max: 7 }),
    todaySpent: fc.oneof(fc.bigInt({ min: 0n, max: 60_000_000n }), fc.bigInt({ min: 0n, max: 5_000_000n })),
  })
  .map((x) => ({
    now: NOON,
    rule: rule({
      enabled: x.enabled,
      keepTransfers: x.keep,
      topUpTransfers: x.keep + x.extra,
      option: x.option,
      period: x.option === 'fast_recover' ? null : '1h',
      dailyCapSun: x.capSun.toString(),
      maxOrdersPerDay: x.maxOrders,
      unknownCheckedAt: NOON - x.checkedAgo,
    }),
    situation: situation({
      reading: x.readingAge === null ? null : { at: NOON - x.readingAge, activated: x.activated, availableEnergy: x.available },
      orders: x.orders,
      globalLeftSun: x.globalLeftSun,
      serviceDown: x.serviceDown,
      nodeDown: x.nodeDown,
      pausedAll: x.pausedAll,
    }),
    today: { orders: x.todayOrders, spentSun: x.todaySpent },
  }));

const answerArb = fc.oneof(
  { weight: 4, arbitrary: fc.oneof(fc.bigInt({ min: 0n, max: 60_000_000n }), fc.bigInt({ min: 0n, max: 10_000_000n })).map((sun) => ({ ok: true as const, sun })) },
  { weight: 1, arbitrary: fc.constantFrom('unreachable' as const, 'refused' as const).map((failure) => ({ ok: false as const, failure, text: msg('errors:unexpected') })) },
);

describe('the decision function over any input', () => {
  it('is deterministic, and a buy keeps every promise the rules make', () => {
    fc.assert(
      fc.property(inputArb, fc.array(answerArb, { minLength: 2, maxLength: 2 }), (input, results) => {
        const first = decide(input);
        expect(decide(structuredClone(input))).toEqual(first);
        if (first.kind !== 'quote') {
          expect(first.kind).not.toBe('buy'); // nothing is bought without a fresh price
          return;
        }
        const quotes: QuoteAnswer[] = first.asks.map((ask, i) => ({ ...ask, result: results[i]! }));
        const verdict = decide({ ...input, quotes });
        expect(decide(structuredClone({ ...input, quotes }))).toEqual(verdict);
        if (verdict.kind !== 'buy') return;
        const { rule, situation: s, today } = input;
        const mine = s.orders.filter((o) => o.address === rule.address);
        expect(rule.enabled && !s.pausedAll && !s.serviceDown && !s.nodeDown).toBe(true);
        expect(s.reading && s.reading.activated && NOON - s.reading.at <= DEFAULT_RULE_TIMING.staleAfterMs).toBe(true);
        expect(mine.some((o) => ['submitting', 'running', 'stalled'].includes(o.state))).toBe(false);
        expect(mine.some((o) => o.state === 'outcome_unknown' && o.createdAt > rule.unknownCheckedAt)).toBe(false);
        expect(mine.some((o) => o.state === 'succeeded' && o.kind !== 'net' && s.reading!.at < o.finishedAt! + DEFAULT_RULE_TIMING.arrivalGraceMs)).toBe(false);
        expect(today.orders < rule.maxOrdersPerDay).toBe(true);
        expect(today.spentSun + verdict.quotedSun <= BigInt(rule.dailyCapSun)).toBe(true);
        expect(verdict.quotedSun <= s.globalLeftSun).toBe(true);
        // What it buys covers the top-up transfers (at least the service minimum), and it bought only below the mark.
        const per = s.energyPerTransfer!;
        expect(s.reading!.availableEnergy / per < BigInt(rule.keepTransfers)).toBe(true);
        expect(s.reading!.availableEnergy + BigInt(verdict.count) >= per * BigInt(rule.topUpTransfers)).toBe(true);
        expect(BigInt(verdict.count) >= MIN_ENERGY_ORDER).toBe(true);
        // The cheapest answer that came back, and one that was asked for.
        const offered = quotes.filter((q) => q.result.ok).map((q) => (q.result.ok ? q.result.sun : 0n));
        expect(offered.every((sun) => verdict.quotedSun <= sun)).toBe(true);
        expect(quotes.some((q) => q.option === verdict.option && q.count === verdict.count && q.period === verdict.period)).toBe(true);
      }),
      { numRuns: 3_000 },
    );
  });
});
