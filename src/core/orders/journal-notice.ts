import type { Language } from '../../shared/i18n/languages.ts';
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
  kind: 'quarantined' | 'set_aside' | 'interrupted' | 'write_failed' | 'check_failed' | 'store_behind';
  /** In English (logs, the daemon). */
  message: string;
  at: number;
  /** The same in a person's language, where the notice has catalogue words. */
  localized?: (language: Language) => string;
  /** store_behind: what is missing. */
  damage?: StoreDamage;
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
  writeFailed(at: number, message: string): void {
    if (this.failing) return;
    this.failing = true;
    this.emit({ kind: 'write_failed', at, message });
  }

  writeSucceeded(): void {
    this.failing = false;
  }
}
