import { describe, expect, it } from 'vitest';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { orderSpendSun, startOfLocalDay } from '../../../src/core/orders/spend-limit.ts';
import { energyIntent, fastIntent, fixedClock, tempDir } from './journal-helpers.ts';
import { VALID_ADDRESS as ADDRESS } from '../../support/addresses.ts';

const NOON = new Date(2026, 10, 23, 12, 0).getTime();
const CLAUDE = { client: 'Claude Desktop', reason: 'supplier payment' };

describe('the order store for an AI assistant', () => {
  it("keeps who asked with the order, and reads the assistant's day by query, counted as the daily limit counts", async () => {
    const dir = await tempDir();
    const clock = fixedClock(NOON - 13 * 3_600_000); // 23:00 the day before
    const journal = await OrderJournal.open(dir, clock);
    await journal.recordIntent(energyIntent({ address: ADDRESS, quotedSun: 1_000_000n, assistant: CLAUDE }));
    clock.set(NOON);
    const a = await journal.recordIntent(energyIntent({ address: ADDRESS, quotedSun: 3_250_000n, assistant: CLAUDE }));
    await journal.recordSubmitted(a.localId, { orderSn: 'EN1', chargedSun: 3_300_000n });
    const refusedAtSubmission = await journal.recordIntent(fastIntent({ address: ADDRESS, quotedSun: 9_000_000n, assistant: { client: 'Cursor', reason: 'x' } }));
    await journal.recordFailed(refusedAtSubmission.localId, 'refused');
    await journal.recordIntent(energyIntent({ address: ADDRESS, quotedSun: 7_000_000n })); // a person's: not the assistant's day
    const day = journal.assistant.assistantDay(startOfLocalDay(NOON));
    expect(day).toEqual({ orders: 2, spentSun: 3_300_000n });
    const assisted = journal.list().filter((o) => o.assistant);
    expect(assisted.filter((o) => o.createdAt >= startOfLocalDay(NOON)).reduce((sum, o) => sum + orderSpendSun(o), 0n)).toBe(day.spentSun);
    journal.close();
    const again = await OrderJournal.open(dir, fixedClock(NOON));
    expect(again.get(a.localId)?.assistant).toEqual(CLAUDE);
    expect(again.assistant.assistantDay(startOfLocalDay(NOON))).toEqual(day);
    again.close();
  });

  it('finds the orders of an address being sent or under way, whoever wrote them', async () => {
    const dir = await tempDir();
    const journal = await OrderJournal.open(dir, fixedClock(NOON));
    const other = await OrderJournal.open(dir, fixedClock(NOON), { origin: 'cli' });
    expect(journal.assistant.underWay(ADDRESS)).toEqual([]);
    const placed = await other.recordIntent(energyIntent({ address: ADDRESS }));
    expect(journal.assistant.underWay(ADDRESS).map((o) => o.localId)).toEqual([placed.localId]);
    await other.recordSubmitted(placed.localId, { orderSn: 'EN2', chargedSun: 1n });
    expect(journal.assistant.underWay(ADDRESS).map((o) => o.state)).toEqual(['running']);
    await other.recordPoll(placed.localId, { state: 'succeeded' });
    expect(journal.assistant.underWay(ADDRESS)).toEqual([]);
    other.close();
    journal.close();
  });

  it("hands the app the refusals another process wrote, once each, looking only when that process committed", async () => {
    const dir = await tempDir();
    const app = await OrderJournal.open(dir, fixedClock(NOON));
    const mcp = await OrderJournal.open(dir, fixedClock(NOON), { origin: 'cli' });
    expect(app.assistant.lastRefusalSeq()).toBe(0);
    expect(app.assistant.refusalsAfter(0)).toEqual([]);
    app.assistant.othersWrote();
    expect(app.assistant.othersWrote()).toBe(false);
    const row = { at: NOON, client: 'Claude Desktop', reason: 'supplier payment', address: ADDRESS, kind: 'energy', count: 64_285, costSun: 3_214_300n, why: 'per_order', limitSun: 2_000_000n };
    mcp.assistant.recordRefusal(row);
    mcp.assistant.recordRefusal({ ...row, why: 'off', limitSun: null });
    expect(app.assistant.othersWrote()).toBe(true);
    const found = app.assistant.refusalsAfter(0);
    expect(found).toEqual([expect.objectContaining({ ...row, seq: 1 }), expect.objectContaining({ why: 'off', limitSun: null, seq: 2 })]);
    expect(app.assistant.refusalsAfter(2)).toEqual([]);
    expect(app.assistant.othersWrote()).toBe(false);
    mcp.close();
    app.close();
  });
});
