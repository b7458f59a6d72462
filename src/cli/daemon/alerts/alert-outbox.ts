import type { AppLog } from '../../../core/app/app-service.ts';
import { sendAlert, type AlertMessage } from './alert-channels.ts';
import type { ChannelSettings } from './alert-settings.ts';

const MAX_ATTEMPTS = 6;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;
/** A channel that is down for hours keeps the newest messages, not every one. */
const MAX_QUEUED = 100;

/**
 * One channel's queue: messages go out in order, at most `perMinute` a
 * minute; a failure worth retrying waits 1, 2, 4 … up to 60 s, six attempts
 * in all, then the message is logged as dropped. Nothing here is awaited by
 * the daemon: a channel that hangs or answers 500 delays only its own
 * messages, never an order or a poll.
 */
export class ChannelOutbox {
  private readonly queue: AlertMessage[] = [];
  private readonly sentAt: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private closed = false;
  sent = 0;
  readonly channel: ChannelSettings;
  private readonly deps: { secret: () => string | null; perMinute: number; log: AppLog; now?: () => number };

  constructor(channel: ChannelSettings, deps: { secret: () => string | null; perMinute: number; log: AppLog; now?: () => number }) {
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

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
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
    let attempt = 0;
    let delivered = false;
    while (!this.closed && attempt < MAX_ATTEMPTS) {
      attempt++;
      const result = await sendAlert(this.channel, this.deps.secret(), message);
      if (result.ok) {
        delivered = true;
        break;
      }
      this.deps.log.warn({ channel: this.channel.kind, key: message.key, attempt, status: result.status, error: result.error }, 'alert_send_failed');
      if (!result.retry) break;
      await new Promise<void>((resolve) => setTimeout(resolve, Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempt - 1))).unref());
    }
    this.busy = false;
    this.queue.shift();
    this.sentAt.push(this.now());
    if (delivered) {
      this.sent++;
      this.deps.log.info({ channel: this.channel.kind, key: message.key, state: message.state, attempts: attempt }, 'alert_sent');
    } else if (!this.closed) {
      this.deps.log.warn({ channel: this.channel.kind, key: message.key, attempts: attempt }, 'alert_dropped');
    }
    if (this.queue.length > 0) this.kick(0);
  }
}
