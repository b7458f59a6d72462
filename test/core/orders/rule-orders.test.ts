import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { openSqliteFile } from '../../../src/core/base/sqlite-file.ts';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { ORDER_MIGRATIONS } from '../../../src/core/orders/order-schema.ts';
import { DECISIONS_TABLE_SQL } from '../../../src/core/orders/rule-orders.ts';
import { englishText } from '../../../src/shared/i18n/english-message.ts';
import { msg } from '../../../src/shared/i18n/message.ts';
import { ORDER_DB_FILE_NAME } from '../../../src/core/orders/order-store.ts';
import { startOfLocalDay } from '../../../src/core/orders/spend-limit.ts';
import { StoredDecisionLog, storedRuleLedger } from '../../../src/core/rules/stored-decision-log.ts';
import { ruleToday } from '../../../src/core/rules/rule-ledger.ts';
import type { DecisionRecord } from '../../../src/core/rules/decision.ts';
import { energyIntent, fixedClock, tempDir } from './journal-helpers.ts';
import { decisionRecord } from '../rules/rule-fixtures.ts';
import { VALID_ADDRESS as ADDRESS } from '../../support/addresses.ts';

const NOON = new Date(2026, 10, 23, 12, 0).getTime();

const record = (at: number, over: Partial<DecisionRecord> = {}): DecisionRecord => decisionRecord({ at, address: ADDRESS, ...over });

describe('the order store for auto top-up (migration 2)', () => {
  it("keeps a rule's orders with the order and reads its day by query, the same after a restart and new after midnight", async () => {
    const dir = await tempDir();
    const clock = fixedClock(NOON - 13 * 3_600_000); // 23:00 the day before
    let journal = await OrderJournal.open(dir, clock);
    await journal.recordIntent(energyIntent({ address: ADDRESS, quotedSun: 1_000_000n, ruleId: 'r1' }));
    clock.set(NOON);
    const a = await journal.recordIntent(energyIntent({ address: ADDRESS, quotedSun: 3_250_000n, ruleId: 'r1' }));
    await journal.recordSubmitted(a.localId, { orderSn: 'EN1', chargedSun: 3_300_000n });
    const refused = await journal.recordIntent(energyIntent({ address: ADDRESS, quotedSun: 9_000_000n, ruleId: 'r1' }));
    await journal.recordFailed(refused.localId, 'refused at submission');
    await journal.recordIntent(energyIntent({ address: ADDRESS, quotedSun: 5_000_000n })); // a person's, not the rule's
    await journal.recordIntent(energyIntent({ address: ADDRESS, quotedSun: 7_000_000n, ruleId: 'r2' }));
    const today = ruleToday(storedRuleLedger(journal.rules), 'r1', NOON);
    // Every journaled attempt counts as an order; spend as the daily limit counts it (a refusal at submission: nothing).
    expect(today).toEqual({ orders: 2, spentSun: 3_300_000n });
    expect(journal.get(a.localId)?.ruleId).toBe('r1');
    journal.close();

    journal = await OrderJournal.open(dir, clock);
    expect(ruleToday(storedRuleLedger(journal.rules), 'r1', NOON)).toEqual(today);
    expect(ruleToday(storedRuleLedger(journal.rules), 'r1', startOfLocalDay(NOON) + 86_400_000 + 60_000)).toEqual({ orders: 0, spentSun: 0n });
    journal.close();
  });

  it("reads a rule's day from the day's orders (a range of orders_by_created), not the whole history", async () => {
    const journal = await OrderJournal.open(await tempDir(), fixedClock(NOON));
    const db = (journal as unknown as { store: { db: { prepare(sql: string): { all(...p: unknown[]): Array<{ detail: string }> } } } }).store.db;
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT local_id FROM orders INDEXED BY orders_by_created WHERE created_at >= ? AND rule_id = ?').all(0, 'r1');
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/SEARCH .*orders_by_created \(created_at>\?\)/);
    journal.close();
  });

  it('creates the decisions table with the first decision, and another process then reads it', async () => {
    const dir = await tempDir();
    const writer = await OrderJournal.open(dir, fixedClock(NOON));
    const reader = await OrderJournal.open(dir, fixedClock(NOON), { origin: 'cli' });
    expect(new StoredDecisionLog(reader.rules).list()).toEqual([]);
    new StoredDecisionLog(writer.rules).record(record(NOON));
    expect(new StoredDecisionLog(reader.rules).list({ ruleId: 'r1' })).toHaveLength(1);
    writer.close();
    reader.close();
  });

  it('keeps decisions beside the orders, newest first, a page at a time, filtered by rule, order and kind', async () => {
    const dir = await tempDir();
    const journal = await OrderJournal.open(dir, fixedClock(NOON));
    const log = new StoredDecisionLog(journal.rules);
    for (let i = 0; i < 5; i++) log.record(record(NOON + i * 1_000));
    log.record(record(NOON + 10_000, { kind: 'buy', reason: 'below_keep', orderLocalId: 'o1', option: 'timed', period: '1h', count: 65_000, quotedSun: 3_250_000n }));
    log.record(record(NOON + 11_000, { ruleId: 'r2', kind: 'refuse', reason: 'over_rule_cap', detail: 'too dear' }));
    expect(log.list({ limit: 3 }).map((r) => r.at)).toEqual([NOON + 11_000, NOON + 10_000, NOON + 4_000]);
    expect(log.list({ before: NOON + 4_000, limit: 2 }).map((r) => r.at)).toEqual([NOON + 3_000, NOON + 2_000]);
    expect(log.list({ orderLocalId: 'o1' })).toEqual([expect.objectContaining({ kind: 'buy', quotedSun: 3_250_000n, period: '1h', count: 65_000 })]);
    expect(log.list({ ruleId: 'r2', kinds: ['refuse'] }).map((r) => r.detail)).toEqual(['too dear']);
    journal.close();
    // Read back by a new process.
    const again = await OrderJournal.open(dir, fixedClock(NOON));
    expect(new StoredDecisionLog(again.rules).list({ ruleId: 'r1', limit: 1 })[0]?.kind).toBe('buy');
    again.close();
  });

  it('keeps a decision\'s message beside its English detail; a decisions table an older version made gets the column with the next decision', async () => {
    const dir = await tempDir();
    const journal = await OrderJournal.open(dir, fixedClock(NOON));
    // Another process of the previous version: its table has no text column, and its INSERT names its columns.
    const older = new DatabaseSync(join(dir, ORDER_DB_FILE_NAME));
    older.exec(DECISIONS_TABLE_SQL.replace(/\s*text TEXT,/, ''));
    const columns = (): string[] => (older.prepare('PRAGMA table_info(decisions)').all() as Array<{ name: string }>).map((c) => c.name);
    expect(columns()).not.toContain('text');
    older.prepare(`INSERT INTO decisions (at, rule_id, address, kind, reason, detail) VALUES (?, 'r1', ?, 'skip', 'disabled', 'The rule is off.')`).run(NOON, ADDRESS);
    const log = new StoredDecisionLog(journal.rules);
    const said = msg('decisions:maxOrders', { count: 3 });
    log.record(record(NOON + 1_000, { kind: 'refuse', reason: 'max_orders', text: said, detail: englishText(said) }));
    expect(columns()).toContain('text');
    const [latest, earlier] = log.list({ ruleId: 'r1' });
    expect(latest).toMatchObject({ reason: 'max_orders', text: said, detail: 'Not bought: the rule placed 3 orders today, its most for a day.' });
    expect(earlier).toMatchObject({ reason: 'disabled', text: null, detail: 'The rule is off.' });
    // A message this version cannot word (a newer version's key, or damage) reads as none: its English detail is shown.
    older.prepare(`UPDATE decisions SET text = ? WHERE reason = 'disabled'`).run(JSON.stringify({ key: 'decisions:fromTheFuture' }));
    expect(log.list({ ruleId: 'r1' })[1]?.text).toBeNull();
    older.prepare(`UPDATE decisions SET text = ? WHERE reason = 'disabled'`).run('{not json');
    expect(log.list({ ruleId: 'r1' })[1]).toMatchObject({ text: null, detail: 'The rule is off.' });
    older.close();
    journal.close();
  });

  it('opens a database of the previous version: its orders stay, with no rule, and rules can be added', async () => {
    const dir = await tempDir();
    const v1 = openSqliteFile(join(dir, ORDER_DB_FILE_NAME), dir, { migrations: ORDER_MIGRATIONS.slice(0, 1) });
    v1.prepare(
      `INSERT INTO orders (local_id, profile_id, kind, address, resource, count, period, quoted_sun, created_at, updated_at, state, notified_at, order_sn, charged_sun)
       VALUES ('old-1', 'p', 'energy', ?, 'energy', 65000, '1h', '3250000', ?, ?, 'succeeded', ?, 'EN9', '3250000')`,
    ).run(ADDRESS, NOON, NOON, NOON);
    v1.close();
    const journal = await OrderJournal.open(dir, fixedClock(NOON));
    const old = journal.get('old-1');
    expect(old).toMatchObject({ localId: 'old-1', state: 'succeeded', chargedSun: 3_250_000n });
    expect(old?.ruleId).toBeUndefined();
    expect(journal.spentSince(0)).toBe(3_250_000n);
    const placed = await journal.recordIntent(energyIntent({ address: ADDRESS, quotedSun: 1n, ruleId: 'r1' }));
    expect(journal.get(placed.localId)?.ruleId).toBe('r1');
    expect(new StoredDecisionLog(journal.rules).list()).toEqual([]);
    journal.close();
  });
});
