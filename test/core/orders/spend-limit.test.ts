import { describe, expect, it } from 'vitest';
import {
  SpendLimitError,
  checkSpendLimit,
  orderSpendSun,
  ordersSpendLedger,
  readJournalSpendLedger,
  startOfLocalDay,
} from '../../../src/core/orders/spend-limit.ts';
import { JOURNAL_FILE_NAME, OrderJournal } from '../../../src/core/orders/order-journal.ts';
import type { TrackedOrder } from '../../../src/core/orders/order-types.ts';
import { toIpcError } from '../../../src/core/ipc/to-ipc-error.ts';
import { energyIntent, fixedClock, tempDir } from './journal-helpers.ts';

const TRX = 1_000_000n;
const NOON = new Date(2025, 5, 15, 12, 0, 0).getTime();

function order(over: Partial<TrackedOrder>): TrackedOrder {
  return {
    localId: 'o', kind: 'energy', profileId: 'p', address: 'T', resource: 'energy', count: 65_000, period: '1h', orderSn: 'EN1', orderId: null,
    quotedSun: 3n * TRX, chargedSun: null, createdAt: NOON, updatedAt: NOON, lastPolledAt: null, attempts: 0, state: 'running',
    serverStatus: null, txIds: [], error: null, finishedAt: null, notifiedAt: null, presetId: null, ...over,
  };
}

describe('what an order counts against the daily limit', () => {
  it('counts in-flight and unknown outcomes pessimistically, a definite refusal at submission not at all', () => {
    expect(orderSpendSun(order({ state: 'submitting', orderSn: null }))).toBe(3n * TRX);
    expect(orderSpendSun(order({ state: 'outcome_unknown', orderSn: null }))).toBe(3n * TRX);
    expect(orderSpendSun(order({ state: 'running', chargedSun: 4n * TRX }))).toBe(4n * TRX);
    expect(orderSpendSun(order({ state: 'succeeded', chargedSun: 2n * TRX }))).toBe(3n * TRX);
    expect(orderSpendSun(order({ state: 'failed', orderSn: null }))).toBe(0n);
    expect(orderSpendSun(order({ state: 'failed', orderSn: 'EN9' }))).toBe(3n * TRX);
    expect(orderSpendSun(order({ kind: 'reclaim', quotedSun: null }))).toBe(0n);
    expect(orderSpendSun(order({ kind: 'activation', quotedSun: null, orderSn: null, orderId: 5 }))).toBe(0n);
  });

  it('sums the orders of the local calendar day only', () => {
    const midnight = startOfLocalDay(NOON);
    expect(new Date(midnight).getHours()).toBe(0);
    expect(NOON - midnight).toBe(12 * 3600_000);
    const ledger = ordersSpendLedger(() => [order({ createdAt: midnight - 1 }), order({ createdAt: midnight }), order({ createdAt: NOON, quotedSun: 5n * TRX })]);
    expect(ledger.spentSince(midnight)).toBe(8n * TRX);
  });
});

describe('checkSpendLimit', () => {
  const ledger = ordersSpendLedger(() => [order({ quotedSun: 96n * TRX })]);

  it('lets an order that fits through and refuses one that does not, naming the limit and what is left', () => {
    expect(checkSpendLimit(ledger, 100n * TRX, 4n * TRX, NOON)).toEqual({ limitSun: 100n * TRX, spentSun: 96n * TRX, leftSun: 4n * TRX });
    const err = (() => {
      try {
        checkSpendLimit(ledger, 100n * TRX, 4_000_001n, NOON);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(SpendLimitError);
    expect((err as Error).message).toBe(
      'Not bought: it costs 4.000001 TRX and only 4.00 TRX of your daily spending limit of 100.00 TRX is left today. Nothing was sent. ' +
        'Raise the limit in Settings (Energy Tray asks you to approve it), or wait until tomorrow.',
    );
    expect(toIpcError(err).code).toBe('spending_limit');
  });

  it('refuses an unquoted order once nothing is left, and everything under a limit of 0', () => {
    expect(() => checkSpendLimit(ordersSpendLedger(() => [order({ quotedSun: 100n * TRX })]), 100n * TRX, 0n, NOON)).toThrow(/used up today \(100.00 TRX spent\)/);
    expect(() => checkSpendLimit(ordersSpendLedger(() => []), 0n, 1n, NOON)).toThrow(SpendLimitError);
  });

  it('reads the same history from a journal folder without writing to it (the CLI)', async () => {
    const dir = await tempDir();
    const journal = await OrderJournal.open(dir, fixedClock(NOON));
    await journal.recordIntent(energyIntent({ quotedSun: 7n * TRX }));
    await journal.flush();
    const read = await readJournalSpendLedger(dir, JOURNAL_FILE_NAME);
    expect(read.spentSince(startOfLocalDay(NOON))).toBe(7n * TRX);
    expect((await readJournalSpendLedger(`${dir}-missing`, JOURNAL_FILE_NAME)).spentSince(0)).toBe(0n);
  });
});
