import { randomUUID } from 'node:crypto';
import type { Clock } from '../base/clock.ts';
import { InvariantError } from '../base/domain-error.ts';
import type { Sun } from '../base/money.ts';
import { intentRecord, polled, submitted, type OrderPatch, type PollRecord, type SubmittedReceipt } from './journal-changes.ts';
import { importJsonJournal } from './json-journal-import.ts';
import { CheckRefusal, JournalWriteError, OrderTransitionError, UnknownOrderError } from './journal-errors.ts';
import { JournalNotices, type JournalNotice } from './journal-notice.ts';
import { copy, JournalMemory, NotifiedElsewhere, type Entry } from './journal-memory.ts';
import { interruptedNotice, processAlive, quarantinedNotice, readStartupSet, setAsideNotice, setAsideRows } from './journal-startup.ts';
import type { StartupRules } from './journal-startup.ts';
import { ForeignWrites } from './foreign-writes.ts';
import { ListRows, type ListName } from './list-rows.ts';
import { OrderHistory } from './order-history.ts';
import type { JournalOptions } from './journal-options.ts';
import type { Origin } from './order-rows.ts';
import { OrderStore } from './order-store.ts';
import { PriceLog } from './price-log.ts';
import { ChainMemory } from './chain-memory.ts';
import { RuleOrders } from './rule-orders.ts';
import { AssistantOrders } from './assistant-orders.ts';
import { StoreGuard } from './store-guard.ts';
import { canTransition, isFinishedForUser, type OrderIntent, type TrackedOrder } from './order-types.ts';
import { INTERRUPTED_MESSAGE } from './status-policy.ts';
export type { JournalNotice } from './journal-notice.ts';
export type { PollRecord, SubmittedReceipt } from './journal-changes.ts';
export { JOURNAL_FILE_NAME } from './json-journal-import.ts';
export { ORDER_DB_FILE_NAME } from './order-store.ts';
export type { JournalOptions } from './journal-options.ts';


/**
 * The order journal: orders.sqlite in the profile's data directory (SQLite,
 * order-store.ts). Only orders under way or not yet notified live in memory
 * (journal-memory.ts); the history is read by query (`history`). Every change
 * is committed (WAL, synchronous=FULL: on disk across a power loss) before its
 * method resolves; a change whose write fails stays in memory, is reported
 * once as a notice, and is written with the next change or flush(). Each
 * intent also moves the store's high-water mark (store-guard.ts), and what
 * other processes write to the same file is taken in by `takeForeign`.
 */
export class OrderJournal {
  /** The database file. */
  readonly path: string;
  /** What happened while opening (an imported or quarantined orders.json, records set aside, interrupted intents). */
  readonly openNotices: readonly JournalNotice[];
  readonly history: OrderHistory;
  /** Auto top-up's queries and decisions table (rule-orders.ts); an AI assistant's (assistant-orders.ts, issue 27). */
  readonly rules: RuleOrders;
  /** The quotes the app made (the price sparklines). */
  readonly prices: PriceLog;
  readonly chain: ChainMemory; // the watched wallets' last reads and where following the chain stopped
  readonly assistant: AssistantOrders;
  /** The profile's watched wallets and auto top-up rules (list-rows.ts). */
  readonly lists: Readonly<Record<ListName, ListRows>>;
  private readonly store: OrderStore;
  private readonly clock: Clock;
  private readonly origin: Origin;
  private readonly options: JournalOptions;
  private readonly memory: JournalMemory;
  private readonly notices = new JournalNotices();
  private readonly guard: StoreGuard;
  private readonly foreign: ForeignWrites;

  private constructor(store: OrderStore, clock: Clock, notices: JournalNotice[], options: JournalOptions, guard: StoreGuard) {
    this.store = store;
    this.path = store.path;
    this.clock = clock;
    this.origin = options.origin ?? 'app';
    this.options = options;
    this.openNotices = notices;
    this.guard = guard;
    this.foreign = new ForeignWrites(store);
    this.memory = new JournalMemory(store, {
      failed: (cause) => this.failed(cause),
      saved: () => this.notices.writeSucceeded(),
      unreadable: (row, reason) => this.setAside(row, reason),
    });
    this.history = new OrderHistory(store, {
      overlay: (localId) => this.memory.entries.get(localId)?.order,
      unreadable: (row, reason) => queueMicrotask(() => this.setAside(row, reason)),
    });
    this.rules = new RuleOrders(store, (localId) => this.memory.entries.get(localId)?.order);
    this.prices = new PriceLog(store);
    this.chain = new ChainMemory(store);
    this.assistant = new AssistantOrders(store, (localId) => this.memory.entries.get(localId)?.order);
    this.lists = { wallets: new ListRows(store, 'wallets'), rules: new ListRows(store, 'rules') };
  }

  /**
   * Opens (or starts) the journal in `dir`: checks the store (quick_check,
   * and its high-water mark: a store that lost paid intents is reported with
   * the missing range), imports an orders.json of an earlier version once,
   * loads the open orders, and turns intents left in 'submitting' by a
   * process that is gone into outcome_unknown (status-policy.ts). Throws
   * NewerSchemaError (nothing written) when the database belongs to a newer
   * version, JournalReadError when an orders.json cannot be read or moved aside.
   */
  static async open(dir: string, clock: Clock, options: JournalOptions = {}): Promise<OrderJournal> {
    const at = clock.now();
    const { maxPageCount, busyTimeoutMs } = options;
    const limits = { ...(maxPageCount === undefined ? {} : { maxPageCount }), ...(busyTimeoutMs === undefined ? {} : { busyTimeoutMs }) };
    const { store, quarantined } = OrderStore.open(dir, at, limits);
    let guard: StoreGuard | undefined;
    try {
      const checked = StoreGuard.open(store, dir, clock, { quickCheck: options.quickCheck ?? true, busyTimeoutMs });
      guard = checked.guard;
      const notices: JournalNotice[] = [...checked.notices];
      if (quarantined !== null) notices.push(quarantinedNotice(at, quarantined));
      notices.push(...(await importJsonJournal(store, dir, at)));
      const journal = new OrderJournal(store, clock, notices, options, guard);
      notices.push(...guard.check((since) => journal.spentSince(since)));
      const startup = readStartupSet(store, journal.startupRules());
      notices.push(...startup.notices);
      for (const { seq, order } of startup.open) journal.memory.entries.set(order.localId, { seq, order, written: order });
      notices.push(...journal.settleInterrupted(startup.interrupted.map((s) => s.order.localId)));
      return journal;
    } catch (err) {
      guard?.close();
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
    return this.memory.ordered().map((e) => copy(e.order));
  }

  get(localId: string): TrackedOrder | undefined {
    const entry = this.memory.find(localId);
    return entry ? copy(entry.order) : undefined;
  }

  /**
   * Spend since `since` (ms), read by query (OrderHistory.spentSince), plus
   * what the store is known to have lost of those days (store-guard.ts): the
   * daily limit counts the recorded spend while that day lasts.
   */
  spentSince(since: number): Sun {
    return this.history.spentSince(since) + this.guard.missingSince(since);
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
    const order = intentRecord(intent, (this.options.newId ?? randomUUID)(), this.clock.now());
    const { localId } = order;
    if (this.memory.entries.has(localId) || this.store.hasLocalId(localId)) throw new InvariantError('duplicate-order-id', { localId });
    this.memory.writeDirty();
    let seq: number;
    try {
      const insert = (): number => this.store.insert(order, this.origin, process.pid);
      seq = this.guard.insertIntent(order, check, insert, (since) => this.spentSince(since));
    } catch (cause) {
      if (cause instanceof CheckRefusal) throw cause.err;
      throw this.failed(cause);
    }
    this.notices.writeSucceeded();
    this.foreign.inserted(seq);
    this.memory.entries.set(localId, { seq, order, written: order });
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

  /**
   * Marks a finished order notified unless the store says another process
   * did (read and written in one transaction): exactly one process shows it.
   * `claimed` is false when another did; the order is then the store's.
   */
  async claimNotification(localId: string): Promise<{ order: TrackedOrder; claimed: boolean }> {
    try {
      return { order: await this.change(localId, (o) => ({ notifiedAt: o.notifiedAt ?? this.clock.now() }), true), claimed: true };
    } catch (err) {
      if (!(err instanceof NotifiedElsewhere)) throw err;
      return { order: copy(this.memory.adoptNotified(this.memory.find(localId) as Entry, err.notifiedAt)), claimed: false };
    }
  }

  /**
   * What other processes (a CLI run beside the app) wrote since the last
   * call: their new orders, and their changes to orders held here. Costs one
   * PRAGMA data_version when nothing changed (foreign-writes.ts). Open ones
   * join memory for the scheduler to follow; an intent another live process
   * is still sending is taken once it has recorded the answer.
   */
  takeForeign(): TrackedOrder[] {
    const found = this.foreign.take(this.memory, this.startupRules(), (row, reason) => this.setAside(row, reason));
    for (const notice of this.settleInterrupted(found.interrupted)) this.notices.emit(notice);
    return found.orders.map((o) => copy(this.memory.entries.get(o.localId)?.order ?? o));
  }

  /** Writes changes kept in memory after a failed write; throws JournalWriteError while that still fails. */
  async flush(): Promise<void> {
    this.memory.writeDirty();
    if (this.memory.unsaved > 0) throw new JournalWriteError(this.path, new InvariantError('changes-unsaved'));
  }

  /** Saves what is unsaved, folds the log into the database if paid intents wait for it (store-guard.ts), closes. */
  close(): void {
    this.memory.writeDirty();
    this.guard.close();
    this.store.close();
  }

  private startupRules(): StartupRules {
    const keepStalledMs = this.options.keepStalledMs ?? 24 * 60 * 60_000;
    return { origin: this.origin, at: this.clock.now(), keepStalledMs, isAlive: processAlive };
  }

  private async change(localId: string, patch: OrderPatch, onlyIfUnnotified = false): Promise<TrackedOrder> {
    const entry = this.memory.find(localId);
    if (!entry) throw new UnknownOrderError(localId);
    const current = entry.order;
    const now = this.clock.now();
    const next: TrackedOrder = { ...current, ...patch(current), updatedAt: now };
    if (next.state !== current.state) {
      if (!canTransition(current.state, next.state)) throw new OrderTransitionError(localId, current.state, next.state);
      if (isFinishedForUser(next.state)) next.finishedAt = now;
      // The CLI prints each outcome it records (of its own intents: it follows no other): marked shown in the same write.
      if (this.options.showsOwnOutcomes && isFinishedForUser(next.state)) next.notifiedAt ??= now;
    }
    const before = entry.order;
    entry.order = next;
    this.memory.entries.set(localId, entry);
    this.memory.writeDirty();
    try {
      this.memory.save(entry, onlyIfUnnotified);
    } catch (err) {
      if (err instanceof NotifiedElsewhere) entry.order = before;
      throw err;
    }
    return copy(next);
  }

  private settleInterrupted(localIds: readonly string[]): JournalNotice[] {
    if (localIds.length === 0) return [];
    this.memory.settle(localIds, this.clock.now(), { state: 'outcome_unknown', error: INTERRUPTED_MESSAGE });
    return [interruptedNotice(this.clock.now(), localIds.length)];
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
    this.notices.writeFailed(this.clock.now(), err.text);
    return err;
  }
}
