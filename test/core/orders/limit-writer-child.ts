// A second process writing the same order store (the CLI beside the app): once
// told to go (a file appears), it journals a 3 TRX intent under a 5 TRX daily
// limit checked inside its write transaction, and prints what happened.
import { existsSync } from 'node:fs';
import { systemClock } from '../../../src/core/base/clock.ts';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { checkSpendLimit } from '../../../src/core/orders/spend-limit.ts';

const [dir, goFile] = process.argv.slice(2);
if (!dir || !goFile) throw new Error('usage: limit-writer-child.ts <dir> <go-file>');
const TRX = 1_000_000n;
const journal = await OrderJournal.open(dir, systemClock, { origin: 'cli', busyTimeoutMs: 10_000 });
process.stdout.write('ready\n');
while (!existsSync(goFile)) await new Promise((resolve) => setTimeout(resolve, 2));
const intent = { kind: 'energy' as const, profileId: 'p', address: 'TXyzAbCdEfGhJkLmNoPqRsTuVwXy9Ab', count: 65_000, period: '1h', quotedSun: 3n * TRX };
try {
  await journal.recordIntent(intent, () => void checkSpendLimit(journal, 5n * TRX, 3n * TRX, Date.now()));
  process.stdout.write('journaled\n');
} catch (err) {
  process.stdout.write(`refused ${(err as Error).name}\n`);
}
journal.close();
