import { msg } from '../../shared/i18n/message.ts';
import { existsSync } from 'node:fs';
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { moveAside } from '../base/atomic-file.ts';
import { parseJournal } from './journal-file-format.ts';
import { JournalReadError } from './journal-errors.ts';
import { journalNotice, type JournalNotice } from './journal-notice.ts';
import type { OrderStore } from './order-store.ts';

export const JOURNAL_FILE_NAME = 'orders.json';
export const MIGRATED_SUFFIX = '.migrated';

function migratedName(path: string): string {
  let target = `${path}${MIGRATED_SUFFIX}`;
  for (let n = 1; existsSync(target); n++) target = `${path}${MIGRATED_SUFFIX}-${n}`;
  return target;
}

/**
 * Imports orders.json (the journal of earlier versions) into the store, once:
 * every readable record in one transaction, each unreadable one set aside on
 * its own, then the file is renamed to orders.json.migrated and never read
 * again. A record already in the store (a crash between the commit and the
 * rename, or a file an older version wrote after a downgrade) is not imported
 * twice. A file that is not a journal at all is moved aside as
 * orders.json.corrupt-<time>, as earlier versions did. Returns the notices.
 */
export async function importJsonJournal(store: OrderStore, dir: string, at: number): Promise<JournalNotice[]> {
  const path = join(dir, JOURNAL_FILE_NAME);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ENOENT') return [];
    throw new JournalReadError(msg('errors:journal.cannotRead', { path }), err);
  }
  const parsed = parseJournal(text);
  if (!parsed.ok) {
    let aside: string;
    try {
      aside = await moveAside(path, at);
    } catch (err) {
      throw new JournalReadError(msg('errors:journal.cannotMoveAside', { path }), err);
    }
    return [journalNotice('quarantined', at, msg('notices:journalMovedAside', { file: aside }), parsed.reason)];
  }
  store.transaction(() => {
    for (const order of parsed.orders) if (!store.hasLocalId(order.localId)) store.insert(order, 'app', null);
    for (const { record, reason } of parsed.rejected) store.setAside(at, JOURNAL_FILE_NAME, reason, record);
  });
  await rename(path, migratedName(path));
  if (parsed.rejected.length === 0) return [];
  const reasons = parsed.rejected.map((r) => r.reason).join('; ');
  const notice = msg('notices:journalRecordsSetAside', { count: parsed.rejected.length, imported: parsed.orders.length });
  return [journalNotice('set_aside', at, notice, reasons)];
}
