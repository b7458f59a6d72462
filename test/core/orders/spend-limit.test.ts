import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/core/base/clock.ts';
import {
  SpendLimitError,
  checkSpendLimit,
  orderSpendSun,
  ordersSpendLedger,
  startOfLocalDay,
} from '../../../src/core/orders/spend-limit.ts';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import type { TrackedOrder } from '../../../src/core/orders/order-types.ts';
import { toIpcError } from '../../../src/core/ipc/to-ipc-error.ts';
import { energyIntent, fixedClock, holdWriteLock, tempDir } from './journal-helpers.ts';

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
});

describe("today's spend read by the order store's query (the app's and the CLI's ledger)", () => {
  /** Every way an order can end, through the journal itself: [intent, what happens, what orderSpendSun counts]. */
  async function storeWithEveryOutcome(): Promise<{ journal: OrderJournal; clock: ReturnType<typeof fixedClock> }> {
    const clock = fixedClock(NOON);
    const journal = await OrderJournal.open(await tempDir(), clock);
    const intent = async (over: Parameters<typeof energyIntent>[0], at = NOON): Promise<string> => {
      clock.set(at);
      return (await journal.recordIntent(energyIntent(over))).localId;
    };
    await intent({ quotedSun: 1n * TRX }); // submitting: in flight, counts its quote
    await journal.recordOutcomeUnknown(await intent({ quotedSun: 2n * TRX }), 'timeout'); // unknown: counts
    await journal.recordFailed(await intent({ quotedSun: 40n * TRX }), 'refused'); // refused at submission: 0
    const accepted = await intent({ quotedSun: 4n * TRX });
    await journal.recordSubmitted(accepted, { orderSn: 'EN1', chargedSun: 4n * TRX });
    await journal.recordPoll(accepted, { state: 'failed', error: 'failed later' }); // failed after acceptance: counts
    const cheaper = await intent({ quotedSun: 8n * TRX });
    await journal.recordSubmitted(cheaper, { orderSn: 'EN2', chargedSun: 7n * TRX }); // the larger of quote and charge: 8
    const dearer = await intent({ quotedSun: 16n * TRX });
    await journal.recordSubmitted(dearer, { orderSn: 'EN3', chargedSun: 32n * TRX, state: 'succeeded' }); // charged more: 32
    await journal.recordSubmitted(await intent({ kind: 'reclaim', orderSn: 'EN3', quotedSun: 64n * TRX }), { chargedSun: null, state: 'succeeded' }); // reclaim: 0
    await intent({ quotedSun: 128n * TRX }, startOfLocalDay(NOON) - 1); // yesterday: not today
    return { journal, clock };
  }

  it('counts in flight and unknown at the larger of quote and charge, a refusal at submission 0, a failure after acceptance in full', async () => {
    const { journal } = await storeWithEveryOutcome();
    expect(journal.spentSince(startOfLocalDay(NOON))).toBe((1n + 2n + 4n + 8n + 32n) * TRX);
    // The same figure as orderSpendSun over the same records, whatever the day's start.
    for (const since of [0, startOfLocalDay(NOON), NOON, NOON + 1]) {
      expect(journal.spentSince(since)).toBe(ordersSpendLedger(() => journal.list()).spentSince(since));
    }
  });

  it('counts a change the disk has not taken yet as it is in memory', async () => {
    const clock = fixedClock(NOON);
    const journal = await OrderJournal.open(await tempDir(), clock, { busyTimeoutMs: 20 });
    const { localId } = await journal.recordIntent(energyIntent({ quotedSun: 3n * TRX }));
    const release = holdWriteLock(journal.path);
    await expect(journal.recordSubmitted(localId, { orderSn: 'EN7', chargedSun: 5n * TRX })).rejects.toThrow();
    // On disk still an intent quoted at 3 TRX; in memory accepted and charged 5.
    expect(journal.spentSince(0)).toBe(5n * TRX);
    release();
  });

  it('checks the limit and journals the intent in one write transaction: another process cannot slip an order in between', async () => {
    const dir = await tempDir();
    const app = await OrderJournal.open(dir, systemClock);
    const go = join(dir, 'go');
    const child = spawn(process.execPath, [join(import.meta.dirname, 'limit-writer-child.ts'), dir, go], { stdio: ['ignore', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    expect((await lines.next()).value).toBe('ready');
    const sleep = new Int32Array(new SharedArrayBuffer(4));
    await app.recordIntent(energyIntent({ quotedSun: 3n * TRX }), () => {
      checkSpendLimit(app, 5n * TRX, 3n * TRX, Date.now());
      // Checked, not yet inserted: the other process starts its own order now and waits for the write lock.
      writeFileSync(go, '');
      Atomics.wait(sleep, 0, 0, 300);
    });
    // It got the lock after this insert was committed: its check saw 3 TRX spent, and 3 more do not fit in 5.
    expect((await lines.next()).value).toBe('refused SpendLimitError');
    expect(app.list()).toHaveLength(1);
    expect(app.spentSince(0)).toBe(3n * TRX);
    app.close();
  });
});
