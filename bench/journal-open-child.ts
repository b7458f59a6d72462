// Child process of bench/journal.bench.ts: opens the journal once in a fresh
// process (run with --expose-gc) and prints how long that took and the heap it keeps.
import { systemClock } from '../src/core/base/clock.ts';
import { OrderJournal } from '../src/core/orders/order-journal.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: journal-open-child.ts <dir>');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
gc();
const heapBefore = process.memoryUsage().heapUsed;
const started = performance.now();
const journal = await OrderJournal.open(dir, systemClock);
const openMs = performance.now() - started;
gc();
const heapKeptMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
process.stdout.write(`${JSON.stringify({ openMs, heapKeptMb, inMemory: journal.active().length })}\n`);
journal.close();
