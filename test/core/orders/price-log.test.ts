import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { openSqliteFile } from '../../../src/core/base/sqlite-file.ts';
import { ORDER_MIGRATIONS, ORDER_SCHEMA_VERSION } from '../../../src/core/orders/order-schema.ts';
import { ORDER_DB_FILE_NAME, OrderStore } from '../../../src/core/orders/order-store.ts';
import { KEEP_QUOTES_MS, PriceLog, SAME_PRICE_EVERY_MS, type QuoteRecord } from '../../../src/core/orders/price-log.ts';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { fixedClock, tempDir } from './journal-helpers.ts';

const T0 = Date.UTC(2026, 10, 24, 12);
const quote = (over: Partial<QuoteRecord> = {}): QuoteRecord => ({
  at: T0,
  kind: 'timed',
  resource: 'energy',
  period: '1h',
  count: 65_000,
  unitPriceSun: 90n,
  amountSun: 5_850_000n,
  ...over,
});

describe('the quotes the app made, kept for the price sparklines (migration 3)', () => {
  it('adds the quotes table to a store of the previous version, keeping its orders', async () => {
    const dir = await tempDir();
    const path = join(dir, ORDER_DB_FILE_NAME);
    // The file the previous version (schema 2) wrote, with an order in it.
    const old = openSqliteFile(path, dir, { migrations: ORDER_MIGRATIONS.filter((m) => m.version <= 2) });
    old
      .prepare(`INSERT INTO orders (local_id, profile_id, kind, address, created_at, updated_at, state, notified_at) VALUES (?, 'p', 'energy', 'T', ?, ?, 'failed', ?)`)
      .run('old-order', T0, T0, T0);
    old.close();
    const journal = await OrderJournal.open(dir, fixedClock(T0));
    try {
      // Migration 3 added the quotes; the store opens at the newest version.
      expect(ORDER_MIGRATIONS.findIndex((m) => m.version === 3)).toBe(2);
      expect(journal.get('old-order')?.state).toBe('failed');
      expect(journal.prices.record(quote())).toBe(true);
      expect(journal.prices.series(0)).toEqual([{ kind: 'timed', resource: 'energy', period: '1h', points: [{ at: T0, unitPriceSun: 90n }] }]);
    } finally {
      journal.close();
    }
    const db = new DatabaseSync(path);
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(ORDER_SCHEMA_VERSION);
    db.close();
  });

  it('writes a price when it changed, or when the same price is old enough: few writes for a tray that quotes every minute', async () => {
    const { store } = OrderStore.open(await tempDir(), T0);
    const log = new PriceLog(store);
    try {
      const written = Array.from({ length: 30 }, (_, minute) => log.record(quote({ at: T0 + minute * 60_000 }))).filter(Boolean).length;
      expect(written).toBe(Math.ceil((30 * 60_000) / SAME_PRICE_EVERY_MS));
      expect(log.record(quote({ at: T0 + 30 * 60_000 + 1, unitPriceSun: 95n }))).toBe(true);
      // Another kind, resource or period is its own series.
      expect(log.record(quote({ kind: 'fast_recover', period: null, unitPriceSun: 60n }))).toBe(true);
      expect(log.record(quote({ period: '1day', unitPriceSun: 120n }))).toBe(true);
      const series = log.series(T0);
      expect(series.map((s) => `${s.kind} ${s.resource} ${s.period ?? '-'}`).sort()).toEqual(['fast_recover energy -', 'timed energy 1day', 'timed energy 1h']);
      const hour = series.find((s) => s.period === '1h')!;
      expect(hour.points.map((p) => p.unitPriceSun)).toEqual([90n, 90n, 90n, 95n]);
      expect(hour.points.map((p) => p.at)).toEqual([...hour.points.map((p) => p.at)].sort((a, b) => a - b));
      expect(log.series(T0 + 25 * 60_000).find((s) => s.period === '1h')?.points).toEqual([{ at: T0 + 30 * 60_000 + 1, unitPriceSun: 95n }]);
    } finally {
      store.close();
    }
  });

  it('drops quotes older than a quarter of a year at its first write, and never fails a quote when it cannot write', async () => {
    const { store } = OrderStore.open(await tempDir(), T0);
    new PriceLog(store).record(quote({ at: T0 - KEEP_QUOTES_MS - 1 }));
    new PriceLog(store).record(quote({ at: T0, unitPriceSun: 91n }));
    expect(new PriceLog(store).series(0)[0]?.points.map((p) => p.unitPriceSun)).toEqual([91n]);
    const log = new PriceLog(store);
    store.close();
    expect(log.record(quote({ at: T0 + 1, unitPriceSun: 99n }))).toBe(false);
  });
});
