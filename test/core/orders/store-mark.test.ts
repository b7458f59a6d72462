import { messageText } from '../../../src/shared/i18n/i18n.ts';
import { closeSync, copyFileSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { startOfLocalDay } from '../../../src/core/orders/spend-limit.ts';
import { MARK_DB_FILE_NAME } from '../../../src/core/orders/store-mark.ts';
import { energyIntent, fixedClock, tempDir } from './journal-helpers.ts';

const TRX = 1_000_000n;
const NOON = new Date(2026, 10, 23, 12, 0, 0).getTime();
const DAY = 86_400_000;

async function place(journal: OrderJournal, quotedSun: bigint): Promise<void> {
  const o = await journal.recordIntent(energyIntent({ quotedSun }));
  await journal.recordSubmitted(o.localId, { orderSn: `EN${o.localId.slice(0, 8)}`, chargedSun: quotedSun });
}

/** Puts the database back as `copy` was (an older file restored, or a log lost with its last commits). */
function restore(dir: string, copy: string): void {
  for (const suffix of ['-wal', '-shm']) rmSync(join(dir, `orders.sqlite${suffix}`), { force: true });
  copyFileSync(copy, join(dir, 'orders.sqlite'));
}

describe("the order store's high-water mark", () => {
  it('reports a store that came back older than its mark, with the missing range, and counts the recorded spend until that day ends', async () => {
    const dir = await tempDir();
    const clock = fixedClock(NOON);
    const journal = await OrderJournal.open(dir, clock);
    await place(journal, 1n * TRX);
    await place(journal, 1n * TRX);
    journal.close();
    copyFileSync(join(dir, 'orders.sqlite'), join(dir, 'older.sqlite'));
    const later = await OrderJournal.open(dir, clock);
    await place(later, 2n * TRX);
    await place(later, 2n * TRX);
    expect(later.spentSince(startOfLocalDay(NOON))).toBe(6n * TRX);
    later.close();
    restore(dir, join(dir, 'older.sqlite'));

    const reopened = await OrderJournal.open(dir, clock);
    expect(reopened.list()).toHaveLength(2);
    const notice = reopened.openNotices.find((n) => n.kind === 'store_behind');
    expect(notice?.damage).toMatchObject({ fromSeq: 3, toSeq: 4, missingSun: 4n * TRX, dayStart: startOfLocalDay(NOON) });
    expect(notice?.message).toMatch(/Missing: orders #3 to #4, the last placed .* the daily spending limit counts the recorded 6\.00 TRX, not the 2\.00 TRX/);
    expect(notice?.text.key).toBe('notices:storeBehind');
    expect(messageText(notice!.text, 'ru')).toContain('заказы с №3 по №4');
    expect(messageText(notice!.text, 'zh-CN')).toContain('订单 #3 至 #4');
    expect(reopened.spentSince(startOfLocalDay(NOON))).toBe(6n * TRX);

    // An order after the loss moves the mark on; a second start of the same day still counts and names the loss, once.
    await place(reopened, 1n * TRX);
    reopened.close();
    const again = await OrderJournal.open(dir, clock);
    expect(again.openNotices.filter((n) => n.kind === 'store_behind')).toHaveLength(1);
    expect(again.spentSince(startOfLocalDay(NOON))).toBe(7n * TRX);
    again.close();

    // The next day: that day's loss no longer counts, and nothing is left to say.
    clock.set(NOON + DAY);
    const tomorrow = await OrderJournal.open(dir, clock);
    expect(tomorrow.openNotices).toEqual([]);
    expect(tomorrow.spentSince(startOfLocalDay(NOON + DAY))).toBe(0n);
    tomorrow.close();
  });

  it('says nothing for a store that kept everything, whoever wrote it (the app and a CLI run in turn)', async () => {
    const dir = await tempDir();
    const app = await OrderJournal.open(dir, fixedClock(NOON));
    const cli = await OrderJournal.open(dir, fixedClock(NOON), { origin: 'cli', showsOwnOutcomes: true });
    for (let i = 0; i < 3; i++) {
      await place(app, TRX);
      await place(cli, TRX);
    }
    cli.close();
    app.close();
    const mark = new DatabaseSync(join(dir, MARK_DB_FILE_NAME));
    expect(mark.prepare('SELECT seq, day_spent_sun FROM mark').get()).toEqual({ seq: 6, day_spent_sun: String(6n * TRX) });
    mark.close();
    const reopened = await OrderJournal.open(dir, fixedClock(NOON));
    expect(reopened.openNotices).toEqual([]);
    reopened.close();
  });

  it('needs no mark file until the first paid intent', async () => {
    const dir = await tempDir();
    const journal = await OrderJournal.open(dir, fixedClock(NOON));
    expect(() => statSync(join(dir, MARK_DB_FILE_NAME))).toThrow();
    await place(journal, TRX);
    expect(statSync(join(dir, MARK_DB_FILE_NAME)).size).toBeGreaterThan(0);
    journal.close();
  });

  it('folds the log into the database and empties it soon after a paid intent', async () => {
    const dir = await tempDir();
    const clock = fixedClock(NOON);
    const journal = await OrderJournal.open(dir, clock);
    await place(journal, TRX);
    const wal = join(dir, 'orders.sqlite-wal');
    expect(statSync(wal).size).toBeGreaterThan(0);
    expect(clock.runTimers()).toBe(1);
    expect(statSync(wal).size).toBe(0);
    journal.close();
  });

  it('checks the store on opening and names what PRAGMA quick_check finds', async () => {
    const dir = await tempDir();
    const journal = await OrderJournal.open(dir, fixedClock(NOON));
    for (let i = 0; i < 20; i++) await place(journal, TRX);
    journal.close();
    const db = new DatabaseSync(join(dir, 'orders.sqlite'));
    const { rootpage, page_size: pageSize } = {
      ...(db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'orders_by_address'").get() as { rootpage: number }),
      ...(db.prepare('PRAGMA page_size').get() as { page_size: number }),
    };
    db.close();
    // Garbage over one index page (a disk fault): the table and the indexes a start reads stay whole.
    const fd = openSync(join(dir, 'orders.sqlite'), 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (rootpage - 1) * pageSize);
    closeSync(fd);
    const reopened = await OrderJournal.open(dir, fixedClock(NOON));
    const notice = reopened.openNotices.find((n) => n.kind === 'check_failed');
    expect(notice?.message).toMatch(/^The order store failed its check on opening \(Tree \d+ page \d+: .+\)\. It is used as it is/);
    expect(notice?.message).not.toContain('\n');
    reopened.close();
  });
});
