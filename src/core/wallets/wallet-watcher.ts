import type { Clock } from '../base/clock.ts';
import { Poller, type DueTask } from '../base/poll-loop.ts';
import type { PowerEvents } from '../base/power-events.ts';
import { TypedEmitter } from '../base/typed-emitter.ts';
import type { AccountSnapshot } from '../chain/account-snapshot.ts';
import type { BlockPlace, FollowedBlocks, FollowerHealth } from '../chain/block-follower.ts';
import type { BlockReader, ChainReader } from '../chain/chain-client.ts';
import { ChainError } from '../chain/errors.ts';
import { NodeFollowers, type FollowLink } from '../chain/node-followers.ts';
import { REQUESTS_PER_READ, type BudgetPlan, type BudgetStatus } from '../chain/request-budget.ts';
import { predictAt, readingOf, type KnownDelegation } from './energy-prediction.ts';
import { DEFAULT_WALLET_CADENCE, dueOf, markChanged, newJob, readDone, readFailed } from './watch-jobs.ts';
import type { AddressJob, ReadReason, WalletCadence } from './watch-jobs.ts';

import type { WalletFigures, WatcherEvents } from './watcher-events.ts';

export { cadenceEvery, DEFAULT_WALLET_CADENCE } from './watch-jobs.ts';
export type { WalletCadence } from './watch-jobs.ts';
export type { WalletFigures, WatcherEvents } from './watcher-events.ts';

export interface WalletWatcherOptions {
  chain: ChainReader & BlockReader;
  clock: Clock;
  power?: PowerEvents;
  cadence?: Partial<WalletCadence>;
  random?: () => number;
  /** The process's followers; default: a follower of its own. */
  followers?: NodeFollowers;
  /** Who the node and key are, for sharing a follower and a budget (default the chain client's URL, no key). */
  nodeUrl?: string;
  /** The provider key's fingerprint (chain/node-followers.ts keyFingerprint), never the key. */
  keyFingerprint?: string | null;
  /** Where following stopped last time (this profile's store). */
  resumeFrom?: BlockPlace | null;
}

const hasNodeUrl = (chain: object): chain is { nodeUrl: string } => typeof (chain as { nodeUrl?: unknown }).nodeUrl === 'string';

/**
 * Watches addresses without polling each of them: the chain is followed in
 * one place (chain/block-follower.ts), an address is read in full
 * (getaccount plus getaccountresource) only when something happened to it
 * (watch-jobs.ts says when), and in between its energy and bandwidth are
 * predicted (energy-prediction.ts). Reads go at most `maxInFlight` at a
 * time, within the key's daily budget (chain/request-budget.ts), backed off
 * after failures; a node's Retry-After holds every read of that node, capped
 * at 10 minutes. Paused while the machine sleeps or is offline; on resume the
 * follower catches up and reads what changed meanwhile.
 */
export class WalletWatcher extends Poller {
  readonly events = new TypedEmitter<WatcherEvents>();
  readonly cadence: Readonly<WalletCadence>;
  private readonly options: WalletWatcherOptions;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly jobs = new Map<string, AddressJob>();
  private readonly delegations = new Map<string, KnownDelegation[]>();
  private link: FollowLink | null = null;
  /** No read before this: the node asked to wait (Retry-After), capped. */
  private quietUntil = 0;
  /** Reads a block asked for wait for this when the budget paces them. */
  private nextPacedRead = 0;
  private plan: BudgetPlan | null = null;
  private planKey = '';

  constructor(options: WalletWatcherOptions) {
    const cadence = { ...DEFAULT_WALLET_CADENCE, ...options.cadence };
    super({ name: 'wallet watcher', clock: options.clock, maxInFlight: cadence.maxInFlight, power: options.power });
    this.options = options;
    this.clock = options.clock;
    this.random = options.random ?? Math.random;
    this.cadence = cadence;
  }

  protected pauseChanged(paused: boolean, reasons: string[]): void {
    this.link?.pausedChanged();
    this.events.emit('pauseChanged', { paused, reasons });
  }

  protected resumed(): void {
    for (const job of this.jobs.values()) job.errors = 0;
    this.quietUntil = 0;
  }

  start(): void {
    if (!this.startLoop()) return;
    // A watcher of its own (tests, benchmarks): its follower sleeps with the machine too.
    const power = this.options.power ? { power: this.options.power } : {};
    const followers = this.options.followers ?? new NodeFollowers({ clock: this.clock, ...power });
    const nodeUrl = this.options.nodeUrl ?? (hasNodeUrl(this.options.chain) ? this.options.chain.nodeUrl : 'node');
    this.link = followers.join(nodeUrl, this.options.keyFingerprint ?? null, {
      reader: this.options.chain,
      addresses: () => this.jobs.size,
      resumeFrom: this.options.resumeFrom ?? null,
      isPaused: () => this.loop.paused,
    });
    this.link.budget.setRefreshMs(this.cadence.refreshMs);
    const { follower } = this.link;
    this.subscriptions.push(
      follower.events.on('blocks', (batch) => this.followed(batch)),
      follower.events.on('failed', (e) => this.events.emit('followFailed', e)),
    );
    this.loop.pump();
  }

  /** No new requests or timers; reads in flight still report. */
  override stop(): void {
    if (this.link) this.events.emit('stopping', { at: this.clock.now() });
    super.stop();
    this.link?.leave();
    this.link = null;
  }

  /** The addresses to watch: new ones are read at once (unless restored), dropped ones are forgotten. */
  watch(addresses: Iterable<string>): void {
    const wanted = new Set(addresses);
    for (const address of this.jobs.keys()) if (!wanted.has(address)) this.jobs.delete(address);
    const now = this.clock.now();
    for (const address of wanted) if (!this.jobs.has(address)) this.jobs.set(address, newJob(address, now));
    this.loop.pump();
  }

  /** Reads kept from an earlier run: predicted from at once, read again when something happens (or the refresh is due). */
  restore(address: string, snapshot: AccountSnapshot, startedAt: number, readAt: number): void {
    const job = this.jobs.get(address);
    if (!job || job.snapshot !== null) return;
    Object.assign(job, { snapshot, startedAt, readAt, now: null, refreshJitter: this.jitter() });
    this.loop.pump();
  }

  watched(): string[] {
    return [...this.jobs.keys()];
  }

  /** The person asked: read it now. */
  refresh(address: string): void {
    this.readSoon(address, () => undefined);
  }

  /** An energy order for the address succeeded: read at once, and again once its delegation must show. */
  boost(address: string): void {
    this.readSoon(address, (job, now) => (job.confirmAt = now + this.cadence.settleMs));
  }

  /** An energy order for the address is on its way until `until`: its delegation's block will bring a read (the view says so). */
  hurry(address: string, until: number): void {
    const job = this.jobs.get(address);
    if (job && until > job.fastUntil) job.fastUntil = until;
  }

  fastUntil(address: string): number {
    return this.jobs.get(address)?.fastUntil ?? 0;
  }

  /** Energy this app's order delegates to the address, from when it arrives until its period ends (null: not known). */
  expect(address: string, delegation: KnownDelegation): void {
    const known = (this.delegations.get(address) ?? []).filter((d) => d.ref !== delegation.ref);
    const horizon = this.clock.now() - this.cadence.refreshMs;
    this.delegations.set(address, [...known.filter((d) => d.until === null || d.until > horizon), delegation]);
  }

  /** The prediction now (or at `at`) from the last read, or null before the first. */
  figures(address: string, at = this.clock.now()): WalletFigures | null {
    const job = this.jobs.get(address);
    if (!job?.snapshot) return null;
    const basis = { snapshot: job.snapshot, startedAt: job.startedAt };
    const head = this.link?.follower.health().head ?? null;
    const followedTo = head === null ? job.readAt : Math.max(job.readAt, head.timestamp);
    const vouchedAt = job.changed === null ? followedTo : Math.max(job.readAt, Math.min(followedTo, job.changed.blockAt - 1));
    const reading = predictAt(basis, this.delegations.get(address) ?? [], at);
    const { snapshot, startedAt, readAt } = job;
    return { reading, snapshot, startedAt, readAt, vouchedAt, changePending: job.changed !== null };
  }

  health(): { follow: FollowerHealth | null; budget: BudgetStatus | null } {
    return { follow: this.link?.follower.health() ?? null, budget: this.link ? this.budgetStatus() : null };
  }

  /** Resolves when no read is in flight and the follower is not polling (tests and benchmarks). */
  async whenIdle(): Promise<void> {
    for (;;) {
      await this.link?.follower.whenIdle();
      if (this.work.size === 0) return;
      while (this.work.size > 0) await this.work.settled();
    }
  }

  private readSoon(address: string, also: (job: AddressJob, now: number) => void): void {
    const job = this.jobs.get(address);
    if (!job) return;
    const now = this.clock.now();
    job.now = now;
    job.errors = 0;
    job.retryAt = null;
    also(job, now);
    this.loop.pump();
  }

  /** A poll of the follower: the addresses its blocks touched are read; a reorganisation's and a skip's too. */
  private followed(batch: FollowedBlocks): void {
    const now = this.clock.now();
    markChanged(this.jobs, batch, now);
    this.events.emit('followed', { head: batch.head, at: now });
    this.checkPlan();
    this.loop.pump();
  }

  private budgetStatus(): BudgetStatus {
    return this.link!.budget.status(this.link!.addresses());
  }

  /** The budget's plan, told when it changes. */
  private checkPlan(): BudgetPlan {
    if (!this.link) return { followEvery: 1, refreshMs: this.cadence.refreshMs, eventReadsPerHour: Infinity, short: [] };
    const status = this.budgetStatus();
    const key = status.plan.short.join(',');
    if (this.plan !== null && key !== this.planKey) this.events.emit('budget', status);
    this.plan = status.plan;
    this.planKey = key;
    return status.plan;
  }

  /** Each address is one job; only the due ones (and the next due) go to the loop. */
  protected waiting(): DueTask[] {
    const plan = this.plan ?? this.checkPlan();
    const refreshMs = plan.short.length === 0 ? this.cadence.refreshMs : Math.max(this.cadence.refreshMs, plan.refreshMs);
    const now = this.clock.now();
    const tasks: DueTask[] = [];
    let next: DueTask | null = null;
    for (const job of this.jobs.values()) {
      if (job.inFlight) continue;
      const due = dueOf(job, refreshMs);
      if (!Number.isFinite(due.at)) continue;
      job.dueAt = Math.max(this.quietUntil, due.at);
      // The loop needs what is due now and the earliest of the rest (for its one timer): not every address's refresh.
      if (job.dueAt > now && next !== null && job.dueAt >= next.job.dueAt) continue;
      const task = { job, run: () => this.read(job, due.why, plan) };
      if (job.dueAt <= now) tasks.push(task);
      else next = task;
    }
    if (next) tasks.push(next);
    return tasks;
  }

  /** One full read (two requests), or a wait when the budget paces the reads blocks ask for. */
  private async read(job: AddressJob, why: ReadReason, plan: BudgetPlan): Promise<void> {
    const startedAt = this.clock.now();
    if (why === 'changed' && Number.isFinite(plan.eventReadsPerHour)) {
      if (this.nextPacedRead > startedAt) {
        if (job.changed) job.changed.notBefore = this.nextPacedRead;
        return;
      }
      this.nextPacedRead = Math.max(this.nextPacedRead, startedAt) + Math.ceil(3_600_000 / plan.eventReadsPerHour);
    }
    if (why !== 'refresh' && why !== 'new') this.link?.budget.noteEventRequests(REQUESTS_PER_READ);
    try {
      const snapshot = await this.options.chain.readSnapshot(job.address);
      const at = this.clock.now();
      readDone(job, snapshot, startedAt, at, this.jitter());
      if (this.jobs.get(job.address) !== job) return;
      const reading = readingOf(snapshot, at);
      this.events.emit('resources', { address: job.address, reading, snapshot, at, startedAt, why });
      this.events.emit('trx', { address: job.address, trxSun: snapshot.trxSun, activated: snapshot.activated, at });
    } catch (error) {
      const at = this.clock.now();
      const asked = error instanceof ChainError ? (error.facts.retryAfterMs ?? 0) : 0;
      const retryInMs = readFailed(job, at, this.cadence, asked);
      if (error instanceof ChainError && error.facts.retryAfterMs !== undefined) {
        this.quietUntil = Math.max(this.quietUntil, at + retryInMs);
      }
      if (this.jobs.get(job.address) === job) this.events.emit('failed', { address: job.address, error, at, retryInMs });
    }
  }

  private jitter(): number {
    return 1 + (this.random() * 2 - 1) * this.cadence.jitter;
  }
}
