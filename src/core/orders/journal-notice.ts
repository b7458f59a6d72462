import { englishText } from '../../shared/i18n/english-message.ts';
import { msg, type Message } from '../../shared/i18n/message.ts';
import type { StoreDamage } from './store-mark.ts';

/** Something a person should know about the order journal (shown as a notice in the dashboard). */
export interface JournalNotice {
  /**
   * quarantined: a whole file could not be read and was moved aside;
   * set_aside: single records could not be read and were kept apart, the others loaded;
   * interrupted: intents found without an answer after a restart;
   * write_failed: a change could not be saved (it is kept in memory and retried);
   * check_failed: PRAGMA quick_check found damage on opening;
   * store_behind: the store came back without paid intents its mark recorded (store-guard.ts).
   */
  kind: JournalNoticeKind;
  /** What a person reads (the notices catalogue), worded in their language where it is shown. */
  text: Message;
  /** The same in English, with any technical detail (why records could not be read), for logs and the daemon. */
  message: string;
  at: number;
  /** store_behind: what is missing. */
  damage?: StoreDamage;
}

export type JournalNoticeKind = 'quarantined' | 'set_aside' | 'interrupted' | 'write_failed' | 'check_failed' | 'store_behind';

/** A notice saying `text`; `detail` (English, technical) goes only into the log's message. */
export function journalNotice(kind: JournalNoticeKind, at: number, text: Message, detail?: string): JournalNotice {
  const english = englishText(text);
  return { kind, at, text, message: detail === undefined ? english : `${english} (${detail})` };
}

/**
 * The journal's later notices: listeners, and a failing write reported once
 * until a write succeeds again (a full disk would otherwise notify on every poll).
 */
export class JournalNotices {
  private readonly listeners = new Set<(notice: JournalNotice) => void>();
  private failing = false;

  on(listener: (notice: JournalNotice) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(notice: JournalNotice): void {
    for (const listener of this.listeners) listener(notice);
  }

  /** A write failed: reported once until one succeeds. */
  writeFailed(at: number, error: Message): void {
    if (this.failing) return;
    this.failing = true;
    this.emit(journalNotice('write_failed', at, msg('notices:journalWriteFailed', { error })));
  }

  writeSucceeded(): void {
    this.failing = false;
  }
}
