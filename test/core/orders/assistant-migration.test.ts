import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { inTransaction, openSqliteFile } from '../../../src/core/base/sqlite-file.ts';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { ORDER_MIGRATIONS, ORDER_SCHEMA_VERSION } from '../../../src/core/orders/order-schema.ts';
import { DECISIONS_TABLE_SQL } from '../../../src/core/orders/rule-orders.ts';
import { ORDER_DB_FILE_NAME } from '../../../src/core/orders/order-store.ts';
import { energyIntent, fixedClock, tempDir } from './journal-helpers.ts';

const ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const NOON = new Date(2026, 10, 23, 12, 0).getTime();
const CLAUDE = { client: 'Claude Desktop', reason: 'supplier payment' };
const MIGRATION_4 = ORDER_MIGRATIONS.find((m) => m.version === 4)!;

/** What the release before migration 4 ran at runtime, with the first assistant order and the first refusal. */
const RUNTIME_ASSISTANT_SQL = `
  ALTER TABLE orders ADD COLUMN assistant_client TEXT;
  ALTER TABLE orders ADD COLUMN assistant_reason TEXT;
  CREATE TABLE IF NOT EXISTS assistant_refusals (
    seq INTEGER PRIMARY KEY, at INTEGER NOT NULL, client TEXT NOT NULL, reason TEXT NOT NULL, address TEXT NOT NULL,
    kind TEXT NOT NULL, count INTEGER, cost_sun TEXT, why TEXT NOT NULL, limit_sun TEXT
  );
`;

type Rows = Record<string, unknown[]>;

/** Every row of every table (in one order: order_terms has no rowid), what "nothing lost" compares. */
function everyRow(db: DatabaseSync): Rows {
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as Array<{ name: string }>;
  const sorted = (rows: unknown[]): unknown[] => rows.map((r) => [JSON.stringify(r), r] as const).sort(([a], [b]) => a.localeCompare(b)).map(([, r]) => r);
  return Object.fromEntries(tables.map(({ name }) => [name, sorted(db.prepare(`SELECT * FROM "${name}"`).all())]));
}

/** The schema as SQLite keeps it, and the file's version. */
function schemaOf(db: DatabaseSync): { version: number; sql: unknown[] } {
  const version = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  return { version, sql: db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all() };
}

function onDisk<T>(path: string, read: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(path);
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** A store as version 3 wrote it: an order of a rule, its decision, a quote and a record set aside. */
async function version3Store(): Promise<{ dir: string; path: string }> {
  const dir = await tempDir();
  const path = join(dir, ORDER_DB_FILE_NAME);
  const v3 = openSqliteFile(path, dir, { migrations: ORDER_MIGRATIONS.filter((m) => m.version <= 3) });
  v3.prepare(
    `INSERT INTO orders (local_id, profile_id, kind, address, resource, count, period, quoted_sun, created_at, updated_at, state,
       notified_at, order_sn, charged_sun, rule_id, tx_ids)
     VALUES ('old-1', 'p', 'energy', ?, 'energy', 65000, '1h', '3250000', ?, ?, 'succeeded', ?, 'EN9', '3250001', 'r1', '["ab12"]')`,
  ).run(ADDRESS, NOON, NOON, NOON);
  v3.prepare(`INSERT INTO order_terms (term, seq, state) VALUES ('en9', 1, 'succeeded')`).run();
  v3.exec(DECISIONS_TABLE_SQL);
  v3.prepare(`INSERT INTO decisions (at, rule_id, address, kind, reason, detail, order_local_id) VALUES (?, 'r1', ?, 'buy', 'low', 'Ordered.', 'old-1')`)
    .run(NOON, ADDRESS);
  v3.prepare(`INSERT INTO quotes (at, kind, resource, period, count, unit_price_sun, amount_sun) VALUES (?, 'timed', 'energy', '1h', 65000, '50', '3250000')`)
    .run(NOON);
  v3.prepare(`INSERT INTO set_aside (at, source, reason, record) VALUES (?, 'orders.json', 'damaged', '{"x":1}')`).run(NOON);
  v3.close();
  return { dir, path };
}

describe("the order store's migration 4: an AI assistant's columns and refusals (issue 27)", () => {
  it('brings a version 3 store to version 4, every row of every table kept, the new columns null', async () => {
    expect(ORDER_SCHEMA_VERSION).toBe(4);
    const { dir, path } = await version3Store();
    const before = onDisk(path, everyRow);
    expect(before['orders']).toHaveLength(1);
    expect(before['assistant_refusals']).toBeUndefined();

    const journal = await OrderJournal.open(dir, fixedClock(NOON));
    const after = onDisk(path, everyRow);
    expect(onDisk(path, schemaOf).version).toBe(4);
    // The old order reads as it was, with nobody's assistant.
    expect(journal.get('old-1')).toMatchObject({ ruleId: 'r1', chargedSun: 3_250_001n, orderSn: 'EN9', txIds: ['ab12'], state: 'succeeded' });
    expect(journal.get('old-1')?.assistant).toBeUndefined();
    expect(after['orders']).toEqual(before['orders']!.map((row) => ({ ...(row as object), assistant_client: null, assistant_reason: null })));
    for (const table of ['order_terms', 'decisions', 'quotes', 'set_aside']) expect(after[table], table).toEqual(before[table]);
    expect(after['assistant_refusals']).toEqual([]);
    expect(journal.assistant.lastRefusalSeq()).toBe(0);
    expect(journal.assistant.assistantDay(0)).toEqual({ orders: 0, spentSun: 0n });

    // The new columns and table are there for the first assistant order and refusal.
    const placed = await journal.recordIntent(energyIntent({ address: ADDRESS, quotedSun: 5n, assistant: CLAUDE }));
    journal.assistant.recordRefusal({ at: NOON, ...CLAUDE, address: ADDRESS, kind: 'energy', count: 65_000, costSun: 9n, why: 'per_order', limitSun: 5n });
    expect(journal.assistant.assistantDay(0)).toEqual({ orders: 1, spentSun: 5n });
    expect(journal.assistant.refusalsAfter(0)).toEqual([expect.objectContaining({ seq: 1, why: 'per_order', costSun: 9n, limitSun: 5n })]);
    journal.close();
    const again = await OrderJournal.open(dir, fixedClock(NOON));
    expect(again.get(placed.localId)?.assistant).toEqual(CLAUDE);
    again.close();
  });

  it('keeps what the release before it had added at runtime: the columns, the refusals and their rows, unchanged', async () => {
    const { dir, path } = await version3Store();
    onDisk(path, (db) => {
      db.exec(RUNTIME_ASSISTANT_SQL);
      db.prepare(
        `INSERT INTO orders (local_id, profile_id, kind, address, created_at, updated_at, state, assistant_client, assistant_reason)
         VALUES ('mcp-1', 'p', 'energy', ?, ?, ?, 'running', ?, ?)`,
      ).run(ADDRESS, NOON, NOON, CLAUDE.client, CLAUDE.reason);
      db.prepare(`INSERT INTO assistant_refusals (at, client, reason, address, kind, count, cost_sun, why, limit_sun) VALUES (?, ?, ?, ?, 'energy', 1, '7', 'off', NULL)`)
        .run(NOON, CLAUDE.client, CLAUDE.reason, ADDRESS);
    });
    const before = onDisk(path, everyRow);

    const journal = await OrderJournal.open(dir, fixedClock(NOON));
    expect(onDisk(path, schemaOf).version).toBe(4);
    expect(onDisk(path, everyRow)).toEqual(before);
    expect(journal.get('mcp-1')?.assistant).toEqual(CLAUDE);
    expect(journal.assistant.refusalsAfter(0)).toEqual([expect.objectContaining({ seq: 1, why: 'off', costSun: 7n, limitSun: null })]);
    journal.close();
  });

  it('is a no-op when run again, or when the store is opened again: the same schema, the same rows', async () => {
    const { dir, path } = await version3Store();
    const journal = await OrderJournal.open(dir, fixedClock(NOON));
    await journal.recordIntent(energyIntent({ address: ADDRESS, quotedSun: 5n, assistant: CLAUDE }));
    journal.assistant.recordRefusal({ at: NOON, ...CLAUDE, address: ADDRESS, kind: 'energy', count: 1, costSun: 9n, why: 'off', limitSun: null });
    journal.close();
    const schema = onDisk(path, schemaOf);
    const rows = onDisk(path, everyRow);

    // The migration itself, run once more on the migrated file (as a second process racing the first would).
    onDisk(path, (db) => inTransaction(db, () => MIGRATION_4.up(db)));
    expect(onDisk(path, schemaOf)).toEqual(schema);
    expect(onDisk(path, everyRow)).toEqual(rows);

    // Opening it again with every migration runs nothing (the journal's own start-up work aside).
    openSqliteFile(path, dir, { migrations: ORDER_MIGRATIONS }).close();
    expect(onDisk(path, schemaOf)).toEqual(schema);
    expect(onDisk(path, everyRow)).toEqual(rows);
  });

  it("creates the columns and the table with a new store, and reads the assistant's day through the created_at index", async () => {
    const dir = await tempDir();
    const journal = await OrderJournal.open(dir, fixedClock(NOON));
    journal.close();
    const path = join(dir, ORDER_DB_FILE_NAME);
    const columns = onDisk(path, (db) => (db.prepare('SELECT name FROM pragma_table_info(?)').all('orders') as Array<{ name: string }>).map((c) => c.name));
    expect(columns).toEqual(expect.arrayContaining(['assistant_client', 'assistant_reason']));
    const sql = 'EXPLAIN QUERY PLAN SELECT local_id FROM orders INDEXED BY orders_by_created WHERE created_at >= ? AND assistant_client IS NOT NULL';
    expect(JSON.stringify(onDisk(path, (db) => db.prepare(sql).all(0)))).toContain('orders_by_created');
    expect(onDisk(path, (db) => db.prepare(`SELECT name FROM sqlite_master WHERE name = 'assistant_refusals'`).all())).toHaveLength(1);
  });
});
