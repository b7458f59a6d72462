import { msg } from '../../shared/i18n/message.ts';
import { journalNotice, type JournalNotice } from './journal-notice.ts';
import { readOrderRow, type Origin, type StoredOrder } from './order-rows.ts';
import type { OrderStore } from './order-store.ts';

/** A CLI intent still 'submitting' after this long is settled even if its process id is in use again. */
const CLI_INTENT_MAX_AGE_MS = 24 * 60 * 60_000;

export interface StartupRules {
  origin: Origin;
  at: number;
  /** Stalled orders older than this (polling has ended) stay on disk only. */
  keepStalledMs: number;
  isAlive(pid: number): boolean;
}

export interface StartupSet {
  /** The orders that go into memory: under way, or not yet notified. */
  open: StoredOrder[];
  /** Of those, the intents left 'submitting' by a process that is gone: their outcome is unknown. */
  interrupted: StoredOrder[];
  notices: JournalNotice[];
}

/** Whether `pid` is a running process (signal 0 only checks). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: unknown }).code === 'EPERM';
  }
}

/**
 * Whose 'submitting' intent is this process's to settle: the app settles its
 * own (one app runs at a time) and those of a CLI run that has ended; a CLI run
 * never touches the app's, and leaves another CLI run's alone while it runs.
 */
export function isInterrupted(stored: StoredOrder, rules: StartupRules): boolean | 'not_mine' {
  if (stored.order.state !== 'submitting') return false;
  if (stored.origin === 'app') return rules.origin === 'app' ? true : 'not_mine';
  const gone = stored.originPid === null || !rules.isAlive(stored.originPid);
  return gone || rules.at - stored.order.createdAt > CLI_INTENT_MAX_AGE_MS ? true : 'not_mine';
}

/**
 * Reads the open orders of the store for a start: each row on its own (a row
 * that cannot be read is set aside with a notice, the others load), and which
 * intents were interrupted. Only the open orders are read: the history stays
 * on disk, whatever its size.
 */
export function readStartupSet(store: OrderStore, rules: StartupRules): StartupSet {
  const open: StoredOrder[] = [];
  const interrupted: StoredOrder[] = [];
  const bad: Array<{ row: unknown; reason: string }> = [];
  for (const row of store.openRows()) {
    const read = readOrderRow(row);
    if (!read.ok) {
      bad.push({ row, reason: read.reason });
      continue;
    }
    const { order } = read.stored;
    const verdict = isInterrupted(read.stored, rules);
    if (verdict === 'not_mine') continue;
    if (order.state === 'stalled' && order.notifiedAt !== null && rules.at - order.createdAt > rules.keepStalledMs) continue;
    open.push(read.stored);
    if (verdict) interrupted.push(read.stored);
  }
  const notices: JournalNotice[] = [];
  if (bad.length > 0) {
    setAsideRows(store, rules.at, bad);
    notices.push(setAsideNotice(rules.at, bad));
  }
  return { open, interrupted, notices };
}

/** Moves rows that cannot be read into set_aside, in one transaction. */
export function setAsideRows(store: OrderStore, at: number, bad: ReadonlyArray<{ row: unknown; reason: string }>): void {
  store.transaction(() => {
    for (const { row, reason } of bad) {
      store.setAside(at, 'orders', reason, row);
      const seq = (row as { seq?: unknown }).seq;
      if (typeof seq === 'number') store.removeRow(seq);
    }
  });
}

/** Rows that could not be read were set aside; why (technical: the field and the check) goes to the log only. */
export function setAsideNotice(at: number, bad: ReadonlyArray<{ reason: string }>): JournalNotice {
  const text = msg('notices:recordsSetAside', { count: bad.length });
  return journalNotice('set_aside', at, text, bad.map((b) => b.reason).join('; '));
}

/** Intents found without an answer after a restart, settled as outcome unknown. */
export function interruptedNotice(at: number, count: number): JournalNotice {
  return journalNotice('interrupted', at, msg('notices:interrupted', { count }));
}

/** The database could not be read at all and was moved aside. */
export function quarantinedNotice(at: number, movedTo: string): JournalNotice {
  return journalNotice('quarantined', at, msg('notices:databaseMovedAside', { file: movedTo }));
}
