import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { INTERRUPTED_MESSAGE } from '../../../src/core/orders/status-policy.ts';
import { fixedClock, oldRecord, tempDir, writeOldJournal } from './journal-helpers.ts';

const setAside = (path: string): Array<{ source: string; reason: string; record: string }> => {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare('SELECT source, reason, record FROM set_aside ORDER BY id').all() as never;
  } finally {
    db.close();
  }
};

describe('importing orders.json of an earlier version', () => {
  it('imports every record once, keeps the file as orders.json.migrated and never reads it again', async () => {
    const dir = await tempDir();
    const records = [
      oldRecord({ localId: 'a', state: 'succeeded', txIds: ['AB'.repeat(32)], createdAt: 1, notifiedAt: 5, finishedAt: 4 }),
      oldRecord({ localId: 'b', state: 'running', orderSn: 'EN2', createdAt: 2 }),
      oldRecord({ localId: 'c', kind: 'fast_recover', state: 'failed', orderSn: null, orderId: 77, createdAt: 3, error: 'refused' }),
    ];
    await writeOldJournal(dir, records);
    const journal = await OrderJournal.open(dir, fixedClock());
    expect(journal.openNotices).toEqual([]);
    expect(journal.list()).toEqual(records);
    expect((await readdir(dir)).filter((f) => f.startsWith('orders.json'))).toEqual(['orders.json.migrated']);
    journal.close();

    // Whatever happens to the migrated file later, it is not read again.
    await writeFile(join(dir, 'orders.json.migrated'), 'not json any more');
    const reopened = await OrderJournal.open(dir, fixedClock());
    expect(reopened.openNotices).toEqual([]);
    expect(reopened.list().map((o) => o.localId)).toEqual(['a', 'b', 'c']);
  });

  it('keeps amounts exact whatever their size', async () => {
    const dir = await tempDir();
    await writeOldJournal(dir, [oldRecord({ localId: 'big', chargedSun: 10n ** 40n, quotedSun: 9_007_199_254_740_993n })]);
    const journal = await OrderJournal.open(dir, fixedClock());
    expect(journal.get('big')).toMatchObject({ chargedSun: 10n ** 40n, quotedSun: 9_007_199_254_740_993n });
  });

  it('sets one damaged record aside with a notice and imports the others', async () => {
    const dir = await tempDir();
    const good = [oldRecord({ localId: 'g1', createdAt: 1 }), oldRecord({ localId: 'g2', createdAt: 3 })];
    const path = await writeOldJournal(dir, good);
    const file = JSON.parse(await readFile(path, 'utf8')) as { version: number; orders: unknown[] };
    file.orders.splice(1, 0, { ...(file.orders[0] as object), localId: 'bad-state', state: 'teleported' });
    file.orders.push({ ...(file.orders[0] as object), localId: 'bad-time', createdAt: -5 });
    file.orders.push({ ...(file.orders[0] as object) }); // g1 twice
    await writeFile(path, JSON.stringify(file));

    const journal = await OrderJournal.open(dir, fixedClock());
    expect(journal.list().map((o) => o.localId)).toEqual(['g1', 'g2']);
    expect(journal.openNotices).toEqual([expect.objectContaining({ kind: 'set_aside' })]);
    expect(journal.openNotices[0]?.message).toMatch(/^3 records of the order journal could not be read .*the other 2 order\(s\) were imported/);
    // Why each record failed goes to the log's English only; the notice a person reads says how many.
    expect(journal.openNotices[0]?.text).toEqual({ key: 'notices:journalRecordsSetAside', values: { count: 3, imported: 2 } });
    expect(journal.openNotices[0]?.message).toContain('orders.4: a second record with the id g1');
    const aside = setAside(journal.path);
    expect(aside.map((a) => a.source)).toEqual(['orders.json', 'orders.json', 'orders.json']);
    expect(aside[0]?.reason).toContain('orders.1.state');
    expect(aside[1]?.reason).toContain('orders.3.createdAt');
    expect(aside[2]?.reason).toContain('a second record with the id g1');
    expect(JSON.parse(aside[0]!.record)).toMatchObject({ localId: 'bad-state', state: 'teleported' });
    expect((await readdir(dir)).filter((f) => f.startsWith('orders.json'))).toEqual(['orders.json.migrated']);
  });

  it('imports nothing twice when the app stopped between the import and the rename', async () => {
    const dir = await tempDir();
    await writeOldJournal(dir, [oldRecord({ localId: 'a', state: 'running' })]);
    const first = await OrderJournal.open(dir, fixedClock());
    await first.recordPoll('a', { state: 'succeeded', serverStatus: 'done' });
    first.close();
    // As if the rename had not happened: the same file is there again.
    await copyFile(join(dir, 'orders.json.migrated'), join(dir, 'orders.json'));
    const again = await OrderJournal.open(dir, fixedClock());
    expect(again.list()).toEqual([expect.objectContaining({ localId: 'a', state: 'succeeded' })]);
    expect((await readdir(dir)).filter((f) => f.startsWith('orders.json')).sort()).toEqual(['orders.json.migrated', 'orders.json.migrated-1']);
  });

  it('turns an imported intent without an answer into outcome unknown', async () => {
    const dir = await tempDir();
    await writeOldJournal(dir, [oldRecord({ localId: 'sent?', state: 'submitting', orderSn: null })]);
    const journal = await OrderJournal.open(dir, fixedClock());
    expect(journal.get('sent?')).toMatchObject({ state: 'outcome_unknown', error: INTERRUPTED_MESSAGE, notifiedAt: null });
    expect(journal.openNotices).toEqual([expect.objectContaining({ kind: 'interrupted' })]);
  });
});
