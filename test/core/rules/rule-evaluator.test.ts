import { words } from '../../../src/core/rules/decision-words.ts';
import { msg, sunValue } from '../../../src/shared/i18n/message.ts';
import { describe, expect, it } from 'vitest';
import { acknowledgeUnknown } from '../../../src/core/rules/rule.ts';
import { RuleEvaluator, type Evaluation } from '../../../src/core/rules/rule-evaluator.ts';
import { ordersRuleLedger } from '../../../src/core/rules/rule-ledger.ts';
import { MemoryDecisionLog } from '../../../src/core/rules/decision-log.ts';
import { HOLDER, NOON, rule } from './rule-fixtures.ts';
import { RuleWorld } from './rule-world.ts';

const R = rule();

function world(start = NOON, r = R): RuleWorld {
  const w = new RuleWorld(start);
  w.addWallet(r, HOLDER);
  return w;
}

const kindOf = (e: Evaluation | null): string => (e ? `${e.record.kind}:${e.record.reason}` : 'none');

describe('the rule evaluator', () => {
  it('buys once at the fresh quote, records the order it placed, then waits for it', async () => {
    const w = world();
    w.read(R.address);
    const bought = await w.evaluate(R);
    expect(bought?.record).toMatchObject({ kind: 'buy', reason: 'below_keep', option: 'timed', count: 4 * 64_285, quotedSun: 4n * 64_285n * 45n, orderLocalId: 'o1' });
    expect(bought?.recorded).toBe(true);
    expect(w.orders).toHaveLength(1);
    expect(w.ruleOf.get('o1')).toBe(R.id);
    w.advance(5_000);
    w.read(R.address);
    expect(kindOf(await w.evaluate(R))).toBe('skip:order_in_flight');
    w.settle('o1', 'succeeded');
    w.read(R.address); // too early: the delegation does not show yet
    expect(kindOf(await w.evaluate(R))).toBe('skip:energy_arriving');
    w.advance(60_000);
    w.read(R.address);
    expect(kindOf(await w.evaluate(R))).toBe('skip:enough_energy');
    expect(w.log.list({ ruleId: R.id }).map((r) => r.reason)).toEqual(['enough_energy', 'energy_arriving', 'order_in_flight', 'below_keep']);
    expect(w.log.list({ orderLocalId: 'o1' })[0]?.kind).toBe('buy');
    expect(w.violations).toEqual([]);
  });

  it('evaluates one address at a time: a second evaluation while the first is quoting is dropped', async () => {
    const w = world();
    w.read(R.address);
    const [first, second] = await Promise.all([w.evaluate(R), w.evaluate(R)]);
    expect(kindOf(first)).toBe('buy:below_keep');
    expect(second).toBeNull();
    expect(w.orders).toHaveLength(1);
    expect(w.evaluator.isBusy(R.address)).toBe(false);
  });

  it('quotes at decision time: a price spike since the last reading refuses with the price, once', async () => {
    const w = world();
    w.read(R.address);
    // Burning is dear here (420 SUN per energy, TRON's highest fee so far), so the rule's cap is what refuses the spike.
    w.energyFeeSun = 420n;
    w.pricePercent = 400n;
    const refused = await w.evaluate(R);
    expect(refused?.record).toMatchObject({ kind: 'refuse', reason: 'over_rule_cap', quotedSun: 4n * 64_285n * 45n * 4n, orderLocalId: null });
    expect(refused?.record.detail).toMatch(/^Not bought: 257,140 energy for 1 hr now costs 46\.29 TRX, more than the 20\.00 TRX left/);
    w.advance(60_000);
    w.read(R.address);
    const again = await w.evaluate(R);
    expect(kindOf(again)).toBe('refuse:over_rule_cap');
    expect(again?.recorded).toBe(false);
    expect(w.log.size).toBe(1);
    expect(w.orders).toEqual([]);
  });

  it('decides again with the prices in hand: an order a person placed while quoting wins', async () => {
    const w = world();
    w.read(R.address);
    w.duringQuote = () => void w.manualOrder(R.address, 3_000_000n);
    expect(kindOf(await w.evaluate(R))).toBe('skip:order_in_flight');
    expect(w.orders).toHaveLength(1);
    expect(w.ruleOf.size).toBe(0);
  });

  it('reads the day again after quoting: midnight while quoting gives the new day its own cap', async () => {
    const lateEvening = new Date(2025, 5, 10, 23, 59, 59).getTime();
    const w = world(lateEvening);
    w.settle(w.pastRuleOrder(R, 15_000_000n).localId, 'failed'); // accepted, then failed: it counts (no refund)
    w.advance(500);
    w.read(R.address);
    w.duringQuote = () => w.advance(1_000);
    const bought = await w.evaluate(R);
    expect(kindOf(bought)).toBe('buy:below_keep');
    expect(w.orders[1]?.createdAt).toBeGreaterThanOrEqual(new Date(2025, 5, 11).getTime());
    // Without the midnight the same quote would not have fitted the 5 TRX left.
    const w2 = world(lateEvening - 10_000);
    w2.settle(w2.pastRuleOrder(R, 15_000_000n).localId, 'failed');
    w2.read(R.address);
    expect(kindOf(await w2.evaluate(R))).toBe('refuse:over_rule_cap');
  });

  it('stops on an unknown outcome until the person looks, then buys again', async () => {
    const R = rule({ dailyCapSun: '40000000' }); // room for two orders: the unknown one counts as charged
    const w = world(NOON, R);
    w.read(R.address);
    await w.evaluate(R);
    w.advance(1_000);
    w.settle('o1', 'outcome_unknown');
    w.read(R.address);
    const stopped = await w.evaluate(R);
    expect(stopped?.record).toMatchObject({ kind: 'stopped', reason: 'unknown_outcome', orderLocalId: 'o1' });
    w.advance(3_600_000);
    w.read(R.address);
    expect(kindOf(await w.evaluate(R))).toBe('stopped:unknown_outcome');
    w.rules.set(R.id, acknowledgeUnknown(R, w.clock.now()));
    expect(kindOf(await w.evaluate(w.rules.get(R.id)!))).toBe('buy:below_keep');
    expect(w.violations).toEqual([]);
  });

  it('refuses when the daily limit was lowered while quoting', async () => {
    const w = world();
    w.read(R.address);
    w.duringQuote = () => {
      w.globalLimitSun = 1n;
    };
    expect(kindOf(await w.evaluate(R))).toBe('refuse:over_daily_limit');
    expect(w.violations).toEqual([]);
  });

  it('pauses instead of buying blind when the service stops answering while quoting', async () => {
    const w = world();
    w.read(R.address);
    w.duringQuote = () => {
      w.serviceDown = true;
    };
    expect(kindOf(await w.evaluate(R))).toBe('paused:service_down');
    expect(w.orders).toEqual([]);
  });

  it('turns a placement the paid path refused into a refusal with the offer, and a quote port that throws into a pause', async () => {
    const w = world();
    w.read(R.address);
    const limitWords = words.offerNotPlaced({ option: 'timed', period: '1h', count: 257_140 }, msg('errors:spendLimit.usedUp', { limit: sunValue(100_000_000n), spent: sunValue(100_000_000n) }));
    w.refuseNext = { placed: false, reason: 'daily_limit', text: limitWords };
    const refused = await w.evaluate(R);
    expect(refused?.record).toMatchObject({ kind: 'refuse', reason: 'over_daily_limit', count: 257_140, orderLocalId: null, text: limitWords });
    expect(refused?.record.detail).toMatch(/^Not bought: 257,140 energy for 1 hr: Not bought: your daily spending limit of 100\.00 TRX is used up today/);
    w.refuseNext = { placed: false, reason: 'refused', text: words.accountChanged() };
    w.advance(1_000);
    expect(kindOf(await w.evaluate(R))).toBe('refuse:not_placed');
    expect(w.orders).toEqual([]);

    const log = new MemoryDecisionLog();
    const evaluator = new RuleEvaluator({
      clock: w.clock,
      rule: () => R,
      situation: () => ({ ...w.situation(R) }),
      ledger: ordersRuleLedger(() => [], () => null),
      quotes: { quote: () => Promise.reject(new Error('socket hang up with secret header')), energyFee: async () => ({ ok: true, sun: 100n }) },
      placer: { place: () => Promise.reject(new Error('unreachable')) },
      log,
    });
    const paused = await evaluator.evaluate(R.id);
    expect(paused?.record).toMatchObject({ kind: 'paused', reason: 'service_down' });
    const throwing = new RuleEvaluator({
      clock: w.clock,
      rule: () => R,
      situation: () => ({ ...w.situation(R), globalLeftSun: 100_000_000n }),
      ledger: ordersRuleLedger(() => [], () => null),
      quotes: { quote: async () => ({ ok: true, sun: 1n }), energyFee: async () => ({ ok: true, sun: 100n }) },
      placer: { place: () => Promise.reject(new Error('/home/user/secret path')) },
      log,
    });
    const notPlaced = await throwing.evaluate(R.id);
    expect(notPlaced?.record).toMatchObject({ kind: 'refuse', reason: 'not_placed', quotedSun: 1n });
    expect(notPlaced?.record.detail).toBe('Not bought: Something went wrong inside Energy Tray. See the log for details.');
  });

  it('follows an edit made while quoting: a rule turned off or removed buys nothing', async () => {
    const w = world();
    w.read(R.address);
    w.duringQuote = () => void w.rules.set(R.id, { ...R, enabled: false });
    expect(kindOf(await w.evaluate(R))).toBe('skip:disabled');
    w.rules.set(R.id, R);
    w.duringQuote = () => void w.rules.delete(R.id);
    expect(kindOf(await w.evaluate(R))).toBe('skip:reading_changed');
    expect(await w.evaluate(R)).toBeNull();
    expect(w.orders).toEqual([]);
  });

  it('records a decision only when it changes, and a restarted evaluator goes on from the log', async () => {
    const w = world();
    w.wallet(R.address).energy = 10n * HOLDER;
    const told: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      w.read(R.address);
      w.evaluator.events.on('decided', (e) => told.push(e.recorded));
      await w.evaluate(R);
      w.restart();
      w.advance(60_000);
    }
    expect(w.log.list().map((r) => r.reason)).toEqual(['enough_energy']);
    expect(told).toEqual([true, false, false]);
  });
});
