import { randomUUID } from 'node:crypto';
import type { Clock } from '../base/clock.ts';
import type { Sun } from '../base/money.ts';
import { intentRecord, polled, submitted, type PollRecord, type SubmittedReceipt } from './journal-changes.ts';
import { importJsonJournal } from './json-journal-import.ts';
import { CheckRefusal, JournalWriteError, OrderTransitionError, UnknownOrderError, runCheck } from './journal-errors.ts';
import { JournalNotices, type JournalNotice } from './journal-notice.ts';
import { interruptedNotice, processAlive, readStartupSet, setAsideNotice, setAsideRows } from './journal-startup.ts';
import { OrderHistory } from './order-history.ts';
import { readOrderRow, type Origin } from './order-rows.ts';
import { OrderStore } from './order-store.ts';
import { PriceLog } from './price-log.ts';
import { RuleOrders } from './rule-orders.ts';
import { canTransition, isFinishedForUser, type OrderIntent, type TrackedOrder } from './order-types.ts';
import { INTERRUPTED_MESSAGE } from './status-policy.ts';

export type { JournalNotice } from './journal-notice.ts';
export type { PollRecord, SubmittedReceipt } from './journal-changes.ts';
export { JOURNAL_FILE_NAME } from './json-journal-import.ts';
export { ORDER_DB_FILE_NAME } from './order-store.ts';

export interface JournalOptions {
  newId?: () => string;
  /** Who writes: the app (default) settles its own interrupted intents at a start; the CLI only its own runs'. */
  origin?: Origin;
  /** Stalled orders older than this stay on disk only (polling them has ended). Default 24 h. */
  keepStalledMs?: number;
  /** How long a write waits while another process writes the same database. Default 5 s. */
  busyTimeoutMs?: number;
  /** Tests: SQLite's page cap, to fail a write with SQLITE_FULL as a full disk does. */
  maxPageCount?: number;
}

/** One order in memory: its newest state and what is on disk (differs while a write failed). */
interface Entry {
  seq: number;
  order: TrackedOrder;
  written: TrackedOrder | null;
}

const copy = (order: TrackedOrder): TrackedOrder => ({ ...order, txIds: [...order.txIds] });

/** Orders still under way or not notified yet: the only ones kept in memory. */
const isOpen = (o: TrackedOrder): boolean => o.state === 'submitting' || o.state === 'running' || o.state === 'stalled' || o.notifiedAt === null;

/**
 * The order journal: orders.sqlite in the profile's data directory (SQLite,
 * order-store.ts). Only orders under way or not yet notified live in memory;
 * the history is read by query (`history`). Every change is committed (WAL,
 * synchronous=FULL: on disk across a power loss) before its method resolves;
 * a change whose write fails stays in memory, is reported once as a notice,
 * and is written with the next change or flush().
 */
export class OrderJournal {
  /** The database file. */
  readonly path: string;
  /** What happened while opening (an imported or quarantined orders.json, records set aside, interrupted intents). */
  readonly openNotices: readonly JournalNotice[];
  readonly history: OrderHistory;
  /** Auto top-up's queries and decisions table (rule-orders.ts). */
  readonly rules: RuleOrders;
  /** The quotes the app made (the price sparklines). */
  readonly prices: PriceLog;
  private readonly store: OrderStore;
  private readonly clock: Clock;
  private readonly newId: () => string;
  private readonly origin: Origin;
  private readonly memory = new Map<string, Entry>();
  private readonly dirty = new Set<string>();
  private readonly notices = new JournalNotices();

  private constructor(store: OrderStore, clock: Clock, notices: JournalNotice[], options: JournalOptions) {
    this.store = store;
    this.path = store.path;
    this.clock = clock;
    this.newId = options.newId ?? randomUUID;
    this.origin = options.origin ?? 'app';
    this.openNotices = notices;
    this.history = new OrderHistory(store, {
      overlay: (localId) => this.memory.get(localId)?.order,
      unreadable: (row, reason) => queueMicrotask(() => this.setAside(row, reason)),
    });
    this.rules = new RuleOrders(store, (localId) => this.memory.get(localId)?.order);
    this.prices = new PriceLog(store);
  }

  /**
   * Opens (or starts) the journal in `dir`: imports an orders.json of an
   * earlier version once, loads the open orders, and turns intents left in
   * 'submitting' by a process that is gone into outcome_unknown
   * (status-policy.ts). Throws NewerSchemaError (nothing written) when the
   * database belongs to a newer version, JournalReadError when an orders.json
   * cannot be read or moved aside.
   */
  static async open(dir: string, clock: Clock, options: JournalOptions = {}): Promise<OrderJournal> {
    const at = clock.now();
    const { maxPageCount, busyTimeoutMs } = options;
    const { store, quarantined } = OrderStore.open(dir, at, { ...(maxPageCount === undefined ? {} : { maxPageCount }), ...(busyTimeoutMs === undefined ? {} : { busyTimeoutMs }) });
    const notices: JournalNotice[] = [];
    try {
      if (quarantined !== null) {
        const message = `The order database could not be read. It was kept as ${quarantined} and the order list starts empty; check the service console for recent orders.`;
        notices.push({ kind: 'quarantined', at, message });
      }
      notices.push(...(await importJsonJournal(store, dir, at)));
      const origin = options.origin ?? 'app';
      const startup = readStartupSet(store, { origin, at, keepStalledMs: options.keepStalledMs ?? 24 * 60 * 60_000, isAlive: processAlive });
      notices.push(...startup.notices);
      const journal = new OrderJournal(store, clock, notices, options);
      for (const { seq, order } of startup.open) journal.memory.set(order.localId, { seq, order, written: order });
      journal.settleInterrupted(startup.interrupted.map((s) => s.order.localId), notices);
      return journal;
    } catch (err) {
      store.close();
      throw err;
    }
  }

  /** The whole history, oldest first. Reads every row: for tests and tools, never on an event's path. */
  list(): TrackedOrder[] {
    return [...this.history.orders({})].map(copy);
  }

  /** The orders in memory (under way, or finished and not yet notified), oldest first. */
  active(): TrackedOrder[] {
    return [...this.memory.values()].sort((a, b) => a.order.createdAt - b.order.createdAt || a.seq - b.seq).map((e) => copy(e.order));
  }

  get(localId: string): TrackedOrder | undefined {
    const entry = this.memory.get(localId) ?? this.fromDisk(localId);
    return entry ? copy(entry.order) : undefined;
  }

  /** Spend since `since` (ms), read by query: see OrderHistory.spentSince. */
  spentSince(since: number): Sun {
    return this.history.spentSince(since);
  }

  /** Later notices (failed writes, records set aside); the open notices are in openNotices. */
  onNotice(listener: (notice: JournalNotice) => void): () => void {
    return this.notices.on(listener);
  }

  /**
   * Journals an intent in state 'submitting'. Resolves only once it is
   * committed: the paid request may be sent after that and not before. When it
   * cannot be written (a full disk, SQLITE_FULL) nothing is kept and
   * JournalWriteError is thrown: the request must not be sent. `check` (the
   * daily limit) runs inside the write transaction, before the insert: no
   * other order, of this process or another one writing the same file, can
   * be journaled between the two; what it throws is thrown, nothing kept.
   */
  async recordIntent(intent: OrderIntent, check?: () => void): Promise<TrackedOrder> {
    const order = intentRecord(intent, this.newId(), this.clock.now());
    if (this.memory.has(order.localId) || this.store.hasLocalId(order.localId)) throw new Error(`Duplicate order id ${order.localId}`);
    this.writeDirty();
    let seq: number;
    try {
      seq = this.store.transaction(() => {
        runCheck(check);
        return this.store.insert(order, this.origin, process.pid);
      });
    } catch (cause) {
      if (cause instanceof CheckRefusal) throw cause.err;
      throw this.failed(cause);
    }
    this.notices.writeSucceeded();
    this.memory.set(order.localId, { seq, order, written: order });
    return copy(order);
  }

  recordSubmitted(localId: string, receipt: SubmittedReceipt): Promise<TrackedOrder> {
    return this.change(localId, submitted(receipt));
  }

  /** A definite failure: the service refused, or nothing was sent. */
  recordFailed(localId: string, message: string): Promise<TrackedOrder> {
    return this.change(localId, () => ({ state: 'failed', error: message }));
  }

  recordOutcomeUnknown(localId: string, message: string): Promise<TrackedOrder> {
    return this.change(localId, () => ({ state: 'outcome_unknown', error: message }));
  }

  recordPoll(localId: string, result: PollRecord): Promise<TrackedOrder> {
    return this.change(localId, polled(result, this.clock.now()));
  }

  /** "Saved vs burned": what the order's energy would have burned, recorded once when it is known. */
  recordWouldBurn(localId: string, wouldBurnSun: Sun): Promise<TrackedOrder> {
    return this.change(localId, (o) => ({ wouldBurnSun: o.wouldBurnSun ?? wouldBurnSun }));
  }

  markNotified(localId: string): Promise<TrackedOrder> {
    return this.change(localId, (o) => ({ notifiedAt: o.notifiedAt ?? this.clock.now() }));
  }

  /** Writes changes kept in memory after a failed write; throws JournalWriteError while that still fails. */
  async flush(): Promise<void> {
    this.writeDirty();
    if (this.dirty.size > 0) throw new JournalWriteError(this.path, new Error('changes are still unsaved'));
  }

  /** Tries to save what is unsaved, then closes the database. */
  close(): void {
    this.writeDirty();
    this.store.close();
  }

  private async change(localId: string, patch: (o: TrackedOrder) => Partial<TrackedOrder>): Promise<TrackedOrder> {
    const entry = this.memory.get(localId) ?? this.fromDisk(localId);
    if (!entry) throw new UnknownOrderError(localId);
    const current = entry.order;
    const now = this.clock.now();
    const next: TrackedOrder = { ...current, ...patch(current), updatedAt: now };
    if (next.state !== current.state) {
      if (!canTransition(current.state, next.state)) throw new OrderTransitionError(localId, current.state, next.state);
      if (isFinishedForUser(next.state)) next.finishedAt = now;
    }
    entry.order = next;
    this.memory.set(localId, entry);
    this.writeDirty();
    this.save(entry);
    return copy(next);
  }

  /** Writes one entry; on failure keeps it in memory as unsaved and throws JournalWriteError. */
  private save(entry: Entry): void {
    const { order } = entry;
    if (entry.written === order) return;
    try {
      this.store.transaction(() => this.store.update(entry.seq, entry.written, order));
    } catch (cause) {
      this.dirty.add(order.localId);
      throw this.failed(cause);
    }
    entry.written = order;
    this.dirty.delete(order.localId);
    this.notices.writeSucceeded();
    if (!isOpen(order)) this.memory.delete(order.localId);
  }

  private writeDirty(): void {
    for (const localId of [...this.dirty]) {
      const entry = this.memory.get(localId);
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

  private fromDisk(localId: string): Entry | undefined {
    const row = this.store.rowByLocalId(localId);
    if (row === undefined) return undefined;
    const read = readOrderRow(row);
    if (!read.ok) {
      this.setAside(row, read.reason);
      return undefined;
    }
    const { seq, order } = read.stored;
    return { seq, order, written: order };
  }

  private settleInterrupted(localIds: readonly string[], notices: JournalNotice[]): void {
    if (localIds.length === 0) return;
    for (const localId of localIds) {
      const entry = this.memory.get(localId);
      if (!entry) continue;
      const now = this.clock.now();
      entry.order = { ...entry.order, state: 'outcome_unknown', error: INTERRUPTED_MESSAGE, updatedAt: now, finishedAt: now };
      try {
        this.save(entry);
      } catch {
        // Not fatal: memory holds the outcome and the next change writes it.
      }
    }
    notices.push(interruptedNotice(this.clock.now(), localIds.length));
  }

  private setAside(row: unknown, reason: string): void {
    const at = this.clock.now();
    try {
      setAsideRows(this.store, at, [{ row, reason }]);
    } catch {
      // Left where it is: it is skipped again the next time it is read.
    }
    this.notices.emit(setAsideNotice(at, [{ reason }]));
  }

  private failed(cause: unknown): JournalWriteError {
    const err = new JournalWriteError(this.path, cause);
    this.notices.writeFailed(this.clock.now(), `${err.message}. Changes are kept in memory and saved with the next change.`);
    return err;
  }
}
