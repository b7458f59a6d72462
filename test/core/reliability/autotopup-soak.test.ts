import { beforeAll, describe, expect, it } from 'vitest';
import type { TrackedOrder } from '../../../src/core/orders/order-types.ts';
import { orderSpendSun } from '../../../src/core/orders/spend-limit.ts';
import { ruleCapSun } from '../../../src/core/rules/rule.ts';
import { burnedSun, countBlindBuys, countDuplicates, countOverCap, coveredCount } from '../../support/soak/soak-metrics.ts';
import { runSoak, type SoakResult } from '../../support/soak/soak-run.ts';
import { GLOBAL_DAILY_LIMIT_SUN, RULE_SETTINGS } from '../../support/soak/soak-scenario.ts';

const TRX = 1_000_000n;

/**
 * A short auto top-up soak (the bench runs the week): one seeded day on the
 * linked simulators, with the model's outages and more spikes and restarts
 * than its average day (a day of seed 4 has outages of every kind at the
 * service and the node, two spikes and two restarts), and the promises
 * checked on what the run left behind. The controls show the counters see a duplicate,
 * a crossed cap and a blind buy when one is put into the same history.
 */

let result: SoakResult;
beforeAll(async () => {
  result = await runSoak({ seed: 4, days: 1, troubles: { spikesPerDay: 1, restartsPerDay: 2 } });
}, 240_000);

const ordersOf = (): TrackedOrder[] => result.autotopup.orders;

describe('a one-day auto top-up soak', () => {
  it('went through outages of both kinds, a price spike and restarts, and bought', () => {
    const { plan, autotopup } = result;
    expect(new Set(plan.faults.map((f) => f.target))).toEqual(new Set(['service', 'node']));
    expect(plan.spikes.length).toBeGreaterThan(0);
    expect(autotopup.restarts).toBeGreaterThan(0);
    expect(autotopup.restarts).toBe(plan.restarts.length);
    expect(autotopup.transfers.length).toBe(plan.transfers.length);
    expect(ordersOf().length).toBeGreaterThan(3);
    expect((autotopup.decisions.get('paused:service_down') ?? 0) + (autotopup.decisions.get('paused:node_down') ?? 0)).toBeGreaterThan(0);
  });

  it('never had two orders for one address on their way, crossed no cap, bought nothing during an outage', () => {
    const { autotopup, rules, plan } = result;
    expect(autotopup.duplicates).toBe(0);
    expect(autotopup.overCap).toBe(0);
    expect(autotopup.blindBuys).toBe(0);
    // The same, recomputed here in the plainest terms: each rule's orders in its one day.
    for (const rule of rules) {
      const mine = ordersOf().filter((o) => o.address === rule.address);
      expect(mine.length).toBeLessThanOrEqual(rule.maxOrdersPerDay);
      expect(mine.reduce((sum, o) => sum + orderSpendSun(o), 0n)).toBeLessThanOrEqual(ruleCapSun(rule));
    }
    for (const o of ordersOf()) expect(plan.faults.some((f) => f.start <= o.createdAt && o.createdAt < f.end)).toBe(false);
  });

  it('covered at least 99 % of the transfers and paid less than burning would have', () => {
    const { autotopup, none, energyFeeSun } = result;
    expect(coveredCount(autotopup.transfers) * 100).toBeGreaterThanOrEqual(99 * autotopup.transfers.length);
    expect(autotopup.spentSun + burnedSun(autotopup.transfers, energyFeeSun)).toBeLessThan(burnedSun(none.transfers, energyFeeSun));
  });

  it('spent what the service took, as the journal recorded it, and no order failed or was left unknown', () => {
    const charged = ordersOf().reduce((sum, o) => sum + (o.chargedSun ?? 0n), 0n);
    expect(result.autotopup.spentSun).toBe(charged);
    expect(ordersOf().filter((o) => o.state !== 'succeeded' && o.state !== 'running')).toEqual([]);
  });

  it('burns, without rental, every unit of energy at the fee the node reported', () => {
    const { none, energyFeeSun } = result;
    expect(energyFeeSun).toBe(100n);
    expect(coveredCount(none.transfers)).toBe(0);
    expect(burnedSun(none.transfers, energyFeeSun)).toBe(none.transfers.reduce((sum, t) => sum + t.energy * energyFeeSun, 0n));
  });
});

describe('the soak counters, given a history that breaks each promise (controls)', () => {
  const shifted = (o: TrackedOrder, ms: number): TrackedOrder => ({ ...o, localId: `${o.localId}-copy`, createdAt: o.createdAt + ms, updatedAt: o.updatedAt + ms });

  it('count a second order for an address placed while the first was on its way', () => {
    const first = ordersOf()[0]!;
    const during = first.createdAt + Math.floor(((first.finishedAt ?? first.updatedAt) - first.createdAt) / 2);
    expect(countDuplicates([...ordersOf(), shifted(first, during - first.createdAt)])).toBe(1);
    // An unknown outcome is on its way for good: one more order for its address after it is a duplicate.
    const last = ordersOf().filter((o) => o.address === first.address).at(-1)!;
    expect(countDuplicates([...ordersOf(), { ...shifted(last, 1), state: 'outcome_unknown', finishedAt: null }])).toBe(1);
    // Right after it ended is no duplicate.
    expect(countDuplicates([...ordersOf(), shifted(first, (first.finishedAt ?? first.updatedAt) - first.createdAt)])).toBe(0);
  });

  it("count a day on which a rule's cap, its orders a day, or the global limit was crossed", () => {
    const { rules } = result;
    const rule = rules.find((r) => ordersOf().some((o) => o.address === r.address))!;
    const mine = ordersOf().find((o) => o.address === rule.address)!;
    const spent = ordersOf().filter((o) => o.address === rule.address).reduce((sum, o) => sum + orderSpendSun(o), 0n);
    const topping = { ...shifted(mine, 1_000), chargedSun: ruleCapSun(rule) - spent + 1n, quotedSun: null };
    expect(countOverCap([...ordersOf(), topping], rules, GLOBAL_DAILY_LIMIT_SUN)).toBe(1);
    expect(countOverCap([...ordersOf(), { ...topping, chargedSun: ruleCapSun(rule) - spent }], rules, GLOBAL_DAILY_LIMIT_SUN)).toBe(0);
    const many = Array.from({ length: rule.maxOrdersPerDay }, (_, i) => ({ ...shifted(mine, 1_000 + i), localId: `extra-${i}`, chargedSun: 1n, quotedSun: null }));
    expect(countOverCap([...ordersOf(), ...many], rules, GLOBAL_DAILY_LIMIT_SUN)).toBe(1);
    const total = ordersOf().reduce((sum, o) => sum + orderSpendSun(o), 0n);
    expect(countOverCap(ordersOf(), rules, total - 1n)).toBe(1);
  });

  it('count an order placed inside an outage window, of the service or of the node', () => {
    const { plan } = result;
    const mine = ordersOf()[0]!;
    for (const target of ['service', 'node'] as const) {
      const window = plan.faults.find((f) => f.target === target)!;
      expect(countBlindBuys([...ordersOf(), { ...mine, localId: `blind-${target}`, createdAt: window.start }], plan.faults)).toBe(1);
      expect(countBlindBuys([...ordersOf(), { ...mine, localId: `after-${target}`, createdAt: window.end }], plan.faults)).toBe(0);
    }
  });
});

describe('the soak, run with an engine that forgets its day (control)', () => {
  it('counts the caps it then crosses', async () => {
    // The shop's rule with a cap of one order's price: with its day forgotten, its second order crosses it.
    const settings = { ...RULE_SETTINGS, shop: { ...RULE_SETTINGS['shop']!, rule: { ...RULE_SETTINGS['shop']!.rule, dailyCapSun: String(25n * TRX) } } };
    const forgetful = await runSoak({ seed: 4, days: 1, settings, forgetfulLedger: true, troubles: { spikesPerDay: 0, restartsPerDay: 0 } });
    expect(forgetful.autotopup.overCap).toBeGreaterThan(0);
    expect(forgetful.autotopup.duplicates).toBe(0);
  }, 240_000);
});
