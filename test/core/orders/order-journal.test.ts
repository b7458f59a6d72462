import { spawn } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { ORDER_SCHEMA_VERSION } from '../../../src/core/orders/order-schema.ts';
import { JournalWriteError, OrderTransitionError } from '../../../src/core/orders/journal-errors.ts';
import { INTERRUPTED_MESSAGE } from '../../../src/core/orders/status-policy.ts';
import { energyIntent, fixedClock, holdWriteLock, oldRecord, readOnDisk, tempDir, writeOldJournal } from './journal-helpers.ts';

describe('order journal', () => {
  it('round-trips records with SUN amounts as decimal strings, in a 0600 file', async () => {
    const dir = await tempDir();
    const journal = await OrderJournal.open(dir, fixedClock());
    const intent = await journal.recordIntent(energyIntent({ quotedSun: 123_456_789_012_345_678n }));
    await journal.recordSubmitted(intent.localId, { orderSn: 'EN1', chargedSun: 2_750_001n });
    expect(readOnDisk(journal.path)).toMatchObject({ version: ORDER_SCHEMA_VERSION, orders: [{ quotedSun: '123456789012345678', chargedSun: '2750001', state: 'running' }] });
    expect((await stat(join(dir, 'orders.sqlite'))).mode & 0o777).toBe(0o600);

    const reopened = await OrderJournal.open(dir, fixedClock());
    expect(reopened.openNotices).toEqual([]);
    expect(reopened.list()).toEqual(journal.list());
    expect(reopened.get(intent.localId)?.chargedSun).toBe(2_750_001n);
  });

  it("records an energy order's would-burn figure once, as a decimal string in a column older records leave empty", async () => {
    const dir = await tempDir();
    const journal = await OrderJournal.open(dir, fixedClock());
    const o = await journal.recordIntent(energyIntent());
    await journal.recordSubmitted(o.localId, { orderSn: 'EN1', chargedSun: 2_750_000n });
    expect(readOnDisk(journal.path).orders[0]?.['wouldBurnSun']).toBeNull();
    await journal.recordPoll(o.localId, { state: 'succeeded' });
    await journal.markNotified(o.localId); // finished and notified: on disk only, out of memory
    await journal.recordWouldBurn(o.localId, 90_071_992_547_409_930n);
    await journal.recordWouldBurn(o.localId, 1n); // the figure of its time is kept
    expect(readOnDisk(journal.path).orders[0]?.['wouldBurnSun']).toBe('90071992547409930');
    const reopened = await OrderJournal.open(dir, fixedClock());
    expect(reopened.get(o.localId)?.wouldBurnSun).toBe(90_071_992_547_409_930n);
  });

  it("imports an orders.json's would-burn figures with the orders, and records without one stay without", async () => {
    const dir = await tempDir();
    const saved = oldRecord({ state: 'succeeded', finishedAt: 1_700_000_000_000, notifiedAt: 1_700_000_000_000, wouldBurnSun: 12_345_678_901_234_567_890n });
    const plain = oldRecord({ state: 'succeeded', finishedAt: 1_700_000_000_000, notifiedAt: 1_700_000_000_000 });
    await writeOldJournal(dir, [saved, plain]);
    const journal = await OrderJournal.open(dir, fixedClock());
    expect(journal.get(saved.localId)?.wouldBurnSun).toBe(12_345_678_901_234_567_890n);
    expect(journal.get(plain.localId)?.wouldBurnSun ?? null).toBeNull();
  });

  it('persists the intent before recordIntent resolves', async () => {
    const dir = await tempDir();
    const journal = await OrderJournal.open(dir, fixedClock());
    const intent = await journal.recordIntent(energyIntent());
    const onDisk = readOnDisk(journal.path);
    expect(onDisk.orders).toEqual([expect.objectContaining({ localId: intent.localId, state: 'submitting' })]);
  });

  it('loses no change among many concurrent updates', async () => {
    const dir = await tempDir();
    const journal = await OrderJournal.open(dir, fixedClock());
    const intents = await Promise.all(Array.from({ length: 20 }, (_, i) => journal.recordIntent(energyIntent({ count: 30_000 + i }))));
    await Promise.all(intents.flatMap((o, i) => [journal.recordSubmitted(o.localId, { orderSn: `EN${i}`, chargedSun: BigInt(i) }), journal.markNotified(o.localId)]));
    await Promise.all(intents.map((o) => journal.recordPoll(o.localId, { state: 'succeeded', serverStatus: 'done' })));
    const reopened = await OrderJournal.open(dir, fixedClock());
    const byId = new Map(reopened.list().map((o) => [o.localId, o]));
    intents.forEach((o, i) => {
      expect(byId.get(o.localId)).toMatchObject({ state: 'succeeded', orderSn: `EN${i}`, chargedSun: BigInt(i), attempts: 1, count: 30_000 + i });
      expect(byId.get(o.localId)?.notifiedAt).not.toBeNull();
    });
  });

  it('enforces forward-only states', async () => {
    const journal = await OrderJournal.open(await tempDir(), fixedClock());
    const o = await journal.recordIntent(energyIntent());
    await journal.recordSubmitted(o.localId, { orderSn: 'EN1', chargedSun: null });
    await journal.recordPoll(o.localId, { state: 'succeeded' });
    await expect(journal.recordPoll(o.localId, { state: 'failed' })).rejects.toBeInstanceOf(OrderTransitionError);
    expect(journal.get(o.localId)?.state).toBe('succeeded');
  });

  it('turns an intent left in submitting into outcome unknown on open, with a notice', async () => {
    const dir = await tempDir();
    const first = await OrderJournal.open(dir, fixedClock());
    const o = await first.recordIntent(energyIntent());
    const reopened = await OrderJournal.open(dir, fixedClock());
    expect(reopened.get(o.localId)).toMatchObject({ state: 'outcome_unknown', error: INTERRUPTED_MESSAGE, notifiedAt: null });
    expect(reopened.openNotices).toEqual([expect.objectContaining({ kind: 'interrupted' })]);
    expect((await OrderJournal.open(dir, fixedClock())).get(o.localId)?.state).toBe('outcome_unknown');
  });

  // orders.json of an earlier version, damaged as a whole: moved aside as before, the store starts without it.
  it.each([
    ['truncated', (valid: string) => valid.slice(0, Math.floor(valid.length / 2))],
    ['garbage', () => '\u0000\u0001 not json at all'],
    ['empty', () => ''],
    ['wrong version', (valid: string) => valid.replace('"version": 1', '"version": 2')],
  ])('quarantines a %s file with a notice and keeps it', async (_name, damage) => {
    const dir = await tempDir();
    const valid = await readFile(await writeOldJournal(dir, [oldRecord({ state: 'submitting', orderSn: null })]), 'utf8');
    const damaged = damage(valid);
    await writeFile(join(dir, 'orders.json'), damaged);

    const reopened = await OrderJournal.open(dir, fixedClock());
    expect(reopened.list()).toEqual([]);
    expect(reopened.openNotices).toEqual([expect.objectContaining({ kind: 'quarantined' })]);
    const aside = (await readdir(dir)).filter((f) => f.startsWith('orders.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(dir, aside[0]!), 'utf8')).toBe(damaged);
    expect(reopened.openNotices[0]?.message).toContain(aside[0]);
  });

  it('loads the old file intact when a crash left a half-written temp file beside it', async () => {
    const dir = await tempDir();
    const o = oldRecord({ state: 'running', orderSn: 'EN1', chargedSun: 1n });
    const before = await readFile(await writeOldJournal(dir, [o]), 'utf8');
    // write-file-atomic's temp name: the target plus a hash; a crash before rename leaves it.
    await writeFile(join(dir, 'orders.json.3129412394'), before.slice(0, 40));
    const reopened = await OrderJournal.open(dir, fixedClock());
    expect(reopened.openNotices).toEqual([]);
    expect(reopened.get(o.localId)).toMatchObject({ state: 'running', orderSn: 'EN1' });
  });

  it('survives a writer killed at a random point mid-write', async () => {
    const dir = await tempDir();
    const child = spawn(process.execPath, [join(import.meta.dirname, 'journal-writer-child.ts'), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => (chunk.toString().includes('ready') ? resolve() : undefined));
      child.on('exit', (code) => reject(new Error(`child exited early with ${code}`)));
    });
    await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    const reopened = await OrderJournal.open(dir, fixedClock());
    expect(reopened.openNotices.filter((n) => n.kind === 'quarantined')).toEqual([]);
    const orders = reopened.list();
    expect(orders.length).toBeGreaterThanOrEqual(6);
    // Every intent of the dead writer was 'submitting': now outcome unknown, none lost in between.
    expect(orders.every((o) => o.state === 'outcome_unknown')).toBe(true);
    expect(orders.map((o) => o.quotedSun)).toEqual(orders.map((_, i) => BigInt(i)));
  });

  it('drops the intent and throws when it cannot be written', async () => {
    const dir = await tempDir();
    const journal = await OrderJournal.open(dir, fixedClock(), { busyTimeoutMs: 20 });
    const notices: string[] = [];
    journal.onNotice((n) => notices.push(n.kind));
    const release = holdWriteLock(journal.path);
    await expect(journal.recordIntent(energyIntent())).rejects.toBeInstanceOf(JournalWriteError);
    release();
    expect(journal.list()).toEqual([]);
    expect(notices).toEqual(['write_failed']);
  });
});
