import { changedColumns, readOrderRow } from './order-rows.ts';
import type { OrderStore } from './order-store.ts';
import type { OrderState, TrackedOrder } from './order-types.ts';

/** One order in memory: its newest state and what is on disk (differs while a write failed). */
export interface Entry {
  seq: number;
  order: TrackedOrder;
  written: TrackedOrder | null;
}

export const copy = (order: TrackedOrder): TrackedOrder => ({ ...order, txIds: [...order.txIds] });

/** Orders still under way or not notified yet: the only ones kept in memory. */
export const isOpen = (o: TrackedOrder): boolean =>
  o.state === 'submitting' || o.state === 'running' || o.state === 'stalled' || o.notifiedAt === null;

export interface MemoryHooks {
  /** A write failed: report it (once) and return the error to throw. */
  failed(cause: unknown): Error;
  /** A write succeeded: a failing streak is over. */
  saved(): void;
  /** A row that cannot be read: set it aside. */
  unreadable(row: unknown, reason: string): void;
}

/** The store says someone else marked the order notified: nothing was written. */
export class NotifiedElsewhere {
  readonly notifiedAt: number;
  constructor(notifiedAt: number) {
    this.notifiedAt = notifiedAt;
  }
}

/**
 * The orders the journal keeps in memory (under way or not yet notified) and
 * their writes. Each change is written in its own transaction, only the
 * columns that changed; one whose write fails stays in memory as unsaved and
 * is written with the next change. A finished, notified order leaves memory.
 */
export class JournalMemory {
  readonly entries = new Map<string, Entry>();
  private readonly dirty = new Set<string>();
  private readonly store: OrderStore;
  private readonly hooks: MemoryHooks;

  constructor(store: OrderStore, hooks: MemoryHooks) {
    this.store = store;
    this.hooks = hooks;
  }

  /** The entry in memory, else the order read from disk (not kept). */
  find(localId: string): Entry | undefined {
    const kept = this.entries.get(localId);
    if (kept) return kept;
    const row = this.store.rowByLocalId(localId);
    if (row === undefined) return undefined;
    const read = readOrderRow(row);
    if (!read.ok) {
      this.hooks.unreadable(row, read.reason);
      return undefined;
    }
    const { seq, order } = read.stored;
    return { seq, order, written: order };
  }

  /** Oldest first. */
  ordered(): Entry[] {
    return [...this.entries.values()].sort((a, b) => a.order.createdAt - b.order.createdAt || a.seq - b.seq);
  }

  get unsaved(): number {
    return this.dirty.size;
  }

  /**
   * Writes one entry; on failure keeps it in memory as unsaved and throws the
   * hooks' error. With `onlyIfUnnotified`, the store's notified_at is read in
   * the same transaction first: if another process marked it, nothing is
   * written and NotifiedElsewhere is thrown (the caller adopts the store's).
   */
  save(entry: Entry, onlyIfUnnotified = false): void {
    const { order } = entry;
    if (entry.written === order) return;
    try {
      this.store.transaction(() => {
        const elsewhere = onlyIfUnnotified ? this.store.notifiedAtOf(entry.seq) : null;
        if (elsewhere !== null) throw new NotifiedElsewhere(elsewhere);
        this.store.update(entry.seq, entry.written, order);
      });
    } catch (cause) {
      if (cause instanceof NotifiedElsewhere) throw cause;
      this.entries.set(order.localId, entry);
      this.dirty.add(order.localId);
      throw this.hooks.failed(cause);
    }
    entry.written = order;
    this.dirty.delete(order.localId);
    this.hooks.saved();
    if (!isOpen(order)) this.entries.delete(order.localId);
  }

  writeDirty(): void {
    for (const localId of [...this.dirty]) {
      const entry = this.entries.get(localId);
      if (!entry) {
        this.dirty.delete(localId);
        continue;
      }
      try {
        this.save(entry);
      } catch {
        return; // still failing: reported once already; try again with the next change
      }
    }
  }

  /**
   * Another process changed an order held here (read back from the store):
   * take the store's copy, unless this one has a change not yet written, which
   * then keeps its own but takes the other's notified mark. True when it changed.
   */
  adopt(entry: Entry, onDisk: TrackedOrder): boolean {
    if (entry.written !== null && changedColumns(entry.written, onDisk).length === 0) return false;
    if (this.dirty.has(onDisk.localId)) {
      entry.order = { ...entry.order, notifiedAt: entry.order.notifiedAt ?? onDisk.notifiedAt };
      entry.written = onDisk;
    } else {
      entry.order = onDisk;
      entry.written = onDisk;
    }
    if (!isOpen(entry.order) && !this.dirty.has(onDisk.localId)) this.entries.delete(onDisk.localId);
    return true;
  }

  /** Another process marked it notified (NotifiedElsewhere): the store's copy of the order is taken; returns it. */
  adoptNotified(entry: Entry, notifiedAt: number): TrackedOrder {
    const read = readOrderRow(this.store.rowBySeq(entry.seq));
    this.adopt(entry, read.ok ? read.stored.order : { ...entry.order, notifiedAt });
    return entry.order;
  }

  /** Orders held here whose sending process is gone: their outcome becomes `outcome`, written (or kept unsaved) one by one. */
  settle(localIds: readonly string[], now: number, outcome: { state: OrderState; error: string }): void {
    for (const localId of localIds) {
      const entry = this.entries.get(localId);
      if (!entry) continue;
      entry.order = { ...entry.order, ...outcome, updatedAt: now, finishedAt: now };
      try {
        this.save(entry);
      } catch {
        // Not fatal: memory holds the outcome and the next change writes it.
      }
    }
  }
}
