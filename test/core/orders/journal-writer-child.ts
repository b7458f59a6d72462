// Child process for the crash test: keeps journaling intents until killed.
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: journal-writer-child.ts <dir>');
const clock = { now: () => Date.now(), setTimeout: () => 0, clearTimeout: () => undefined };
const journal = await OrderJournal.open(dir, clock);
for (let i = 0; ; i++) {
  await journal.recordIntent({ kind: 'energy', profileId: 'p', address: `T${'x'.repeat(2_000)}${i}`, count: 65_000, period: '1h', quotedSun: BigInt(i) });
  if (i === 5) process.stdout.write('ready\n');
}
