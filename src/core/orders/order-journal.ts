import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../base/clock.ts';
import type { Sun } from '../base/money.ts';
import { moveAside, writePrivateFileAtomic } from '../base/atomic-file.ts';
import { parseJournal, serializeJournal } from './journal-file-format.ts';
import { JournalReadError, JournalWriteError, OrderTransitionError, UnknownOrderError } from './journal-errors.ts';
import { canTransition, isFinishedForUser, type OrderIntent, type OrderState, type TrackedOrder } from './order-types.ts';
import { INTERRUPTED_MESSAGE } from './status-policy.ts';

export const JOURNAL_FILE_NAME = 'orders.json';

export interface JournalNotice {
  kind: 'quarantined' | 'interrupted' | 'write_failed';
  message: string;
  at: number;
}

export interface SubmittedReceipt {
  orderSn?: string | null;
  orderId?: number | null;
  chargedSun: Sun | null;
  txIds?: string[];
  serverStatus?: string | null;
  /** 'running' (default) for orders to poll; 'succeeded' for kinds with no query endpoint. */
  state?: 'running' | 'succeeded';
}

export interface PollRecord {
  state: OrderState;
  serverStatus?: string | null;
  txIds?: string[];
  chargedSun?: Sun | null;
  error?: string | null;
}

interface PendingWrite {
  promise: Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
  rollbacks: Array<() => void>;
}

function pendingWrite(): PendingWrite {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Every caller awaits it; this only keeps a shared failure from counting as unhandled.
  promise.catch(() => undefined);
  return { promise, resolve, reject, rollbacks: [] };
}

const copy = (order: TrackedOrder): TrackedOrder => ({ ...order, txIds: [...order.txIds] });

/**
 * The order journal: orders.json in the app's data directory. The in-memory map
 * is the source of truth between writes; every change is written as a whole new
 * file, atomically, and writes are serialised: a change made while a write is
 * running is carried by the next one (changes are coalesced, never lost). Every
 * mutating method resolves once a write containing its change is on disk.
 */
export class OrderJournal {
  readonly path: string;
  /** What happened while opening (a quarantined file, interrupted intents). */
  readonly openNotices: readonly JournalNotice[];
  private readonly dir: string;
  private readonly clock: Clock;
  private readonly newId: () => string;
  private readonly orders = new Map<string, TrackedOrder>();
  private readonly listeners = new Set<(notice: JournalNotice) => void>();
  private chain: Promise<void> = Promise.resolve();
  private pending: PendingWrite | null = null;
  private failing = false;

  private constructor(dir: string, clock: Clock, orders: TrackedOrder[], notices: JournalNotice[], newId: () => string) {
    this.dir = dir;
    this.path = join(dir, JOURNAL_FILE_NAME);
    this.clock = clock;
    this.newId = newId;
    this.openNotices = notices;
    for (const order of orders) this.orders.set(order.localId, order);
  }

  /**
   * Loads (or starts) the journal in `dir`. A damaged file is moved aside to
   * orders.json.corrupt-<time> and reported in openNotices; intents left in
   * 'submitting' by a previous run become outcome_unknown (status-policy.ts).
   * Throws JournalReadError when the file exists but cannot be read or moved.
   */
  static async open(dir: string, clock: Clock, options: { newId?: () => string } = {}): Promise<OrderJournal> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, JOURNAL_FILE_NAME);
    const notices: JournalNotice[] = [];
    let orders: TrackedOrder[] = [];
    let text: string | null = null;
    try {
      text = await readFile(path, 'utf8');
    } catch (err) {
      if ((err as { code?: unknown }).code !== 'ENOENT') throw new JournalReadError(`Cannot read the order journal ${path}`, err);
    }
    if (text !== null) {
      const parsed = parseJournal(text);
      if (parsed.ok) {
        orders = parsed.orders;
      } else {
        let aside: string;
        try {
          aside = await moveAside(path, clock.now());
        } catch (err) {
          throw new JournalReadError(`The order journal ${path} is damaged and could not be moved aside`, err);
        }
        notices.push({
          kind: 'quarantined',
          at: clock.now(),
          message: `The order journal could not be read (${parsed.reason}). It was kept as ${aside} and the order list starts empty; check the service console for recent orders.`,
        });
      }
    }
    const journal = new OrderJournal(dir, clock, orders, notices, options.newId ?? randomUUID);
    await journal.settleInterrupted(notices);
    return journal;
  }

  list(): TrackedOrder[] {
    return [...this.orders.values()].sort((a, b) => a.createdAt - b.createdAt).map(copy);
  }

  get(localId: string): TrackedOrder | undefined {
    const order = this.orders.get(localId);
    return order ? copy(order) : undefined;
  }

  /** Later notices (failed writes); the open notices are in openNotices. */
  onNotice(listener: (notice: JournalNotice) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Journals an intent in state 'submitting'. Resolves only once it is on disk:
   * the paid request may be sent after that and not before. On a failed write
   * the intent is dropped and JournalWriteError is thrown.
   */
  async recordIntent(intent: OrderIntent): Promise<TrackedOrder> {
    const now = this.clock.now();
    const order: TrackedOrder = {
      localId: this.newId(),
      kind: intent.kind,
      profileId: intent.profileId,
      address: intent.address,
      resource: intent.resource ?? null,
      count: intent.count ?? null,
      period: intent.period ?? null,
      orderSn: intent.orderSn ?? null,
      orderId: null,
      quotedSun: intent.quotedSun ?? null,
      chargedSun: null,
      createdAt: now,
      updatedAt: now,
      lastPolledAt: null,
      attempts: 0,
      state: 'submitting',
      serverStatus: null,
      txIds: [],
      error: null,
      finishedAt: null,
      notifiedAt: null,
      presetId: intent.presetId ?? null,
    };
    if (this.orders.has(order.localId)) throw new Error(`Duplicate order id ${order.localId}`);
    this.orders.set(order.localId, order);
    await this.persist(() => this.orders.delete(order.localId));
    return copy(order);
  }

  recordSubmitted(localId: string, receipt: SubmittedReceipt): Promise<TrackedOrder> {
    return this.change(localId, (o) => ({
      state: receipt.state ?? 'running',
      orderSn: receipt.orderSn ?? o.orderSn,
      orderId: receipt.orderId ?? o.orderId,
      chargedSun: receipt.chargedSun,
      txIds: receipt.txIds ?? o.txIds,
      serverStatus: receipt.serverStatus ?? o.serverStatus,
    }));
  }

  /** A definite failure: the service refused, or nothing was sent. */
  recordFailed(localId: string, message: string): Promise<TrackedOrder> {
    return this.change(localId, () => ({ state: 'failed', error: message }));
  }

  recordOutcomeUnknown(localId: string, message: string): Promise<TrackedOrder> {
    return this.change(localId, () => ({ state: 'outcome_unknown', error: message }));
  }

  recordPoll(localId: string, result: PollRecord): Promise<TrackedOrder> {
    return this.change(localId, (o) => ({
      state: result.state,
      serverStatus: result.serverStatus === undefined ? o.serverStatus : result.serverStatus,
      txIds: result.txIds && result.txIds.length > 0 ? result.txIds : o.txIds,
      chargedSun: result.chargedSun ?? o.chargedSun,
      error: result.error === undefined ? o.error : result.error,
      lastPolledAt: this.clock.now(),
      attempts: o.attempts + 1,
    }));
  }

  /** "Saved vs burned": what the order's energy would have burned, recorded once when it is known. */
  recordWouldBurn(localId: string, wouldBurnSun: Sun): Promise<TrackedOrder> {
    return this.change(localId, (o) => ({ wouldBurnSun: o.wouldBurnSun ?? wouldBurnSun }));
  }

  markNotified(localId: string): Promise<TrackedOrder> {
    return this.change(localId, (o) => ({ notifiedAt: o.notifiedAt ?? this.clock.now() }));
  }

  /** Resolves when every change made so far is on disk (or its write has failed). */
  /** Waits for pending writes; after a failed write, tries once more so a change kept only in memory is saved. */
  async flush(): Promise<void> {
    await this.chain;
    if (this.failing) await this.persist();
  }

  private async change(localId: string, patch: (o: TrackedOrder) => Partial<TrackedOrder>): Promise<TrackedOrder> {
    const current = this.orders.get(localId);
    if (!current) throw new UnknownOrderError(localId);
    const now = this.clock.now();
    const next: TrackedOrder = { ...current, ...patch(current), updatedAt: now };
    if (next.state !== current.state) {
      if (!canTransition(current.state, next.state)) throw new OrderTransitionError(localId, current.state, next.state);
      if (isFinishedForUser(next.state)) next.finishedAt = now;
    }
    this.orders.set(localId, next);
    await this.persist();
    return copy(next);
  }

  private async settleInterrupted(notices: JournalNotice[]): Promise<void> {
    const interrupted = [...this.orders.values()].filter((o) => o.state === 'submitting');
    if (interrupted.length === 0) return;
    for (const order of interrupted) {
      const now = this.clock.now();
      this.orders.set(order.localId, { ...order, state: 'outcome_unknown', error: INTERRUPTED_MESSAGE, updatedAt: now, finishedAt: now });
    }
    notices.push({
      kind: 'interrupted',
      at: this.clock.now(),
      message: `${interrupted.length} order(s) were being sent when the app stopped: ${INTERRUPTED_MESSAGE}`,
    });
    // A failed write here is not fatal: memory holds the outcome and the next change writes it.
    await this.persist().catch(() => undefined);
  }

  private persist(rollback?: () => void): Promise<void> {
    let batch = this.pending;
    if (!batch) {
      const created = pendingWrite();
      batch = created;
      this.pending = created;
      this.chain = this.chain.then(() => this.write(created));
    }
    if (rollback) batch.rollbacks.push(rollback);
    return batch.promise;
  }

  private async write(batch: PendingWrite): Promise<void> {
    // From here on a new change needs a new write: this snapshot is taken now.
    if (this.pending === batch) this.pending = null;
    const text = serializeJournal(this.list());
    try {
      await writePrivateFileAtomic(this.path, this.dir, text);
      this.failing = false;
      batch.resolve();
    } catch (cause) {
      for (const rollback of batch.rollbacks) rollback();
      const err = new JournalWriteError(this.path, cause);
      if (!this.failing) {
        this.failing = true;
        this.emit({ kind: 'write_failed', at: this.clock.now(), message: `${err.message}. Changes are kept in memory and saved with the next change.` });
      }
      batch.reject(err);
    }
  }

  private emit(notice: JournalNotice): void {
    for (const listener of this.listeners) listener(notice);
  }
}
