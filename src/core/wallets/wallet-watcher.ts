import { Poller, type DueTask } from '../base/poll-loop.ts';
import type { Clock } from '../base/clock.ts';
import { MAX_SERVER_DELAY_MS } from '../base/http/backoff.ts';
import type { PowerEvents } from '../base/power-events.ts';
import { TypedEmitter } from '../base/typed-emitter.ts';
import type { ChainReader, ResourceReading } from '../chain/chain-client.ts';
import { ChainError } from '../chain/errors.ts';
import { withJitter } from '../orders/poll-schedule.ts';

/**
 * How often a watched address is read. Idle, one getaccountresource about
 * every minute and one getaccount (the TRX balance, which changes only when
 * TRX is burned or arrives) every 20 minutes: 3600/64 + 3 = 59.25 requests an
 * address an hour, under the budget of 60 (bench/wallets.bench.ts). Right
 * after an order for the address succeeds: read at once, then every 2 s for
 * two minutes, so the energy shows as soon as the node reports it. When a
 * reading shows the wallet used energy or bandwidth (it sent a transaction,
 * which may have burned TRX), the TRX balance is read on the next poll.
 */
export interface WalletCadence {
  idleMs: number;
  fastMs: number;
  fastForMs: number;
  trxEveryMs: number;
  /** ± fraction applied to every idle delay, so many addresses do not poll in lockstep. */
  jitter: number;
  /** Failures double the gap up to this, and no wait a node asks for (Retry-After) is longer. */
  errorCapMs: number;
  /** Requests in flight at once, over every address. */
  maxInFlight: number;
}

export const DEFAULT_WALLET_CADENCE: Readonly<WalletCadence> = {
  idleMs: 64_000,
  fastMs: 2_000,
  fastForMs: 120_000,
  trxEveryMs: 20 * 60_000,
  jitter: 0.1,
  errorCapMs: MAX_SERVER_DELAY_MS,
  maxInFlight: 4,
};

/**
 * The cadence with reads every `idleMs` (the daemon's ENERGY_TRAY_WALLET_INTERVAL_MS): the
 * cap on waits after failures shrinks with it, to ten intervals, and never exceeds 10 minutes.
 */
export function cadenceEvery(idleMs: number): Partial<WalletCadence> {
  return { idleMs, errorCapMs: Math.min(MAX_SERVER_DELAY_MS, 10 * idleMs) };
}

export interface WatcherEvents {
  /** `startedAt`: when the read was sent; what it shows is at least as new as that. */
  resources: { address: string; reading: ResourceReading; at: number; startedAt: number };
  trx: { address: string; trxSun: bigint; activated: boolean; at: number };
  failed: { address: string; error: unknown; at: number; retryInMs: number };
  pauseChanged: { paused: boolean; reasons: string[] };
}

interface AddressJob {
  readonly address: string;
  /** The earlier of the two reads below: when this address is polled next. */
  dueAt: number;
  resourcesDueAt: number;
  trxDueAt: number;
  fastUntil: number;
  inFlight: boolean;
  errors: number;
  /** Energy and bandwidth used at the last reading: when it grows, a transaction was sent and TRX may have burned. */
  used: bigint | null;
}

export interface WalletWatcherOptions {
  chain: ChainReader;
  clock: Clock;
  power?: PowerEvents;
  cadence?: Partial<WalletCadence>;
  random?: () => number;
}

/**
 * Polls the watched addresses with the order scheduler's discipline: one
 * timer armed for the earliest due read, at most one request per address at
 * a time (each poll is one request), a cap on requests in flight, backoff on
 * failures, paused while the machine sleeps or is offline and refreshed at
 * once on resume. A node's Retry-After holds every read of that node (it
 * limits the client, not one address) and, like the backoff, is capped at
 * `errorCapMs`: a node answering `Retry-After: 999999` is asked again after
 * 10 minutes, not 11.6 days. A new node is a new watcher, with no wait.
 */
export class WalletWatcher extends Poller {
  readonly events = new TypedEmitter<WatcherEvents>();
  readonly cadence: Readonly<WalletCadence>;
  private readonly chain: ChainReader;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly jobs = new Map<string, AddressJob>();
  /** No read before this: the node asked to wait (Retry-After), capped. */
  private quietUntil = 0;

  constructor(options: WalletWatcherOptions) {
    const cadence = { ...DEFAULT_WALLET_CADENCE, ...options.cadence };
    super({ name: 'wallet watcher', clock: options.clock, maxInFlight: cadence.maxInFlight, power: options.power });
    this.chain = options.chain;
    this.clock = options.clock;
    this.random = options.random ?? Math.random;
    this.cadence = cadence;
  }

  start(): void {
    if (!this.startLoop()) return;
    this.pump();
  }

  /** The addresses to watch: new ones are read at once, dropped ones are forgotten. */
  watch(addresses: Iterable<string>): void {
    const wanted = new Set(addresses);
    for (const address of this.jobs.keys()) if (!wanted.has(address)) this.jobs.delete(address);
    const now = this.clock.now();
    for (const address of wanted) {
      if (!this.jobs.has(address))
        this.jobs.set(address, {
          address,
          dueAt: now,
          resourcesDueAt: now,
          trxDueAt: now,
          fastUntil: 0,
          inFlight: false,
          errors: 0,
          used: null,
        });
    }
    this.pump();
  }

  watched(): string[] {
    return [...this.jobs.keys()];
  }

  /** The user asked: read the resources and the TRX balance now. */
  refresh(address: string): void {
    const job = this.jobs.get(address);
    if (!job) return;
    const now = this.clock.now();
    job.resourcesDueAt = now;
    job.trxDueAt = now;
    job.errors = 0;
    this.pump();
  }

  /** An order for the address succeeded: read now, then often for a while, until the energy shows. */
  boost(address: string): void {
    const job = this.jobs.get(address);
    if (!job) return;
    const now = this.clock.now();
    job.fastUntil = now + this.cadence.fastForMs;
    job.resourcesDueAt = now;
    job.errors = 0;
    this.pump();
  }

  /**
   * An energy order for the address is on its way: read it every `fastMs`
   * until `until`, so the energy shows soon after it arrives.
   */
  hurry(address: string, until: number): void {
    const job = this.jobs.get(address);
    if (!job || until <= job.fastUntil) return;
    const wasIdle = job.fastUntil <= this.clock.now();
    job.fastUntil = until;
    if (wasIdle) {
      job.resourcesDueAt = Math.min(job.resourcesDueAt, this.clock.now() + this.cadence.fastMs);
      this.pump();
    }
  }

  /** Reading often until then (0 when idle). */
  fastUntil(address: string): number {
    return this.jobs.get(address)?.fastUntil ?? 0;
  }

  /** Resolves when no read is in flight (tests and benchmarks). */
  async whenIdle(): Promise<void> {
    while (this.work.size > 0) await this.work.settled();
  }

  protected pauseChanged(paused: boolean, reasons: string[]): void {
    this.events.emit('pauseChanged', { paused, reasons });
  }

  /** Back from a pause: every address's resources are read at once. */
  protected resumed(now: number): void {
    for (const job of this.jobs.values()) {
      job.resourcesDueAt = now;
      job.errors = 0;
    }
  }

  /** Each address is one job: its next poll reads the resources if they are due, else the TRX balance. */
  protected waiting(): DueTask[] {
    const now = this.clock.now();
    return [...this.jobs.values()]
      .filter((job) => !job.inFlight)
      .map((job) => {
        job.dueAt = Math.max(this.quietUntil, Math.min(job.resourcesDueAt, job.trxDueAt));
        return { job, run: () => this.poll(job, job.resourcesDueAt <= now ? 'resources' : 'trx') };
      });
  }

  /** One poll, one request. */
  private async poll(job: AddressJob, what: 'resources' | 'trx'): Promise<void> {
    try {
      if (what === 'resources') {
        const startedAt = this.clock.now();
        const reading = await this.chain.readResources(job.address);
        const at = this.clock.now();
        job.errors = 0;
        job.resourcesDueAt = at + this.resourceGap(job, at);
        const used = reading.energy.used + reading.bandwidth.used + reading.bandwidth.freeUsed;
        // The wallet sent something since the last reading: read its TRX next (a poll of its own), it may have burned some.
        if (job.used !== null && used > job.used) job.trxDueAt = at;
        job.used = used;
        if (this.jobs.get(job.address) === job) this.events.emit('resources', { address: job.address, reading, at, startedAt });
      } else {
        const account = await this.chain.readTrx(job.address);
        const at = this.clock.now();
        job.errors = 0;
        job.trxDueAt = at + withJitter(this.cadence.trxEveryMs, this.cadence.jitter, this.random);
        if (this.jobs.get(job.address) === job)
          this.events.emit('trx', { address: job.address, trxSun: account.trxSun, activated: account.activated, at });
      }
    } catch (error) {
      const at = this.clock.now();
      job.errors++;
      const retryInMs = this.retryGap(job, error);
      const asked = error instanceof ChainError && error.facts.retryAfterMs !== undefined;
      if (asked) this.quietUntil = Math.max(this.quietUntil, at + retryInMs);
      if (what === 'resources') job.resourcesDueAt = at + retryInMs;
      else job.trxDueAt = at + retryInMs;
      if (this.jobs.get(job.address) === job) this.events.emit('failed', { address: job.address, error, at, retryInMs });
    }
  }

  private resourceGap(job: AddressJob, at: number): number {
    if (at < job.fastUntil) return this.cadence.fastMs;
    return withJitter(this.cadence.idleMs, this.cadence.jitter, this.random);
  }

  private retryGap(job: AddressJob, error: unknown): number {
    const base = Math.min(this.cadence.errorCapMs, this.cadence.idleMs * 2 ** Math.min(job.errors - 1, 16));
    const asked = error instanceof ChainError ? (error.facts.retryAfterMs ?? 0) : 0;
    return Math.min(this.cadence.errorCapMs, Math.max(base, asked));
  }
}
