import { spawnSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { NewerSchemaError } from '../../../src/core/base/sqlite-file.ts';
import { JournalWriteError } from '../../../src/core/orders/journal-errors.ts';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { energyIntent, fixedClock, tempDir } from './journal-helpers.ts';

/** Runs SQL on the journal's database through a second connection, as another program would. */
function sql(path: string, text: string): void {
  const db = new DatabaseSync(path);
  try {
    db.exec(text);
  } finally {
    db.close();
  }
}

/** A process id that is certainly not running any more. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid ?? 2 ** 22 + 7;
}

describe('order journal over SQLite', () => {
  it('keeps only orders under way or not yet notified in memory; the history is read from disk', async () => {
    const dir = await tempDir();
    const journal = await OrderJournal.open(dir, fixedClock());
    for (let i = 0; i < 30; i++) {
      const o = await journal.recordIntent(energyIntent({ quotedSun: BigInt(i) }));
      await journal.recordSubmitted(o.localId, { orderSn: `EN${i}`, chargedSun: BigInt(i) });
      await journal.recordPoll(o.localId, { state: 'succeeded' });
      await journal.markNotified(o.localId);
    }
    const running = await journal.recordIntent(energyIntent());
    await journal.recordSubmitted(running.localId, { orderSn: 'ENrun', chargedSun: 1n });
    const unnotified = await journal.recordIntent(energyIntent());
    await journal.recordFailed(unnotified.localId, 'refused');
    expect(journal.active().map((o) => o.localId)).toEqual([running.localId, unnotified.localId]);
    expect(journal.list()).toHaveLength(32);
    expect(journal.get(journal.list()[0]!.localId)).toMatchObject({ orderSn: 'EN0', state: 'succeeded' });
    journal.close();
    const reopened = await OrderJournal.open(dir, fixedClock());
    expect(reopened.active().map((o) => o.localId)).toEqual([running.localId, unnotified.localId]);
  });

  it('sets one damaged row aside with a notice; the other orders load', async () => {
    const dir = await tempDir();
    const journal = await OrderJournal.open(dir, fixedClock());
    const a = await journal.recordIntent(energyIntent());
    await journal.recordSubmitted(a.localId, { orderSn: 'ENa', chargedSun: 1n });
    const b = await journal.recordIntent(energyIntent());
    await journal.recordSubmitted(b.localId, { orderSn: 'ENb', chargedSun: 1n });
    journal.close();
    sql(journal.path, `UPDATE orders SET state = 'teleported' WHERE local_id = '${b.localId}'`);

    const reopened = await OrderJournal.open(dir, fixedClock());
    expect(reopened.active().map((o) => o.localId)).toEqual([a.localId]);
    expect(reopened.list().map((o) => o.localId)).toEqual([a.localId]);
    expect(reopened.openNotices).toEqual([expect.objectContaining({ kind: 'set_aside' })]);
    expect(reopened.openNotices[0]?.message).toContain('state');
    const db = new DatabaseSync(reopened.path, { readOnly: true });
    expect(db.prepare('SELECT source, record FROM set_aside').all()).toEqual([{ source: 'orders', record: expect.stringContaining('teleported') }]);
    db.close();
  });

  it('refuses a database of a newer version with a clear message and leaves it as it was', async () => {
    const dir = await tempDir();
    const journal = await OrderJournal.open(dir, fixedClock());
    await journal.recordIntent(energyIntent());
    journal.close();
    sql(journal.path, 'PRAGMA user_version = 99');
    const before = await readFile(journal.path);
    await expect(OrderJournal.open(dir, fixedClock())).rejects.toBeInstanceOf(NewerSchemaError);
    await expect(OrderJournal.open(dir, fixedClock())).rejects.toThrow(/newer version of the app \(schema 99/);
    expect(await readFile(journal.path)).toEqual(before);
  });

  it('moves a database it cannot read aside and starts an empty one', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'orders.sqlite'), 'this is not a database, it only sits where one should be'.repeat(100));
    const journal = await OrderJournal.open(dir, fixedClock());
    expect(journal.list()).toEqual([]);
    expect(journal.openNotices).toEqual([expect.objectContaining({ kind: 'quarantined' })]);
    const aside = (await readdir(dir)).filter((f) => f.startsWith('orders.sqlite.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(journal.openNotices[0]?.message).toContain(aside[0]);
    await journal.recordIntent(energyIntent());
    expect(journal.list()).toHaveLength(1);
  });

  it('refuses an intent on a full disk (SQLITE_FULL) and keeps nothing of it', async () => {
    const dir = await tempDir();
    const first = await OrderJournal.open(dir, fixedClock());
    first.close();
    const pages = (): number => {
      const db = new DatabaseSync(first.path, { readOnly: true });
      const n = (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
      db.close();
      return n;
    };
    const journal = await OrderJournal.open(dir, fixedClock(), { maxPageCount: pages() + 2 });
    const written: string[] = [];
    let refused: unknown;
    for (let i = 0; i < 200 && refused === undefined; i++) {
      try {
        written.push((await journal.recordIntent(energyIntent({ address: `T${'x'.repeat(300)}${i}` }))).localId);
      } catch (err) {
        refused = err;
      }
    }
    expect(refused).toBeInstanceOf(JournalWriteError);
    expect((refused as Error).message).toContain('the disk is full');
    expect(journal.list().map((o) => o.localId)).toEqual(written);
  });

  it('leaves a running CLI command its intent; settles the intent of one that has ended', async () => {
    const dir = await tempDir();
    const cli = await OrderJournal.open(dir, fixedClock(), { origin: 'cli' });
    const live = await cli.recordIntent(energyIntent());
    const ended = await cli.recordIntent(energyIntent());
    cli.close();
    sql(cli.path, `UPDATE orders SET origin_pid = ${deadPid()} WHERE local_id = '${ended.localId}'`);

    const app = await OrderJournal.open(dir, fixedClock());
    expect(app.get(live.localId)?.state).toBe('submitting');
    expect(app.active().map((o) => o.localId)).toEqual([ended.localId]);
    expect(app.get(ended.localId)?.state).toBe('outcome_unknown');
    // The CLI, in turn, never settles the app's own intents.
    const appIntent = await app.recordIntent(energyIntent());
    app.close();
    const again = await OrderJournal.open(dir, fixedClock(), { origin: 'cli' });
    expect(again.get(appIntent.localId)?.state).toBe('submitting');
  });
});
