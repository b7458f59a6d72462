/**
 * Issue 13: the journal's cost as the history grows, on real SQLite files on
 * disk. History is seeded through the store's own insert; 200 orders are then
 * placed and left running, as in a busy hour, and each measured update is
 * the poll answer the scheduler records for one of them.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { systemClock } from '../src/core/base/clock.ts';
import { OrderJournal } from '../src/core/orders/order-journal.ts';
import { tronAddressFromSeed } from '../src/core/simulator/index.ts';
import { historyDir } from './history-seed.ts';
import { procIo } from './proc-stats.ts';
import { median, report } from './report.ts';

const IN_FLIGHT = 200;
const ROUNDS = 20;
const UPDATES_PER_ROUND = 50;

async function withRunning(dir: string): Promise<{ journal: OrderJournal; running: string[] }> {
  const journal = await OrderJournal.open(dir, systemClock);
  const running: string[] = [];
  for (let i = 0; i < IN_FLIGHT; i++) {
    const o = await journal.recordIntent({ kind: 'energy', profileId: 'bench', address: tronAddressFromSeed(`journal-bench-${i}`), count: 65_000, period: '1h', quotedSun: 3_250_000n });
    await journal.recordSubmitted(o.localId, { orderSn: `EN${Date.now()}${i}`, chargedSun: 3_250_000n });
    running.push(o.localId);
  }
  return { journal, running };
}

/** One poll answer: still running, the service's status text changes. */
async function update(journal: OrderJournal, localId: string, n: number): Promise<number> {
  const started = performance.now();
  await journal.recordPoll(localId, { state: 'running', serverStatus: n % 2 ? 'processing' : 'pending', txIds: [] });
  return performance.now() - started;
}

/** Median update with 100 and 100,000 orders of history, measured in alternating rounds. */
async function updateFigures(): Promise<{ small: number; large: number }> {
  const dirs = [historyDir(100), historyDir(100_000)];
  const [small, large] = await Promise.all(dirs.map(withRunning));
  const times: [number[], number[]] = [[], []];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [k, side] of [small!, large!].entries()) {
        for (let i = 0; i < UPDATES_PER_ROUND; i++) times[k as 0 | 1].push(await update(side.journal, side.running[i % IN_FLIGHT]!, i + round));
      }
    }
  } finally {
    small!.journal.close();
    large!.journal.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  return { small: median(times[0]), large: median(times[1]) };
}

/**
 * Bytes the process hands to write() per update (log frames, and the
 * checkpoint that later copies them into the database, run at the end so its
 * share is counted), over 1,000 updates with 50,000 orders of history.
 */
async function bytesPerUpdate(): Promise<{ poll: number; finish: number } | null> {
  if (procIo() === null) return null;
  const dir = historyDir(50_000);
  const { journal, running } = await withRunning(dir);
  const checkpoint = (): void => {
    const db = new DatabaseSync(journal.path);
    db.exec('PRAGMA wal_checkpoint(PASSIVE)');
    db.close();
  };
  try {
    checkpoint();
    const measure = async (updates: number, work: (i: number) => Promise<unknown>): Promise<number> => {
      const before = procIo()!.wchar;
      for (let i = 0; i < updates; i++) await work(i);
      checkpoint();
      return (procIo()!.wchar - before) / updates;
    };
    const poll = await measure(1_000, (i) => update(journal, running[i % IN_FLIGHT]!, i));
    // Once per order, not per poll: the answer that finishes it (state, tx id, search terms).
    const finish = await measure(IN_FLIGHT, (i) => journal.recordPoll(running[i]!, { state: 'succeeded', serverStatus: 'success', txIds: [`${'ab'.repeat(31)}${String(i).padStart(2, '0')}`] }));
    return { poll, finish };
  } finally {
    journal.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Open time and kept heap with 100,000 orders of history (200 running), each in a fresh process; the median of three. */
async function openFigures(): Promise<{ openMs: number; heapMb: number }> {
  const dir = historyDir(100_000);
  const { journal } = await withRunning(dir);
  journal.close();
  try {
    const runs = Array.from({ length: 3 }, () => {
      const out = execFileSync(process.execPath, ['--expose-gc', join(import.meta.dirname, 'journal-open-child.ts'), dir], { encoding: 'utf8' });
      return JSON.parse(out) as { openMs: number; heapKeptMb: number; inMemory: number };
    });
    if (runs.some((r) => r.inMemory < IN_FLIGHT)) throw new Error('the journal did not load the running orders');
    return { openMs: median(runs.map((r) => r.openMs)), heapMb: median(runs.map((r) => r.heapKeptMb)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The first page of 50 with a status filter and a text search, 100,000 orders
 * of history. `full`: searches whose matches fill the page (the start of a
 * serial, thousands of matches); `one`: searches for one order (a whole serial,
 * the start of a tx id). Each the median of 10 rounds.
 */
async function pageFigures(): Promise<{ full: number; one: number }> {
  const dir = historyDir(100_000);
  const journal = await OrderJournal.open(dir, systemClock);
  try {
    const sample = journal.history.page({ states: ['succeeded'], kinds: ['energy'] }, 5_000, 1).rows[0]!.order;
    const searches = [sample.orderSn!.slice(0, 4), sample.orderSn!.slice(0, 8), sample.orderSn!, sample.txIds[0]!.slice(0, 12)];
    const times = { full: [] as number[], one: [] as number[] };
    for (let round = 0; round < 10; round++) {
      for (const text of searches) {
        const started = performance.now();
        const page = journal.history.page({ states: ['succeeded'], text }, 0, 50);
        const ms = performance.now() - started;
        if (page.total === 0) throw new Error(`the search ${text} found nothing`);
        (page.rows.length === 50 ? times.full : times.one).push(ms);
      }
    }
    if (times.full.length === 0 || times.one.length === 0) throw new Error('the searches did not cover both cases');
    return { full: median(times.full), one: median(times.one) };
  } finally {
    journal.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function journalBench(): Promise<void> {
  const bytes = await bytesPerUpdate();
  if (bytes) {
    report('journal_bytes_per_update_50k', Math.round(bytes.poll), '<= 4096');
    report('journal_bytes_per_finishing_update_50k', Math.round(bytes.finish));
  } else {
    report('journal_bytes_per_update_50k', 'n/a (needs /proc/self/io)', '<= 4096');
  }
  const updates = await updateFigures();
  report('journal_update_ms_100k', updates.large, '<= 5');
  report('journal_update_ms_100', updates.small);
  report('journal_update_growth_ratio', updates.large / updates.small, '<= 1.5');
  const open = await openFigures();
  report('journal_open_ms_100k', open.openMs, '<= 300');
  report('journal_open_heap_mb_100k', open.heapMb, '<= 50');
  const page = await pageFigures();
  report('orders_page_ms_100k', page.full, '<= 20');
  report('orders_search_one_ms_100k', page.one);
}
