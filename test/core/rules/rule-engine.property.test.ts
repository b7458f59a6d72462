import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderSpendSun, startOfLocalDay } from '../../../src/core/orders/spend-limit.ts';
import { acknowledgeUnknown, ruleCapSun, type Rule } from '../../../src/core/rules/rule.ts';
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';
import { rule } from './rule-fixtures.ts';
import { isPending, RuleWorld } from './rule-world.ts';

/**
 * The engine's promises over random lives of three wallets: readings,
 * spending, prices and spikes, orders that succeed, fail, stall or end
 * unknown, outages of the service and the node, the chain's energy fee
 * (unreadable, below the prices, high), things that happen while a
 * quote is out, restarts (a new evaluator that knows only the journal and the
 * decision log), and several midnights. The world's placer checks each
 * placement independently of the engine's code.
 */

const rules = (list: Rule[]): Rule[] => list.map((r) => ({ ...r, createdAt: 0, unknownCheckedAt: 0 }));
const RULES: Rule[] = rules([
  rule({ id: 'payroll', address: tronAddressFromSeed('prop-a'), keepTransfers: 2, topUpTransfers: 4, option: 'timed', period: '1h', dailyCapSun: '60000000', maxOrdersPerDay: 2 }),
  rule({ id: 'hot', address: tronAddressFromSeed('prop-b'), keepTransfers: 3, topUpTransfers: 6, option: 'cheapest', period: '1h', dailyCapSun: '45000000', maxOrdersPerDay: 4, maxSunPerEnergy: '60' }),
  rule({ id: 'shop', address: tronAddressFromSeed('prop-c'), keepTransfers: 1, topUpTransfers: 1, option: 'fast_recover', period: null, dailyCapSun: '6171360', maxOrdersPerDay: 5 }),
]);
const PER_TRANSFER = [64_285n, 130_285n, 64_285n];

const wallet = fc.nat({ max: RULES.length - 1 });
/** Mostly back to normal: an outage, a pause or a rule turned off lasts until a later step of its kind. */
const mostlyOff = fc.constantFrom(true, false, false, false);
const during = fc.oneof(
  fc.record({ t: fc.constant('advance' as const), ms: fc.integer({ min: 1, max: 2 * 3_600_000 }) }),
  fc.record({ t: fc.constant('manual' as const) }),
  fc.record({ t: fc.constant('serviceDown' as const) }),
  fc.record({ t: fc.constant('spike' as const) }),
  fc.record({ t: fc.constant('edit' as const) }),
  fc.record({ t: fc.constant('spendAndRead' as const) }),
);
/** A working day: readings, transfers, time, orders ending, prices, restarts. */
const everyday = [
  { weight: 6, arbitrary: fc.record({ t: fc.constant('read' as const), w: wallet }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('advance' as const), ms: fc.integer({ min: 1_000, max: 600_000 }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('advance' as const), ms: fc.integer({ min: 1, max: 8 * 3_600_000 }) }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('spend' as const), w: wallet, n: fc.bigInt({ min: 1n, max: 4n }) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('settle' as const), pick: fc.nat(), to: fc.constantFrom('succeeded', 'succeeded', 'succeeded', 'failed', 'outcome_unknown', 'stalled') }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('price' as const), percent: fc.bigInt({ min: 50n, max: 600n }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('restart' as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('ack' as const), w: wallet }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('manual' as const), w: wallet }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('concurrent' as const), w: wallet }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('duringQuote' as const), w: wallet, what: during }) },
];
/** Outages, pauses, rules turned off, prices missing. */
const trouble = [
  { weight: 1, arbitrary: fc.record({ t: fc.constant('service' as const), down: mostlyOff }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('node' as const), down: mostlyOff }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('fastPrice' as const), unavailable: mostlyOff }) },
  // The chain's energy fee: unreadable, below the prices, as usual, TRON's highest so far.
  { weight: 1, arbitrary: fc.record({ t: fc.constant('fee' as const), sun: fc.constantFrom<bigint | null>(null, 40n, 100n, 100n, 420n) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('toggle' as const), w: wallet, off: mostlyOff }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('pauseAll' as const), on: mostlyOff }) },
];
const step = fc.oneof(...everyday, ...trouble);
const calmStep = fc.oneof(...everyday);
type Step = typeof step | typeof calmStep extends fc.Arbitrary<infer S> ? S : never;

const life = fc.record({
  startHour: fc.integer({ min: 18, max: 23 }),
  arrivalDelayMs: fc.oneof(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 0, max: 120_000 })),
  globalLimitSun: fc.constantFrom(25_000_000n, 60_000_000n, 1_000_000_000n),
  steps: fc.oneof(fc.array(step, { minLength: 20, maxLength: 200, size: 'max' }), fc.array(calmStep, { minLength: 20, maxLength: 200, size: 'max' })),
});

function duringQuote(w: RuleWorld, r: Rule, s: Extract<Step, { t: 'duringQuote' }>): () => void {
  const action = s.what;
  return () => {
    if (action.t === 'advance') w.advance(action.ms);
    else if (action.t === 'manual') w.manualOrder(r.address, 2_000_000n);
    else if (action.t === 'serviceDown') w.serviceDown = true;
    else if (action.t === 'spike') w.pricePercent = 1_000n;
    else if (action.t === 'spendAndRead') {
      w.spend(r.address, 1n);
      w.read(r.address);
    }
    else w.rules.set(r.id, { ...w.rules.get(r.id)!, enabled: false });
  };
}

async function play(w: RuleWorld, s: Step): Promise<void> {
  const r = 'w' in s ? w.rules.get(RULES[s.w]!.id)! : undefined;
  switch (s.t) {
    case 'read':
      w.read(r!.address);
      await w.evaluate(r!);
      return;
    case 'advance':
      return w.advance(s.ms);
    case 'spend':
      return w.spend(r!.address, s.n);
    case 'settle': {
      const pending = w.pending();
      if (pending.length > 0) w.settle(pending[s.pick % pending.length]!.localId, s.to);
      return;
    }
    case 'service':
      w.serviceDown = s.down;
      return;
    case 'node':
      w.nodeDown = s.down;
      return;
    case 'price':
      w.pricePercent = s.percent;
      return;
    case 'fastPrice':
      w.fastUnavailable = s.unavailable;
      return;
    case 'fee':
      w.energyFeeSun = s.sun;
      return;
    case 'restart':
      return w.restart();
    case 'ack':
      w.rules.set(r!.id, acknowledgeUnknown(r!, w.clock.now()));
      return;
    case 'toggle':
      w.rules.set(r!.id, { ...r!, enabled: !s.off });
      return;
    case 'pauseAll':
      w.pausedAll = s.on;
      return;
    case 'manual':
      w.manualOrder(r!.address, 3_000_000n);
      return;
    case 'concurrent': {
      w.read(r!.address);
      const [first, second] = await Promise.all([w.evaluate(r!), w.evaluate(r!)]);
      expect(first !== null && second !== null).toBe(false);
      return;
    }
    case 'duringQuote':
      w.duringQuote = duringQuote(w, r!, s);
      w.read(r!.address);
      await w.evaluate(r!);
      w.duringQuote = null;
      return;
  }
}

/** Sums by local day: the rule's orders and spend, and everyone's spend. */
function days(w: RuleWorld): { perRule: Map<string, { orders: number; spentSun: bigint }>; global: Map<number, bigint> } {
  const perRule = new Map<string, { orders: number; spentSun: bigint }>();
  const global = new Map<number, bigint>();
  for (const order of w.orders) {
    const day = startOfLocalDay(order.createdAt);
    global.set(day, (global.get(day) ?? 0n) + orderSpendSun(order));
    const ruleId = w.ruleOf.get(order.localId);
    if (!ruleId) continue;
    const key = `${ruleId}@${day}`;
    const sum = perRule.get(key) ?? { orders: 0, spentSun: 0n };
    perRule.set(key, { orders: sum.orders + 1, spentSun: sum.spentSun + orderSpendSun(order) });
  }
  return { perRule, global };
}

describe('the rule engine over random lives', () => {
  it('never has two orders for one address on their way, never exceeds a cap or the burn cost, never buys blind, stops on unknown outcomes', async () => {
    await fc.assert(
      fc.asyncProperty(life, async ({ startHour, arrivalDelayMs, globalLimitSun, steps }) => {
        const w = new RuleWorld(new Date(2025, 2, 28, startHour, 30).getTime());
        w.arrivalDelayMs = arrivalDelayMs;
        w.globalLimitSun = globalLimitSun;
        RULES.forEach((r, i) => w.addWallet(r, PER_TRANSFER[i]!));
        for (const s of steps) {
          await play(w, s);
          for (const r of RULES) expect(w.orders.filter((o) => o.address === r.address && isPending(o.state)).length).toBeLessThanOrEqual(1);
        }
        expect(w.violations).toEqual([]);

        const { perRule, global } = days(w);
        for (const [key, day] of perRule) {
          const r = RULES.find((x) => key.startsWith(`${x.id}@`))!;
          expect(day.orders, key).toBeLessThanOrEqual(r.maxOrdersPerDay);
          expect(day.spentSun <= ruleCapSun(r), key).toBe(true);
        }
        for (const [day, spent] of global) expect(spent <= globalLimitSun, new Date(day).toISOString()).toBe(true);

        for (const e of w.evaluations) {
          if (e.outage) expect(e.record.kind, e.record.detail).not.toBe('buy');
          if (e.unseenUnknown && e.rule.enabled) expect(e.record.kind, e.record.detail).toBe('stopped');
          if (e.record.kind === 'paused') expect(e.record.orderLocalId).toBeNull();
        }
        // One record per change of what a rule does, across restarts.
        for (const r of RULES) {
          const records = w.log.list({ ruleId: r.id }).reverse();
          records.slice(1).forEach((rec, i) => {
            const prev = records[i]!;
            if (rec.kind !== 'buy') expect(`${rec.kind}:${rec.reason}:${rec.orderLocalId}`).not.toBe(`${prev.kind}:${prev.reason}:${prev.orderLocalId}`);
          });
        }
      }),
      { numRuns: 150 },
    );
  });

  it('buys again after a restart only what the history leaves room for', async () => {
    const w = new RuleWorld(new Date(2025, 2, 28, 9, 0).getTime());
    const r = RULES[2]!; // 6.17 TRX a day: two fast recovers of one holder transfer (64,285 energy at 48 SUN = 3.09 TRX)
    w.addWallet(r, 64_285n);
    const bought: string[] = [];
    for (let i = 0; i < 6; i++) {
      w.restart();
      w.read(r.address);
      const e = await w.evaluate(r);
      bought.push(`${e?.record.kind}:${e?.record.reason}`);
      const last = w.pending()[0];
      if (last) w.settle(last.localId, 'failed'); // accepted then failed: it counts, and the wallet stays empty
      w.advance(60_000);
    }
    expect(bought).toEqual(['buy:below_keep', 'buy:below_keep', 'refuse:cap_used', 'refuse:cap_used', 'refuse:cap_used', 'refuse:cap_used']);
    expect(w.log.list({ ruleId: r.id, kinds: ['refuse'] })).toHaveLength(1);
  });
});
