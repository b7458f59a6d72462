/**
 * Issue 21 item 6: what the order store's guard costs, on real SQLite files
 * on disk with 10,000 orders of history (history-seed.ts) and 50 orders
 * running, as in a busy hour:
 * - a paid intent now also writes the high-water mark (orders-mark.sqlite,
 *   rollback journal, synchronous=FULL): the intent's time, against a poll
 *   answer's (one write to the log), in alternating rounds;
 * - the checkpoint that follows a paid intent (TRUNCATE: the log folded into
 *   the database file, synced, and emptied), with the 20 poll answers written
 *   since the one before it: it runs a second after the click, off the paid
 *   path, but holds the main process while it runs;
 * - PRAGMA quick_check on opening, 100,000 orders.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../src/core/base/clock.ts';
import { quickCheck } from '../src/core/base/sqlite-file.ts';
import { OrderJournal } from '../src/core/orders/order-journal.ts';
import { tronAddressFromSeed } from '../src/core/simulator/index.ts';
import { historyDir } from './history-seed.ts';
import { median, report } from './report.ts';

const RUNNING = 50;
const ROUNDS = 40;
const POLLS_BETWEEN = 20;

/** The wall clock, with timers held for the bench to run (and time) itself: the checkpoint after a paid intent. */
function heldTimers(): Clock & { runHeld(): number } {
  const held = new Map<number, () => void>();
  let next = 0;
  return {
    now: () => Date.now(),
    setTimeout: (fn) => {
      held.set(++next, fn);
      return next;
    },
    clearTimeout: (handle) => void held.delete(handle as number),
    runHeld: () => {
      const due = [...held.values()];
      held.clear();
      for (const fn of due) fn();
      return due.length;
    },
  };
}

const intent = (i: number) => ({
  kind: 'energy' as const,
  profileId: 'bench',
  address: tronAddressFromSeed(`guard-bench-${i}`),
  count: 65_000,
  period: '1h',
  quotedSun: 3_250_000n,
});

async function paidPathFigures(): Promise<{ intentMs: number; pollMs: number; checkpointMs: number }> {
  const dir = historyDir(10_000);
  const clock = heldTimers();
  const journal = await OrderJournal.open(dir, clock);
  const times = { intent: [] as number[], poll: [] as number[], checkpoint: [] as number[] };
  try {
    const running: string[] = [];
    for (let i = 0; i < RUNNING; i++) {
      const o = await journal.recordIntent(intent(i));
      await journal.recordSubmitted(o.localId, { orderSn: `EN${Date.now()}${i}`, chargedSun: 3_250_000n });
      running.push(o.localId);
    }
    clock.runHeld();
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < POLLS_BETWEEN; i++) {
        const started = performance.now();
        const localId = running[(round * POLLS_BETWEEN + i) % RUNNING]!;
        await journal.recordPoll(localId, { state: 'running', serverStatus: i % 2 ? 'processing' : 'pending', txIds: [] });
        times.poll.push(performance.now() - started);
      }
      const started = performance.now();
      const paid = await journal.recordIntent(intent(RUNNING + round));
      times.intent.push(performance.now() - started);
      await journal.recordFailed(paid.localId, 'refused');
      const folding = performance.now();
      if (clock.runHeld() !== 1) throw new Error('no checkpoint followed the paid intent');
      times.checkpoint.push(performance.now() - folding);
    }
  } finally {
    journal.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { intentMs: median(times.intent), pollMs: median(times.poll), checkpointMs: median(times.checkpoint) };
}

function quickCheckMs(): number {
  const dir = historyDir(100_000);
  try {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const db = new DatabaseSync(join(dir, 'orders.sqlite'));
      const started = performance.now();
      if (quickCheck(db).length > 0) throw new Error('the seeded history fails quick_check');
      times.push(performance.now() - started);
      db.close();
    }
    return median(times);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function storeGuardBench(): Promise<void> {
  const paid = await paidPathFigures();
  report('paid_intent_ms_10k', paid.intentMs);
  report('paid_intent_vs_poll_update_ratio', paid.intentMs / paid.pollMs);
  report('checkpoint_after_paid_ms_10k', paid.checkpointMs, '<= 50');
  report('quick_check_ms_100k', quickCheckMs(), '<= 250');
}
