import type { Clock } from '../base/clock.ts';
import type { Sun } from '../base/money.ts';
import { quickCheck } from '../base/sqlite-file.ts';
import { runCheck } from './journal-errors.ts';
import type { JournalNotice } from './journal-notice.ts';
import type { OrderStore } from './order-store.ts';
import type { TrackedOrder } from './order-types.ts';
import { startOfLocalDay } from './spend-limit.ts';
import { checkFailedNotice, storeBehindNotice } from './store-notice.ts';
import { StoreMark, type StoreDamage, type StoreMarkRecord } from './store-mark.ts';

/**
 * How soon after a paid intent the log is folded into the database file and
 * emptied (a TRUNCATE checkpoint): until then a lost or torn orders.sqlite-wal
 * can take the intent with it (the mark then says so). SQLite's own
 * checkpoint waits for 1,000 pages of log: hours of polling, and it leaves
 * the log's old frames in place. Not at once: the click that pays should not
 * wait for the database file's fsync, and a burst of orders (rules buying for
 * several wallets) shares one.
 */
export const CHECKPOINT_AFTER_PAID_MS = 1_000;
export interface GuardOptions {
  /** PRAGMA quick_check on open. */
  quickCheck: boolean;
  busyTimeoutMs?: number | undefined;
}

/** How long the checkpoint waits for another process's reader (a CLI run) before it tries again later. */
const CHECKPOINT_WAIT_MS = 50;

/**
 * What keeps a damaged or rolled-back order store from hiding spent money
 * (ADR 0018): PRAGMA quick_check on open; the high-water mark of paid intents
 * (store-mark.ts), staged inside each intent's write transaction and
 * committed right after it; on open, a store without the intent the mark
 * names is reported with the missing range, and that day's recorded spend
 * is counted by the daily limit (`missingSince`); a checkpoint soon after
 * paid intents keeps the window of a lost log short.
 */
export class StoreGuard {
  private readonly store: OrderStore;
  private readonly dir: string;
  private readonly clock: Clock;
  private readonly busyTimeoutMs: number | undefined;
  /** Null until the store's first paid intent made it (or an earlier run did). */
  private mark: StoreMark | null;
  private checkpointTimer: unknown = null;

  private constructor(store: OrderStore, dir: string, clock: Clock, busyTimeoutMs: number | undefined) {
    this.store = store;
    this.dir = dir;
    this.clock = clock;
    this.busyTimeoutMs = busyTimeoutMs;
    this.mark = StoreMark.open(dir, false, busyTimeoutMs);
  }

  /** Checks the store's pages (a notice names what quick_check found) and opens its mark, if it has one. */
  static open(store: OrderStore, dir: string, clock: Clock, options: GuardOptions): { guard: StoreGuard; notices: JournalNotice[] } {
    const problems = options.quickCheck ? quickCheck(store.db) : [];
    const guard = new StoreGuard(store, dir, clock, options.busyTimeoutMs);
    return { guard, notices: problems.length === 0 ? [] : [checkFailedNotice(clock.now(), problems)] };
  }

  /**
   * Compares the store with its mark: the intent the mark names must be in
   * it (or set aside). If not, the store came back older than it was (a lost
   * or torn log, a file restored from a copy): the missing range and spend
   * are recorded and the mark moved to what the store holds. Returns notices
   * for what was found now and for earlier damage of today's still counted.
   */
  check(spentSince: (since: number) => Sun): JournalNotice[] {
    if (this.mark === null) return [];
    const at = this.clock.now();
    const mark = this.mark.read();
    const kept = mark === null || this.store.hasLocalId(mark.localId) || this.store.setAsideHolds(mark.localId);
    if (mark !== null && !kept) this.recordLoss(this.mark, mark, spentSince, at);
    const today = startOfLocalDay(at);
    // The damage of today's, and what was found just now whatever its day (its notice says when those orders were placed).
    const shown = this.mark.damageSince(0).filter((d) => d.dayStart >= today || d.detectedAt === at);
    return shown.map((d) => storeBehindNotice(d, spentSince));
  }

  /** Spend the store lost of the days starting at or after `since`: the daily limit adds it while that day lasts. */
  missingSince(since: number): Sun {
    return (this.mark?.damageSince(since) ?? []).reduce((sum, d) => sum + d.missingSun, 0n);
  }

  /**
   * Runs `check` (the daily limit: what it throws refuses the order, see
   * journal-errors.ts) and `insert` in the store's write transaction and, inside it, stages the mark with the day's spend (this
   * intent included); the mark's own transaction commits right after the
   * store's, so the mark never names an intent the store did not commit.
   * If the mark cannot be committed, the intent is taken back (nothing has
   * been sent) and the error thrown. Then a checkpoint is due soon.
   */
  insertIntent(order: TrackedOrder, check: (() => void) | undefined, insert: () => number, spentSince: (since: number) => Sun): number {
    const dayStart = startOfLocalDay(order.createdAt);
    const mark = (this.mark ??= StoreMark.open(this.dir, true, this.busyTimeoutMs) as StoreMark);
    let seq: number;
    try {
      seq = this.store.transaction(() => {
        runCheck(check);
        const inserted = insert();
        mark.stage({ seq: inserted, localId: order.localId, createdAt: order.createdAt, dayStart, daySpentSun: spentSince(dayStart) });
        return inserted;
      });
    } catch (err) {
      mark.rollback();
      throw err;
    }
    try {
      mark.commit();
    } catch (err) {
      mark.rollback();
      this.takeBack(seq);
      throw err;
    }
    if (this.checkpointTimer === null) this.checkpointTimer = this.clock.setTimeout(() => this.checkpoint(), CHECKPOINT_AFTER_PAID_MS);
    return seq;
  }

  /** A pending checkpoint runs now (a process about to end), then the mark closes. */
  close(): void {
    if (this.checkpointTimer !== null) {
      this.clock.clearTimeout(this.checkpointTimer);
      this.checkpoint(false);
    }
    this.mark?.close();
  }

  private takeBack(seq: number): void {
    try {
      this.store.transaction(() => this.store.removeRow(seq));
    } catch {
      // Left 'submitting' and never sent: the next start settles it as unknown.
    }
  }

  /** Folds and empties the log; if another process's reader held it, tries again a little later. */
  private checkpoint(retry = true): void {
    this.checkpointTimer = null;
    let busy = false;
    try {
      busy = !this.store.checkpoint(CHECKPOINT_WAIT_MS);
    } catch {
      // Failing (an I/O error, a full disk): the log stays, as it would without this.
    }
    if (busy && retry) this.checkpointTimer = this.clock.setTimeout(() => this.checkpoint(), CHECKPOINT_AFTER_PAID_MS);
  }

  private recordLoss(file: StoreMark, mark: StoreMarkRecord, spentSince: (since: number) => Sun, at: number): void {
    const kept = this.store.lastRow();
    const keptSpent = spentSince(mark.dayStart);
    const damage: StoreDamage = {
      detectedAt: at,
      dayStart: mark.dayStart,
      missingSun: mark.daySpentSun > keptSpent ? mark.daySpentSun - keptSpent : 0n,
      fromSeq: (kept?.seq ?? 0) + 1,
      toSeq: Math.max(mark.seq, (kept?.seq ?? 0) + 1),
      fromAt: kept?.createdAt ?? null,
      toAt: mark.createdAt,
      lastLocalId: mark.localId,
    };
    // The spend the store holds of that day, before this loss is added to it.
    const rebased = kept === null ? null : { ...kept, dayStart: mark.dayStart, daySpentSun: mark.daySpentSun };
    file.recordDamage(damage, rebased);
  }
}
