import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteFile } from '../../../src/core/base/sqlite-file.ts';
import type { AccountSnapshot } from '../../../src/core/chain/account-snapshot.ts';
import { snapshotFrom } from '../../../src/core/orders/chain-memory.ts';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { ORDER_MIGRATIONS } from '../../../src/core/orders/order-schema.ts';
import { ORDER_DB_FILE_NAME } from '../../../src/core/orders/order-store.ts';
import { tronAddressFromSeed } from '../../../src/core/simulator/tron-address.ts';
import { fixedClock, tempDir } from './journal-helpers.ts';

const T0 = Date.UTC(2026, 2, 2, 12);
const NODE = 'https://api.trongrid.io';
const A = tronAddressFromSeed('chain-memory-a');
const B = tronAddressFromSeed('chain-memory-b');

const snapshot = (address: string, used: bigint): AccountSnapshot => ({
  address,
  activated: true,
  trxSun: 123_456_789_012_345_678n,
  energyLimit: 200_000n,
  netLimit: 0n,
  freeNetLimit: 600n,
  energy: { used, consumedAtMs: T0 - 60_000, window: 28_790_000n, readSlots: 20 },
  net: { used: 0n, consumedAtMs: 0, window: 28_800_000n, readSlots: 0 },
  freeNet: { used: 345n, consumedAtMs: T0 - 60_000, window: 28_780_000n, readSlots: 20 },
});

describe('the watched wallets’ reads and the chain cursor in the order store (migration 5)', () => {
  it('adds its tables to a store of the previous version, and gives back what it kept after a restart', async () => {
    const dir = await tempDir();
    // The file the previous version (schema 3) wrote, with an order in it.
    const old = openSqliteFile(join(dir, ORDER_DB_FILE_NAME), dir, { migrations: ORDER_MIGRATIONS.filter((m) => m.version <= 3) });
    old
      .prepare(`INSERT INTO orders (local_id, profile_id, kind, address, created_at, updated_at, state, notified_at) VALUES ('old', 'p', 'energy', 'T', ?, ?, 'failed', ?)`)
      .run(T0, T0, T0);
    old.close();
    const first = await OrderJournal.open(dir, fixedClock(T0));
    expect(first.get('old')?.state).toBe('failed');
    first.chain.saveRead(NODE, { snapshot: snapshot(A, 64_285n), startedAt: T0 - 5, readAt: T0 });
    first.chain.saveRead(NODE, { snapshot: snapshot(B, 1n), startedAt: T0, readAt: T0 });
    first.chain.saveRead(NODE, { snapshot: snapshot(A, 130_285n), startedAt: T0 + 10, readAt: T0 + 12 });
    const head = { number: 81_234_567, id: 'ab'.repeat(32), timestamp: T0 - 3_000 };
    first.chain.saveFollow(NODE, { head, budgetDay: Date.UTC(2026, 2, 2), budgetUsed: 41_200 });
    first.close();
    const again = await OrderJournal.open(dir, fixedClock(T0 + 60_000));
    try {
      // B is no longer watched: its read is forgotten.
      const reads = again.chain.reads(NODE, new Set([A]));
      expect([...reads.keys()]).toEqual([A]);
      expect(reads.get(A)).toEqual({ snapshot: snapshot(A, 130_285n), startedAt: T0 + 10, readAt: T0 + 12 });
      expect(again.chain.reads(NODE, new Set([A, B])).has(B)).toBe(false);
      expect(again.chain.follow(NODE)).toEqual({ head, budgetDay: Date.UTC(2026, 2, 2), budgetUsed: 41_200 });
      expect(again.chain.follow('http://127.0.0.1:8788')).toBeNull();
      // Another node's reads are not this node's: a new node starts over, and the old node's are dropped.
      expect(again.chain.reads('http://127.0.0.1:8788', new Set([A])).size).toBe(0);
      expect(again.chain.reads(NODE, new Set([A])).size).toBe(0);
    } finally {
      again.close();
    }
  });

  it('reads back nothing it did not write: a row that is not a snapshot is dropped', () => {
    expect(snapshotFrom(A, 'not json')).toBeNull();
    expect(snapshotFrom(A, JSON.stringify({ activated: true, trxSun: '-1' }))).toBeNull();
    expect(snapshotFrom(A, JSON.stringify({ activated: 'yes' }))).toBeNull();
    const text = JSON.stringify({
      activated: true,
      trxSun: '1',
      energyLimit: '2',
      netLimit: '0',
      freeNetLimit: '600',
      energy: { used: '1', consumedAtMs: 1.5, window: '28800000', readSlots: 0 },
      net: { used: '0', consumedAtMs: 0, window: '28800000', readSlots: 0 },
      freeNet: { used: '0', consumedAtMs: 0, window: '28800000', readSlots: 0 },
    });
    expect(snapshotFrom(A, text)).toBeNull();
    expect(snapshotFrom(A, text.replace('1.5', '3000'))?.energy.consumedAtMs).toBe(3_000);
  });
});
