import { isInterrupted, type StartupRules } from './journal-startup.ts';
import { isOpen, type JournalMemory } from './journal-memory.ts';
import { readOrderRow } from './order-rows.ts';
import type { OrderStore } from './order-store.ts';
import type { TrackedOrder } from './order-types.ts';

/**
 * How often the scheduler looks at the store for orders another process wrote
 * (a CLI run beside the app): one PRAGMA data_version when nothing changed, so
 * such an order shows (list, tray, today's spend) and is followed within 2 s.
 */
export const STORE_CHECK_MS = 1_000;

export interface ForeignOrders {
  /** New orders of other processes, and changes they made to orders held in memory. */
  orders: TrackedOrder[];
  /** Of the new ones, intents left 'submitting' by a process that is gone: settled as unknown. */
  interrupted: string[];
}

/**
 * Which rows of the store another process wrote since the last look: the app
 * shares its profile's orders.sqlite with CLI runs (paid commands journal
 * there too). SQLite's PRAGMA data_version changes only when another
 * connection commits, so a look that finds it unchanged costs one read of the
 * log's shared memory; when it changed, only the rows inserted since the last
 * look are read (by the primary key), and the few of another process's rows
 * still followed here: never the history.
 */
export class ForeignWrites {
  private readonly store: OrderStore;
  private version: number;
  /** Every row up to this one was seen (this process's own inserts included). */
  private lastSeq: number;
  /** Another process's intent still being sent by it: looked at again at the next change. */
  private readonly waiting = new Set<number>();
  /** Another process's orders this one follows: read again at each change (it may still write them). */
  private readonly followed = new Set<number>();

  constructor(store: OrderStore) {
    this.store = store;
    this.version = store.dataVersion();
    this.lastSeq = store.lastRow()?.seq ?? 0;
  }

  /**
   * Reads what changed (nothing when nothing did) into `memory`: a new order
   * of another process joins it while open (the scheduler follows it), a
   * change to one held there is adopted; an intent whose process is still
   * sending it waits (the same rules as a start: journal-startup.ts).
   */
  take(memory: JournalMemory, rules: StartupRules, unreadable: (row: unknown, reason: string) => void): ForeignOrders {
    const found: ForeignOrders = { orders: [], interrupted: [] };
    for (const row of this.changedRows() ?? []) {
      const read = readOrderRow(row);
      if (!read.ok) {
        unreadable(row, read.reason);
        continue;
      }
      const { seq, order } = read.stored;
      const held = memory.entries.get(order.localId);
      if (held) {
        if (memory.adopt(held, order)) found.orders.push(held.order);
      } else {
        const verdict = isInterrupted(read.stored, rules);
        if (verdict === 'not_mine') {
          this.wait(seq);
          continue;
        }
        if (isOpen(order)) memory.entries.set(order.localId, { seq, order, written: order });
        found.orders.push(order);
        if (verdict) found.interrupted.push(order.localId);
      }
      this.follow(seq, memory.entries.has(order.localId));
    }
    return found;
  }

  /** This process inserted row `seq`: it is not news. */
  inserted(seq: number): void {
    this.lastSeq = Math.max(this.lastSeq, seq);
  }

  /** The rows to look at, or null when no other process committed since the last call. */
  private changedRows(): unknown[] | null {
    const version = this.store.dataVersion();
    if (version === this.version) return null;
    this.version = version;
    const rows = this.store.rowsAfter(this.lastSeq);
    for (const row of rows) this.inserted((row as { seq: number }).seq);
    for (const seq of [...this.waiting, ...this.followed]) {
      const row = this.store.rowBySeq(seq);
      if (row === undefined) this.forget(seq);
      else rows.push(row);
    }
    return rows;
  }

  /** Not to be taken yet: another process is still sending it. */
  private wait(seq: number): void {
    this.waiting.add(seq);
  }

  /** Taken; followed while it stays in memory. */
  private follow(seq: number, open: boolean): void {
    this.waiting.delete(seq);
    if (open) this.followed.add(seq);
    else this.followed.delete(seq);
  }

  private forget(seq: number): void {
    this.waiting.delete(seq);
    this.followed.delete(seq);
  }
}
