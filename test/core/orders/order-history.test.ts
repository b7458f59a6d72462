import { beforeAll, describe, expect, it } from 'vitest';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { OrderStore } from '../../../src/core/orders/order-store.ts';
import type { OrderIntent, OrderState } from '../../../src/core/orders/order-types.ts';
import { ordersRuleLedger } from '../../../src/core/rules/rule-ledger.ts';
import { energyIntent, fastIntent, fixedClock, oldRecord, tempDir } from './journal-helpers.ts';

const T0 = Date.UTC(2023, 10, 14, 1);
const HOUR = 3_600_000;
const ADDRESS_A = 'TAaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const ADDRESS_B = 'TBbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

interface Plan {
  intent: OrderIntent;
  at: number;
  serial?: string;
  orderId?: number;
  charged?: bigint;
  end: OrderState;
  tx?: string;
}

/** Builds a history through the journal itself, at chosen times. */
async function history(plans: Plan[]): Promise<{ journal: OrderJournal; ids: string[] }> {
  const clock = fixedClock(T0);
  const journal = await OrderJournal.open(await tempDir(), clock);
  const ids: string[] = [];
  for (const p of plans) {
    clock.set(p.at);
    const o = await journal.recordIntent(p.intent);
    ids.push(o.localId);
    if (p.end === 'outcome_unknown' || (p.end === 'failed' && p.serial === undefined && p.orderId === undefined)) {
      await (p.end === 'failed' ? journal.recordFailed(o.localId, 'refused') : journal.recordOutcomeUnknown(o.localId, 'timeout'));
      continue;
    }
    await journal.recordSubmitted(o.localId, { orderSn: p.serial ?? null, orderId: p.orderId ?? null, chargedSun: p.charged ?? null });
    if (p.end !== 'running') await journal.recordPoll(o.localId, { state: p.end, ...(p.tx ? { txIds: [p.tx] } : {}) });
  }
  return { journal, ids };
}

describe('order history queries', () => {
  let h: { journal: OrderJournal; ids: string[] };
  beforeAll(async () => {
    h = await history([
      { intent: energyIntent({ address: ADDRESS_A, quotedSun: 3_000_000n }), at: T0, serial: 'EN1700000000001', charged: 2_900_000n, end: 'succeeded', tx: 'ABCDEF01'.repeat(8) },
      { intent: fastIntent({ address: ADDRESS_B, quotedSun: 2_000_000n }), at: T0 + HOUR, orderId: 4711, end: 'failed' },
      { intent: energyIntent({ address: ADDRESS_B, quotedSun: 5_000_000n }), at: T0 + 2 * HOUR, end: 'outcome_unknown' },
      { intent: energyIntent({ address: ADDRESS_A, quotedSun: 1_000_000n }), at: T0 + 25 * HOUR, serial: 'EN1700000000004', charged: 1_000_000n, end: 'running' },
      { intent: { kind: 'reclaim', profileId: 'default', address: ADDRESS_A, orderSn: 'EN1700000000001' }, at: T0 + 26 * HOUR, end: 'succeeded' },
    ]);
  });

  it('pages newest first with the total the filter matches', () => {
    const first = h.journal.history.page({}, 0, 2);
    expect(first.total).toBe(5);
    expect(first.rows.map((r) => r.order.localId)).toEqual([h.ids[4], h.ids[3]]);
    expect(h.journal.history.page({}, 4, 2).rows.map((r) => r.order.localId)).toEqual([h.ids[0]]);
  });

  it('filters by status, kind, address and date range', () => {
    const ids = (filter: Parameters<OrderJournal['history']['page']>[0]): string[] => h.journal.history.page(filter, 0, 50).rows.map((r) => r.order.localId);
    expect(ids({ states: ['failed', 'outcome_unknown'] })).toEqual([h.ids[2], h.ids[1]]);
    expect(ids({ kinds: ['fast_recover'] })).toEqual([h.ids[1]]);
    expect(ids({ address: ADDRESS_A, states: ['succeeded'] })).toEqual([h.ids[4], h.ids[0]]);
    expect(ids({ from: T0 + HOUR, to: T0 + 25 * HOUR })).toEqual([h.ids[2], h.ids[1]]);
    expect(ids({ states: [] })).toEqual([]);
    expect(h.journal.history.page({ states: ['stalled'] }, 0, 50).total).toBe(0);
  });

  it('finds orders by the start of their serial, order id or tx id, in any case', () => {
    const ids = (text: string): string[] => h.journal.history.page({ text }, 0, 50).rows.map((r) => r.order.localId);
    // The reclaim carries the serial of the order it reclaims, so both match.
    expect(ids('EN1700000000001')).toEqual([h.ids[4], h.ids[0]]);
    expect(ids('en170000000000')).toEqual([h.ids[4], h.ids[3], h.ids[0]]);
    expect(ids('4711')).toEqual([h.ids[1]]);
    expect(ids('abcdef01abcd')).toEqual([h.ids[0]]);
    expect(ids('  ABCDEF01  ')).toEqual([h.ids[0]]);
    expect(ids('cdef')).toEqual([]);
    expect(h.journal.history.page({ text: 'en17', states: ['running'] }, 0, 50)).toMatchObject({ total: 1, rows: [{ order: { localId: h.ids[3] } }] });
  });

  it('marks an order whose resources were reclaimed', () => {
    const rows = h.journal.history.page({ states: ['succeeded'], kinds: ['energy'] }, 0, 50).rows;
    expect(rows.map((r) => [r.order.orderSn, r.reclaimed])).toEqual([['EN1700000000001', true]]);
    expect(h.journal.history.isReclaimed('EN1700000000001')).toBe(true);
    expect(h.journal.history.isReclaimed('EN1700000000004')).toBe(false);
  });

  it("answers today's spend by query, as the daily limit counts it (orderSpendSun)", () => {
    // The larger of quote and charge: succeeded 3 (quoted 3, charged 2.9) + failed after the service accepted it
    // (order id 4711: no refund documented) 2 + unknown 5 + running 1 + reclaim 0.
    expect(h.journal.spentSince(T0)).toBe(11_000_000n);
    expect(h.journal.spentSince(T0 + 3 * HOUR)).toBe(1_000_000n);
    expect(h.journal.spentSince(T0 + 100 * HOUR)).toBe(0n);
  });

  it('totals per period exactly in SUN, with outcome unknown apart', () => {
    const day = (t: number): string => new Date(t).toISOString().slice(0, 10);
    expect(h.journal.history.totals({}, day)).toEqual([
      { period: day(T0), orders: 3, spentSun: 2_900_000n, uncertainSun: 5_000_000n },
      { period: day(T0 + 25 * HOUR), orders: 2, spentSun: 1_000_000n, uncertainSun: 0n },
    ]);
  });

  it('sums amounts beyond 2^53 exactly', async () => {
    const big = 2n ** 60n + 1n;
    const { journal } = await history([
      { intent: energyIntent({ quotedSun: big }), at: T0, serial: 'EN9', charged: big, end: 'succeeded' },
      { intent: energyIntent({ quotedSun: big }), at: T0 + 1, serial: 'EN10', charged: big, end: 'succeeded' },
    ]);
    expect(journal.spentSince(T0)).toBe(2n * big);
  });

  it('reads every order of a filter in chunks, oldest first', () => {
    const all = [...h.journal.history.orders({}, 2)].map((o) => o.localId);
    expect(all).toEqual(h.ids);
  });

  it('finds the same orders when a search matches many (the newest walked) as when it matches few (sorted)', async () => {
    const dir = await tempDir();
    const { store } = OrderStore.open(dir, T0);
    store.transaction(() => {
      for (let i = 0; i < 1_500; i++) {
        const state = i % 3 === 0 ? 'failed' : 'succeeded';
        store.insert(oldRecord({ localId: `o${i}`, orderSn: `EN${100_000 + i}`, state, createdAt: T0 + i * 1_000, notifiedAt: T0 }), 'app', null);
      }
    });
    store.close();
    const journal = await OrderJournal.open(dir, fixedClock(T0));
    const broad = journal.history.page({ text: 'en1', states: ['succeeded'] }, 50, 50);
    expect(broad.total).toBe(1_000);
    const expected = Array.from({ length: 1_500 }, (_, i) => i).filter((i) => i % 3 !== 0).reverse().slice(50, 100).map((i) => `o${i}`);
    expect(broad.rows.map((r) => r.order.localId)).toEqual(expected);
    // A prefix matching 100 orders takes the sorted path: the same answer for them.
    const narrow = journal.history.page({ text: 'en1010', states: ['succeeded'] }, 0, 50);
    const narrowExpected = Array.from({ length: 100 }, (_, k) => 1_000 + k).filter((i) => i % 3 !== 0).reverse();
    expect(narrow.total).toBe(narrowExpected.length);
    expect(narrow.rows.map((r) => r.order.localId)).toEqual(narrowExpected.slice(0, 50).map((i) => `o${i}`));
    // Text with another filter, and the state kept beside each term following a change.
    expect(journal.history.page({ text: 'EN100001', kinds: ['energy'] }, 0, 5).rows.map((r) => r.order.localId)).toEqual(['o1']);
  });

  it('keeps the state beside the terms in step with the order', async () => {
    const { journal, ids } = await history([{ intent: energyIntent(), at: T0, serial: 'EN777', end: 'running' }]);
    expect(journal.history.page({ text: 'en777', states: ['running'] }, 0, 5).total).toBe(1);
    await journal.recordPoll(ids[0]!, { state: 'succeeded' });
    expect(journal.history.page({ text: 'en777', states: ['running'] }, 0, 5).total).toBe(0);
    expect(journal.history.page({ text: 'en777', states: ['succeeded'] }, 0, 5).rows.map((r) => r.order.localId)).toEqual(ids);
  });
});

describe('history read for the wallets and the rules, by index', () => {
  it('reads the orders that succeeded since a moment (this month\'s savings), by their finish time, and no others', async () => {
    const clock = fixedClock(T0);
    const journal = await OrderJournal.open(await tempDir(), clock);
    const finishAt = async (at: number, end: OrderState): Promise<string> => {
      clock.set(at - HOUR);
      const o = await journal.recordIntent(energyIntent());
      await journal.recordSubmitted(o.localId, { orderSn: `EN${at}`, chargedSun: 1n });
      clock.set(at);
      await journal.recordPoll(o.localId, { state: end });
      return o.localId;
    };
    await finishAt(T0 + HOUR, 'succeeded');
    const later = await finishAt(T0 + 3 * HOUR, 'succeeded');
    await finishAt(T0 + 4 * HOUR, 'failed');
    // Created before the moment, finished after it: counted by when it finished.
    expect(journal.history.succeededSince(T0 + 2 * HOUR + 1).map((o) => o.localId)).toEqual([later]);
    expect(journal.history.succeededSince(T0)).toHaveLength(2);
    // The same orders with only their figures (saved vs burned, the spend chart), as the whole rows have them.
    await journal.recordWouldBurn(later, 6_500_000n);
    const figures = (o: { state: string; kind: string; resource: string | null; count: number | null; finishedAt: number | null; chargedSun: bigint | null; quotedSun: bigint | null; wouldBurnSun?: bigint | null }) => ({
      state: o.state, kind: o.kind, resource: o.resource, count: o.count, finishedAt: o.finishedAt, chargedSun: o.chargedSun, quotedSun: o.quotedSun, wouldBurnSun: o.wouldBurnSun ?? null,
    });
    expect(journal.history.succeededFiguresSince(T0).map(figures)).toEqual(journal.history.succeededSince(T0).map(figures));
    expect(journal.history.succeededFiguresSince(T0 + 2 * HOUR + 1).map(figures)).toEqual([
      { state: 'succeeded', kind: 'energy', resource: null, count: 65_000, finishedAt: T0 + 3 * HOUR, chargedSun: 1n, quotedSun: 2_750_000n, wouldBurnSun: 6_500_000n },
    ]);
  });

  it('answers spend and savings from an index, not a scan of the orders', async () => {
    const dir = await tempDir();
    const journal = await OrderJournal.open(dir, fixedClock(T0));
    const { store } = OrderStore.open(dir, T0);
    const plan = (sql: string): string => store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(0).map((r) => String((r as { detail: string }).detail)).join('; ');
    expect(plan(`SELECT local_id, kind, state, order_sn, order_id, charged_sun, quoted_sun FROM orders WHERE created_at >= ? AND kind <> 'reclaim'`)).toMatch(/USING INDEX orders_by_created/);
    expect(plan(`SELECT o.* FROM orders o INDEXED BY orders_succeeded_by_finished WHERE o.state = 'succeeded' AND o.finished_at >= ? ORDER BY o.finished_at, o.seq`)).toMatch(/USING INDEX orders_succeeded_by_finished/);
    store.close();
    journal.close();
  });

  it("gives a rule's day from the day's orders only (ordersRuleLedger over the store)", async () => {
    const clock = fixedClock(T0);
    const journal = await OrderJournal.open(await tempDir(), clock);
    const placedBy = new Map<string, string>();
    for (const [at, quoted] of [[T0 - 1, 7n], [T0, 2n], [T0 + HOUR, 3n]] as const) {
      clock.set(at);
      placedBy.set((await journal.recordIntent(energyIntent({ quotedSun: quoted }))).localId, 'rule-1');
    }
    const asked: number[] = [];
    const ledger = ordersRuleLedger(
      (since) => {
        asked.push(since);
        return journal.history.orders({ from: since });
      },
      (o) => placedBy.get(o.localId) ?? null,
    );
    expect(ledger.ruleDay('rule-1', T0)).toEqual({ orders: 2, spentSun: 5n });
    expect(ledger.ruleDay('rule-2', T0)).toEqual({ orders: 0, spentSun: 0n });
    expect(asked).toEqual([T0, T0]);
  });
});
