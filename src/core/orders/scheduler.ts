import type { Message } from '../../shared/i18n/message.ts';
import type { ServiceApi } from '../api/types.ts';
import type { Clock } from '../base/clock.ts';
import type { Sun } from '../base/money.ts';
import { errorFacts } from './api-error-facts.ts';
import { BalancePoll } from './balance-poll.ts';
import { FinishNotice } from './finish-notice.ts';
import type { PowerEvents } from '../base/power-events.ts';
import type { OrderEvents } from './order-events.ts';
import type { OrderJournal } from './order-journal.ts';
import { isFinishedForUser, isTerminal, type OrderState, type TrackedOrder } from './order-types.ts';
import { DEFAULT_POLL_SCHEDULE, nextPollDelayMs, type PollJob, type PollSchedule } from './poll-schedule.ts';
import { isPollable, queryOrder } from './query-order.ts';
import { DEFAULT_STALL_AFTER_MS, isPastStallLimit, STALLED_MESSAGE } from './status-policy.ts';
import { STORE_CHECK_MS } from './foreign-writes.ts';
import { Poller, type DueTask } from '../base/poll-loop.ts';
import { TypedEmitter } from '../base/typed-emitter.ts';

export interface SchedulerOptions {
  api: ServiceApi;
  journal: OrderJournal;
  clock: Clock;
  power?: PowerEvents;
  /** Default 60 s. */
  balanceIntervalMs?: number;
  /** Running this long after creation → stalled. Default 30 min. */
  stallAfterMs?: number;
  /** Stalled orders are checked at the cap until this age. Default 24 h. */
  stopPollingAfterMs?: number;
  /** Default 4. */
  maxInFlight?: number;
  schedule?: PollSchedule;
  random?: () => number;
  lowBalanceThresholdSun?: Sun | null;
  notificationsEnabled?: boolean;
  /** Diagnostics (benchmarks): how long after it was due each order poll started, in ms. */
  onOrderPoll?: (lateMs: number) => void;
  /** How often the store is looked at for other processes' writes. Default STORE_CHECK_MS. */
  storeCheckMs?: number;
}

const AUTH = 'auth';
/** The balance is refreshed this soon after an order finishes: orders finishing together share one refresh. */
const BALANCE_AFTER_FINISH_MS = 3_000;

/**
 * The one scheduler for every tracked order and the balance. One timer is armed
 * at a time, for the earliest due job; at most `maxInFlight` requests run at
 * once. With no order tracked only the balance interval keeps a timer.
 *
 * Listeners should be attached to `events` before start(): start() replays the
 * journal's open notices and notifies finished-but-unnotified orders.
 */
export class OrderScheduler extends Poller {
  readonly events = new TypedEmitter<OrderEvents>();
  private readonly api: ServiceApi;
  private readonly journal: OrderJournal;
  private readonly clock: Clock;
  private readonly stallAfterMs: number;
  private readonly stopPollingAfterMs: number;
  private readonly schedule: PollSchedule;
  private readonly random: () => number;
  private readonly onOrderPoll: ((lateMs: number) => void) | undefined;
  private readonly orders = new Map<string, PollJob>();
  private readonly balance: BalancePoll;
  /** The look at the store for other processes' writes: a job of the loop, so it shares its one timer. */
  private readonly store: PollJob = { dueAt: 0, inFlight: false, consecutiveErrors: 0 };
  private readonly storeCheckMs: number;
  private readonly finished: FinishNotice;

  constructor(options: SchedulerOptions) {
    super({ name: 'order scheduler', clock: options.clock, maxInFlight: Math.max(1, options.maxInFlight ?? 4), power: options.power });
    this.api = options.api;
    this.journal = options.journal;
    this.clock = options.clock;
    this.stallAfterMs = options.stallAfterMs ?? DEFAULT_STALL_AFTER_MS;
    this.stopPollingAfterMs = options.stopPollingAfterMs ?? 24 * 60 * 60_000;
    this.schedule = options.schedule ?? DEFAULT_POLL_SCHEDULE;
    this.random = options.random ?? Math.random;
    this.onOrderPoll = options.onOrderPoll;
    this.storeCheckMs = options.storeCheckMs ?? STORE_CHECK_MS;
    this.finished = new FinishNotice(this.journal, this.events, options.notificationsEnabled ?? true);
    this.balance = new BalancePoll({
      api: this.api,
      clock: this.clock,
      events: this.events,
      intervalMs: options.balanceIntervalMs ?? 60_000,
      lowBalanceThresholdSun: options.lowBalanceThresholdSun ?? null,
      notificationsEnabled: () => this.finished.enabled,
      authFailed: (text) => this.authFailed(text),
    });
  }

  /** Resumes every unfinished order of the journal (those in memory), notifies unnotified finished ones, refreshes the balance. */
  start(): void {
    if (!this.startLoop()) return;
    for (const notice of this.journal.openNotices) this.events.emit('journalNotice', notice);
    this.subscriptions.push(this.journal.onNotice((notice) => this.events.emit('journalNotice', notice)));
    for (const order of this.journal.active()) this.track(order.localId);
    this.store.dueAt = this.clock.now() + this.storeCheckMs;
    this.balance.dueNow();
    this.pump();
  }

  /** Takes care of a journal record: polls it while it runs, notifies it once when it is finished. */
  track(localId: string): void {
    const order = this.journal.get(localId);
    if (!order) return;
    if (isFinishedForUser(order.state) && order.notifiedAt === null) this.work.run(this.finished.send(order));
    if (this.orders.has(localId) || !this.shouldPoll(order)) return;
    const now = this.clock.now();
    const firstCheck = order.createdAt + nextPollDelayMs(0, 0, this.random, this.schedule);
    // A record polled before (a restart) is checked at once; a new one after the first gap.
    this.orders.set(localId, {
      dueAt: order.lastPolledAt === null ? Math.max(now, firstCheck) : now,
      inFlight: false,
      consecutiveErrors: 0,
    });
    this.pump();
  }

  /** Everything due now, once: the balance and every order followed (a headless round, `daemon --once`). */
  checkAllNow(): void {
    const now = this.clock.now();
    for (const job of [...this.orders.values(), this.balance.job]) job.dueAt = now;
    this.pump();
  }

  trackedCount(): number {
    return this.orders.size;
  }

  refreshBalance(): void {
    this.balance.dueNow();
    this.pump();
  }

  setBalanceInterval(ms: number): void {
    this.balance.setInterval(ms);
    this.pump();
  }

  setLowBalanceThreshold(thresholdSun: Sun | null): void {
    this.balance.setLowBalanceThreshold(thresholdSun);
  }

  /** Off: finished orders are still marked notified, so turning it on later replays nothing. */
  setNotificationsEnabled(enabled: boolean): void {
    this.finished.enabled = enabled;
  }

  /** Resolves when no request, notification or journal write is pending (tests, benchmarks). */
  async whenIdle(): Promise<void> {
    for (;;) {
      await this.journal.flush();
      if (this.work.size === 0) return;
      await this.work.settled();
    }
  }

  private shouldPoll(order: TrackedOrder): boolean {
    if (order.state !== 'running' && order.state !== 'stalled') return false;
    return isPollable(order) && this.clock.now() - order.createdAt < this.stopPollingAfterMs;
  }

  protected pauseChanged(paused: boolean, reasons: string[]): void {
    this.events.emit('pauseChanged', { paused, reasons });
  }

  /** Back from a pause: the balance, the store and every order are checked at once. */
  protected resumed(now: number): void {
    for (const job of [...this.orders.values(), this.balance.job, this.store]) {
      job.dueAt = now;
      job.consecutiveErrors = 0;
    }
  }

  protected waiting(): DueTask[] {
    const waiting: DueTask[] = [];
    if (!this.balance.job.inFlight) waiting.push({ job: this.balance.job, run: () => this.balance.poll() });
    if (!this.store.inFlight) waiting.push({ job: this.store, run: async () => this.takeForeign() });
    for (const [localId, job] of this.orders) {
      if (!job.inFlight) waiting.push({ job, run: () => this.pollOrder(localId, job, this.clock.now()) });
    }
    return waiting;
  }

  private async pollOrder(localId: string, job: PollJob, launchedAt: number): Promise<void> {
    this.onOrderPoll?.(launchedAt - job.dueAt);
    const order = this.journal.get(localId);
    if (!order || !this.shouldPoll(order)) {
      this.orders.delete(localId);
      return;
    }
    let verdict;
    try {
      verdict = await queryOrder(this.api, order);
    } catch (err) {
      await this.pollFailed(order, job, err);
      return;
    }
    job.consecutiveErrors = 0;
    const state = verdict.state === 'running' ? this.runningState(order) : verdict.state;
    const error = state === 'stalled' && order.state !== 'stalled' ? STALLED_MESSAGE : undefined;
    const updated = await this.record(order, {
      state,
      serverStatus: verdict.serverStatus,
      txIds: verdict.txIds,
      chargedSun: verdict.chargedSun,
      error,
    });
    this.afterCheck(updated, job);
  }

  private async pollFailed(order: TrackedOrder, job: PollJob, err: unknown): Promise<void> {
    const facts = errorFacts(err);
    if (facts.category === 'authentication') {
      // Checked again at once after resume(); a 401 says nothing about the order.
      job.dueAt = this.clock.now();
      this.authFailed(facts.text);
      return;
    }
    job.consecutiveErrors++;
    const state = this.runningState(order);
    const updated = await this.record(order, { state, error: state !== order.state ? STALLED_MESSAGE : undefined });
    this.afterCheck(updated, job);
    this.events.emit('pollError', { localId: order.localId, ...facts, retryInMs: job.dueAt - this.clock.now() });
  }

  /** Orders another process wrote: shown (orderUpdated: the list, the tray, today's spend) and followed to the end. */
  private takeForeign(): void {
    this.store.dueAt = this.clock.now() + this.storeCheckMs;
    let orders: TrackedOrder[];
    try {
      orders = this.journal.takeForeign();
    } catch {
      return; // the store is busy (another process writes): the next look finds it
    }
    for (const order of orders) {
      this.events.emit('orderUpdated', order);
      this.track(order.localId);
    }
  }

  /** Still running as far as the service says: stalled once past the limit. */
  private runningState(order: TrackedOrder): OrderState {
    if (order.state === 'stalled') return 'stalled';
    return isPastStallLimit(order.createdAt, this.clock.now(), this.stallAfterMs) ? 'stalled' : 'running';
  }

  private async record(order: TrackedOrder, result: Parameters<OrderJournal['recordPoll']>[1]): Promise<TrackedOrder> {
    // A failed write was reported by the journal; its memory holds the change.
    return this.journal.recordPoll(order.localId, result).catch(() => this.journal.get(order.localId) ?? order);
  }

  private afterCheck(order: TrackedOrder, job: PollJob): void {
    this.events.emit('orderUpdated', order);
    const now = this.clock.now();
    if (isTerminal(order.state) || !this.shouldPoll(order)) {
      this.orders.delete(order.localId);
      if (isTerminal(order.state)) this.balance.dueWithin(BALANCE_AFTER_FINISH_MS);
    } else {
      const age = now - order.createdAt;
      const errors = job.consecutiveErrors;
      job.dueAt =
        now +
        (order.state === 'stalled'
          ? Math.max(this.schedule.capMs, nextPollDelayMs(age, errors, this.random, this.schedule))
          : nextPollDelayMs(age, errors, this.random, this.schedule));
    }
    if (isFinishedForUser(order.state) && order.notifiedAt === null) this.work.run(this.finished.send(order));
  }

  private authFailed(text: Message): void {
    if (this.loop.pausedFor(AUTH)) return;
    this.pause(AUTH);
    this.events.emit('authRequired', { text });
  }
}
