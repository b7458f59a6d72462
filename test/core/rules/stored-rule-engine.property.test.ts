import { userText } from '../../../src/core/base/domain-error.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../src/core/base/virtual-clock.ts';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { orderSpendSun, startOfLocalDay } from '../../../src/core/orders/spend-limit.ts';
import { addressBusy, type RuleSituation } from '../../../src/core/rules/decide.ts';
import type { Rule } from '../../../src/core/rules/rule.ts';
import { RuleEvaluator } from '../../../src/core/rules/rule-evaluator.ts';
import { busyCandidates, StoredDecisionLog, storedRuleLedger } from '../../../src/core/rules/stored-decision-log.ts';
import { tempDir } from '../orders/journal-helpers.ts';
import { VALID_ADDRESS as ADDRESS } from '../../support/addresses.ts';

/**
 * The engine over the real order store (the app's and the daemon's wiring):
 * the rule's day read by query from the journal, the decisions in its table,
 * "one at a time" checked inside the intent's transaction. Random lives with
 * readings, orders ending (or their outcome unknown), restarts (the journal
 * closed and opened again, a new evaluator with no memory), and midnights.
 * Checked against the journal's own rows: no local day over the cap or the
 * orders a day, never two orders on their way for the address, nothing
 * bought while an unknown outcome is not looked at.
 */
const PER_TRANSFER = 65_000n;
const START = new Date(2026, 10, 23, 20, 0).getTime();
const RULE: Rule = {
  id: 'r1', profileId: 'p', address: ADDRESS, name: 'Payroll', enabled: true, keepTransfers: 1, topUpTransfers: 2, option: 'timed', period: '1h',
  dailyCapSun: '12000000', maxOrdersPerDay: 3, createdAt: 0, unknownCheckedAt: 0, maxSunPerEnergy: null,
};

const step = fc.oneof(
  fc.record({ t: fc.constant('advance' as const), ms: fc.integer({ min: 1_000, max: 3 * 3_600_000 }) }),
  fc.record({ t: fc.constant('drain' as const) }),
  fc.record({ t: fc.constant('settle' as const), outcome: fc.constantFrom('succeeded' as const, 'failed' as const, 'outcome_unknown' as const) }),
  fc.record({ t: fc.constant('restart' as const) }),
  fc.record({ t: fc.constant('acknowledge' as const) }),
  fc.record({ t: fc.constant('evaluate' as const), times: fc.integer({ min: 1, max: 3 }) }),
);

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

async function life(steps: readonly Step[]): Promise<{ problems: string[]; perDay: number[] }> {
  const dir = await tempDir();
  const clock = new VirtualClock(START);
  let rule = { ...RULE };
  let energy = 0n;
  let journal = await OrderJournal.open(dir, clock);
  const problems: string[] = [];
  const situation = (): RuleSituation => ({
    energyPerTransfer: PER_TRANSFER,
    reading: { at: clock.now(), activated: true, availableEnergy: energy },
    orders: busyCandidates(journal.rules, journal.active(), ADDRESS, clock.now() - 60_000, rule.unknownCheckedAt),
    globalLeftSun: 100_000_000n - journal.spentSince(startOfLocalDay(clock.now())),
    serviceDown: false,
    nodeDown: false,
    pausedAll: false,
  });
  const evaluator = (): RuleEvaluator =>
    new RuleEvaluator({
      clock,
      rule: () => rule,
      situation,
      ledger: storedRuleLedger(journal.rules),
      // 45 SUN per energy against a burn price of 100: every quote is one the rule may buy.
      quotes: { quote: async (ask) => ({ ok: true, sun: BigInt(ask.count) * 45n }), energyFee: async () => ({ ok: true, sun: 100n }) },
      placer: {
        place: async (r, buy) => {
          const check = (): void => {
            if (addressBusy(situation().orders, ADDRESS, clock.now(), 60_000)) throw new Error('busy');
          };
          try {
            const o = await journal.recordIntent({ kind: 'energy', profileId: 'p', address: ADDRESS, resource: 'energy', count: buy.count, period: buy.period, quotedSun: buy.quotedSun, ruleId: r.id }, check);
            await journal.recordSubmitted(o.localId, { orderSn: `EN${o.localId}`, chargedSun: buy.quotedSun });
            return { placed: true, localId: o.localId };
          } catch (err) {
            return { placed: false, reason: 'refused', text: userText(err) };
          }
        },
      },
      log: new StoredDecisionLog(journal.rules),
    });
  let engine = evaluator();
  for (const s of steps) {
    if (s.t === 'advance') clock.advanceTo(clock.now() + s.ms);
    else if (s.t === 'drain') energy = 0n;
    else if (s.t === 'restart') {
      journal.close();
      journal = await OrderJournal.open(dir, clock);
      engine = evaluator();
    } else if (s.t === 'acknowledge') rule = { ...rule, unknownCheckedAt: clock.now() };
    else if (s.t === 'settle') {
      for (const o of journal.active().filter((x) => x.state === 'running')) {
        if (s.outcome === 'succeeded') {
          await journal.recordPoll(o.localId, { state: 'succeeded' });
          energy += BigInt(o.count ?? 0);
        } else if (s.outcome === 'failed') await journal.recordPoll(o.localId, { state: 'failed', error: 'no pool' });
        else problems.push(...[]); // an unknown outcome is settled below, from 'running' it cannot move there
      }
      if (s.outcome === 'outcome_unknown') {
        const o = await journal.recordIntent({ kind: 'energy', profileId: 'p', address: ADDRESS, resource: 'energy', count: 65_000, period: '1h', quotedSun: 1n });
        await journal.recordOutcomeUnknown(o.localId, 'timeout');
      }
      for (const o of journal.active()) if (o.notifiedAt === null && o.state !== 'running' && o.state !== 'submitting') await journal.markNotified(o.localId);
    } else {
      const before = journal.list().filter((o) => o.ruleId === rule.id).length;
      const unseen = busyCandidates(journal.rules, journal.active(), ADDRESS, 0, rule.unknownCheckedAt).some((o) => o.state === 'outcome_unknown');
      await Promise.all(Array.from({ length: s.times }, () => engine.evaluate(rule.id)));
      const after = journal.list().filter((o) => o.ruleId === rule.id).length;
      if (unseen && after > before) problems.push('bought while an unknown outcome was not looked at');
    }
    const all = journal.list();
    if (all.filter((o) => o.address === ADDRESS && (o.state === 'submitting' || o.state === 'running')).length > 1) problems.push('two orders on their way');
    const days = new Map<number, { orders: number; sun: bigint }>();
    for (const o of all.filter((x) => x.ruleId === rule.id)) {
      const day = startOfLocalDay(o.createdAt);
      const d = days.get(day) ?? { orders: 0, sun: 0n };
      days.set(day, { orders: d.orders + 1, sun: d.sun + orderSpendSun(o) });
    }
    for (const [day, d] of days) {
      if (d.orders > rule.maxOrdersPerDay) problems.push(`${new Date(day).toDateString()}: ${d.orders} orders`);
      if (d.sun > BigInt(rule.dailyCapSun)) problems.push(`${new Date(day).toDateString()}: ${d.sun} SUN over the cap`);
    }
  }
  const perDay = new Map<number, number>();
  for (const o of journal.list().filter((x) => x.ruleId === rule.id)) perDay.set(startOfLocalDay(o.createdAt), (perDay.get(startOfLocalDay(o.createdAt)) ?? 0) + 1);
  journal.close();
  return { problems: [...new Set(problems)], perDay: [...perDay.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n) };
}

describe('the rule engine over the real order store, across restarts and midnights', () => {
  it('never crosses a cap or the orders a day, never has two orders on their way, never buys past an unknown outcome', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), async (steps) => {
        expect((await life(steps)).problems).toEqual([]);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('a day with orders keeps counting after a restart, and the next day starts afresh', async () => {
    // Drained three times before midnight (the cap allows two 5.85 TRX orders), then once after it.
    const steps = [
      { t: 'drain' }, { t: 'evaluate', times: 2 }, { t: 'settle', outcome: 'succeeded' }, { t: 'advance', ms: 120_000 },
      { t: 'drain' }, { t: 'restart' }, { t: 'evaluate', times: 1 }, { t: 'settle', outcome: 'succeeded' }, { t: 'advance', ms: 120_000 },
      { t: 'drain' }, { t: 'restart' }, { t: 'evaluate', times: 2 },
      { t: 'advance', ms: 4 * 3_600_000 }, { t: 'drain' }, { t: 'evaluate', times: 1 },
    ] as const;
    expect(await life(steps)).toEqual({ problems: [], perDay: [2, 1] });
  });
});
