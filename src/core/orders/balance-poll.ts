import type { Message } from '../../shared/i18n/message.ts';
import type { ServiceApi } from '../api/types.ts';
import type { Clock } from '../base/clock.ts';
import type { Sun } from '../base/money.ts';
import type { TypedEmitter } from '../base/typed-emitter.ts';
import { errorFacts } from './api-error-facts.ts';
import { LowBalanceWatch } from './low-balance-watch.ts';
import type { OrderEvents } from './order-events.ts';
import type { PollJob } from './poll-schedule.ts';

const RETRY_CAP_MS = 5 * 60_000;

export interface BalancePollDeps {
  api: ServiceApi;
  clock: Clock;
  events: TypedEmitter<OrderEvents>;
  intervalMs: number;
  lowBalanceThresholdSun: Sun | null;
  notificationsEnabled(): boolean;
  /** A 401: the scheduler pauses until the credentials are fixed. */
  authFailed(text: Message): void;
}

/**
 * The balance as one job of the scheduler: due every interval, sooner after
 * an order finishes, backing off (up to 5 minutes or the interval) while the
 * service fails. Announces the crossing below the low-balance threshold once.
 */
export class BalancePoll {
  readonly job: PollJob & { lastAt: number | null } = { dueAt: 0, inFlight: false, consecutiveErrors: 0, lastAt: null };
  private readonly deps: BalancePollDeps;
  private readonly lowBalance: LowBalanceWatch;
  private intervalMs: number;

  constructor(deps: BalancePollDeps) {
    this.deps = deps;
    this.intervalMs = deps.intervalMs;
    this.lowBalance = new LowBalanceWatch(deps.lowBalanceThresholdSun);
  }

  dueNow(): void {
    this.job.dueAt = this.deps.clock.now();
  }

  /** Due within `ms` (sooner if it already is): orders finishing close together share one refresh. */
  dueWithin(ms: number): void {
    this.job.dueAt = Math.min(this.job.dueAt, this.deps.clock.now() + ms);
  }

  setInterval(ms: number): void {
    this.intervalMs = Math.max(1_000, ms);
    this.job.dueAt = (this.job.lastAt ?? this.deps.clock.now()) + this.intervalMs;
  }

  setLowBalanceThreshold(thresholdSun: Sun | null): void {
    this.lowBalance.setThreshold(thresholdSun);
  }

  async poll(): Promise<void> {
    const { clock, events } = this.deps;
    try {
      const { data } = await this.deps.api.userInfo();
      const at = clock.now();
      this.job.consecutiveErrors = 0;
      this.job.lastAt = at;
      this.job.dueAt = at + this.intervalMs;
      events.emit('balance', { trxSun: data.trxSun, usdtMicros: data.usdtMicros, at });
      const thresholdSun = this.lowBalance.thresholdSun;
      if (this.lowBalance.crossedBelow(data.trxSun) && thresholdSun !== null && this.deps.notificationsEnabled()) {
        events.emit('lowBalance', { trxSun: data.trxSun, thresholdSun });
      }
    } catch (err) {
      const facts = errorFacts(err);
      if (facts.category === 'authentication') {
        this.job.dueAt = clock.now();
        this.deps.authFailed(facts.text);
        return;
      }
      const errors = ++this.job.consecutiveErrors;
      const retryInMs = Math.min(Math.max(this.intervalMs, RETRY_CAP_MS), this.intervalMs * 2 ** Math.min(errors - 1, 16));
      this.job.dueAt = clock.now() + retryInMs;
      events.emit('pollError', { localId: null, ...facts, retryInMs });
    }
  }
}
