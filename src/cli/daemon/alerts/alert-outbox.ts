import type { AppLog } from '../../../core/app/app-service.ts';
import { sendAlert, type AlertMessage } from './alert-channels.ts';
import type { ChannelSettings } from './alert-settings.ts';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;
/** A message not delivered within this long is dropped: an hour-old "balance low" only adds noise to what followed. */
const MAX_AGE_MS = 30 * 60_000;
/** A channel that is down for hours keeps the newest messages, not every one. */
const MAX_QUEUED = 100;

export interface OutboxDeps {
  secret: () => string | null;
  perMinute: number;
  log: AppLog;
  now?: () => number;
}

/**
 * One channel's queue: messages go out in order, at most `perMinute` a
 * minute; a failure worth retrying waits 1, 2, 4 … up to 60 s between
 * attempts, until the message is delivered or 30 minutes old (then it is
 * logged as dropped). Nothing here is awaited by the daemon: a channel that
 * hangs or answers 500 delays only its own messages, never an order or a
 * poll. Closing gives the queue a bounded time to drain (a stopping daemon,
 * `daemon --once`), then gives up.
 */
export class ChannelOutbox {
  private readonly queue: AlertMessage[] = [];
  private readonly sentAt: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private closed = false;
  private idle: Array<() => void> = [];
  sent = 0;
  readonly channel: ChannelSettings;
  private readonly deps: OutboxDeps;

  constructor(channel: ChannelSettings, deps: OutboxDeps) {
    this.channel = channel;
    this.deps = deps;
  }

  push(message: AlertMessage): void {
    if (this.closed) return;
    if (this.queue.length >= MAX_QUEUED) {
      const dropped = this.queue.shift();
      this.deps.log.warn({ channel: this.channel.kind, key: dropped?.key, reason: 'queue_full' }, 'alert_dropped');
    }
    this.queue.push(message);
    this.kick(0);
  }

  /** Stops taking messages; resolves once the queue is delivered, or after `graceMs` with what is left dropped. */
  async close(graceMs = 0): Promise<void> {
    if (this.queue.length > 0 && graceMs > 0 && !this.closed) {
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => this.idle.push(resolve)),
        new Promise<void>((resolve) => (timeout = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(timeout);
    }
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const message of this.queue.splice(0)) {
      this.deps.log.warn({ channel: this.channel.kind, key: message.key, reason: 'stopping' }, 'alert_dropped');
    }
    this.settle();
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private settle(): void {
    for (const resolve of this.idle.splice(0)) resolve();
  }

  private kick(delayMs: number): void {
    if (this.closed || this.busy || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.drain();
    }, delayMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    const message = this.queue[0];
    if (!message || this.closed) return;
    const now = this.now();
    while (this.sentAt.length > 0 && (this.sentAt[0] ?? 0) <= now - 60_000) this.sentAt.shift();
    if (this.sentAt.length >= this.deps.perMinute) return this.kick((this.sentAt[0] ?? now) + 60_000 - now);
    this.busy = true;
    const attempts = await this.deliver(message);
    this.busy = false;
    if (this.queue[0] === message) this.queue.shift();
    this.sentAt.push(this.now());
    if (attempts > 0) {
      this.sent++;
      this.deps.log.info({ channel: this.channel.kind, key: message.key, state: message.state, attempts }, 'alert_sent');
    }
    if (this.queue.length > 0) this.kick(0);
    else this.settle();
  }

  /** Attempts until delivered (the number of attempts), or 0 when given up. */
  private async deliver(message: AlertMessage): Promise<number> {
    for (let attempt = 1; !this.closed; attempt++) {
      const result = await sendAlert(this.channel, this.deps.secret(), message);
      if (result.ok) return attempt;
      const failure = { channel: this.channel.kind, key: message.key, attempt, status: result.status, error: result.error };
      this.deps.log.warn(failure, 'alert_send_failed');
      const waitMs = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt - 1, 16));
      if (!result.retry || this.now() + waitMs - message.at > MAX_AGE_MS) {
        const reason = result.retry ? 'too_old' : 'refused';
        this.deps.log.warn({ channel: this.channel.kind, key: message.key, attempts: attempt, reason }, 'alert_dropped');
        return 0;
      }
      await new Promise<void>((resolve) => setTimeout(resolve, waitMs).unref());
    }
    return 0;
  }
}
