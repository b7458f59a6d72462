import type { AppLog } from '../../../core/app/app-service.ts';
import type { AppServices } from '../../../core/app/app-wiring.ts';
import type { SecretRegistry } from '../../../core/base/secret-registry.ts';
import type { NodeRequestEvent } from '../../../core/chain/node-transport.ts';
import type { TrackedOrder } from '../../../core/orders/order-types.ts';
import type { Evaluation } from '../../../core/rules/rule-evaluator.ts';
import type { Env } from '../../access.ts';
import type { AlertMessage } from './alert-channels.ts';
import { ChannelOutbox } from './alert-outbox.ts';
import { resolveSecret, type AlertSettings } from './alert-settings.ts';
import { alertWords, type AlertFacts } from './alert-words.ts';
import { dailyLimitStatus } from '../../../core/orders/paid-order.ts';

const CHECK_MS = 10_000;
/** How long a stopping daemon waits for the channels to deliver what they hold (systemd allows 90 s to stop). */
const CLOSE_GRACE_MS = 10_000;

export interface AlertServiceDeps {
  log: AppLog;
  secrets: SecretRegistry;
  settings: AlertSettings;
  env: Env;
  now?: () => number;
}

/**
 * Alerts of the daemon: each condition is an episode, told once when it
 * begins and once when it ends (resolved), never at every poll: the balance
 * under the low-balance warning, a rule stopped on an unknown outcome or
 * refusing (cap, limits, burn cost), an order failed or of unknown outcome,
 * the service or the node unreachable for longer than `downMinutes`, 80 % of
 * the daily limit used, the node's request budget running short. Each
 * message goes to every channel's outbox (rate-limited, retried, never
 * awaited by the core).
 */
export class AlertService {
  private settings: AlertSettings;
  private outboxes: ChannelOutbox[] = [];
  private readonly open = new Map<string, AlertMessage>();
  private services: AppServices | null = null;
  private profile = '';
  private serviceDownSince: number | null = null;
  private nodeDownSince: number | null = null;
  private nodeRequestsToday = { day: '', count: 0 };
  private readonly timer: NodeJS.Timeout;
  /** Every message handed to the channels (firing, resolved), for tests and the log. */
  readonly told: AlertMessage[] = [];

  private readonly deps: AlertServiceDeps;

  constructor(deps: AlertServiceDeps) {
    this.deps = deps;
    this.settings = deps.settings;
    this.reconfigure(deps.settings);
    const everyMs = Math.min(CHECK_MS, Math.max(250, (this.settings.downMinutes * 60_000) / 4));
    this.timer = setInterval(() => this.guarded('check', () => this.check()), everyMs);
    this.timer.unref();
  }

  reconfigure(settings: AlertSettings): void {
    // The old channels deliver what they hold (bounded), the new ones take what follows.
    for (const box of this.outboxes) void box.close(CLOSE_GRACE_MS);
    this.settings = settings;
    this.outboxes = settings.channels.map((channel) => {
      // The secret is read at each send (a rotated credential is used at once) and scrubbed from every log line.
      const secret = (): string | null => {
        const value = resolveSecret(channel.secret, this.deps.env);
        if (value !== null) this.deps.secrets.add(value);
        return value;
      };
      secret();
      return new ChannelOutbox(channel, { secret, perMinute: settings.perMinute, log: this.deps.log });
    });
  }

  attach(services: AppServices, profile: string): void {
    this.services = services;
    this.profile = profile;
    services.sessions.events.on('opened', ({ session, live }) => {
      const events = session.scheduler.events;
      events.on('balance', (b) => this.guarded('balance', () => {
        if (!live()) return;
        this.serviceDownSince = null;
        this.resolve('service_down', { event: 'service_down' });
        const threshold = services.settings.lowBalanceThresholdSun();
        if (b.trxSun < threshold) this.fire('balance_low', { event: 'balance_low', balanceSun: b.trxSun, thresholdSun: threshold });
        else this.resolve('balance_low', { event: 'balance_low', balanceSun: b.trxSun, thresholdSun: threshold });
        this.check();
      }));
      events.on('orderUpdated', (order) => this.guarded('order', () => live() && this.order(order)));
    });
    services.rules.onDecided((e) => this.guarded('decision', () => this.decided(e)));
  }

  /**
   * Alerts watch the core from outside: a fault of their own is logged and
   * never reaches the poll, the order or the rule that raised the event, nor
   * ends the daemon (a throw in a timer would).
   */
  private guarded(what: string, work: () => unknown): void {
    try {
      work();
    } catch (err) {
      this.deps.log.error({ err, what }, 'alert_failed');
    }
  }

  nodeRequest(e: NodeRequestEvent): void {
    const day = this.localDay();
    if (this.nodeRequestsToday.day !== day) this.nodeRequestsToday = { day, count: 0 };
    this.nodeRequestsToday.count++;
    const answered = e.status !== undefined && e.status < 500 && e.status !== 429;
    if (answered) {
      this.nodeDownSince = null;
      this.resolve('node_down', { event: 'node_down' });
    } else this.nodeDownSince ??= this.now();
  }

  /** Stops watching; the channels get a bounded time to deliver what they hold (a stop, the end of `daemon --once`). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.outboxes.map((box) => box.close(CLOSE_GRACE_MS)));
  }

  /** Messages the channels delivered, all channels together. */
  sentCount(): number {
    return this.outboxes.reduce((n, box) => n + box.sent, 0);
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private localDay(): string {
    const d = new Date(this.now());
    return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
  }

  private order(order: TrackedOrder): void {
    if (order.state === 'failed' || order.state === 'outcome_unknown') {
      this.fire(`order:${order.localId}`, { event: order.state === 'failed' ? 'order_failed' : 'order_unknown', order });
    }
    this.check();
  }

  /** A stop is one episode per rule; a refusal one per rule and reason (the cap, the limit, the burn cost); a buy or a skip ends them. */
  private decided({ rule, record }: Evaluation): void {
    const stopped = `rule_stopped:${rule.id}`;
    const refused = `rule_refused:${rule.id}:`;
    if (record.kind === 'stopped') this.fire(stopped, { event: 'rule_stopped', rule: rule.name });
    if (record.kind === 'refuse') {
      const facts = { event: 'rule_refused' as const, rule: rule.name, detail: record.detail, reason: record.reason };
      this.fire(`${refused}${record.reason}`, record.text ? { ...facts, message: record.text } : facts);
    }
    // Only buying or finding enough energy shows the rule working again; a pause (the service down) does not.
    if (record.kind === 'buy' || record.kind === 'skip') {
      this.resolve(stopped, { event: 'rule_stopped', rule: rule.name });
      for (const key of this.openKeys(refused)) this.resolve(key, { event: 'rule_refused', rule: rule.name });
    }
  }

  /** The conditions that last: the service and the node down for long enough, the daily limit, the node's budget. */
  private check(): void {
    const downMs = this.settings.downMinutes * 60_000;
    const now = this.now();
    // The balance tracker knows whether the service answered its last read (polls, refreshes after an order).
    const health = this.services?.balance.healthView();
    if (health?.status === 'unreachable' || health?.status === 'auth_failed') this.serviceDownSince ??= health.since ?? now;
    else if (health?.status === 'ok') {
      this.serviceDownSince = null;
      this.resolve('service_down', { event: 'service_down' });
    }
    const minutes = this.settings.downMinutes;
    const downLong = (since: number | null): boolean => since !== null && now - since >= downMs;
    if (downLong(this.serviceDownSince)) this.fire('service_down', { event: 'service_down', minutes });
    if (downLong(this.nodeDownSince)) this.fire('node_down', { event: 'node_down', minutes });
    const session = this.services?.sessions.current();
    if (this.services && session) {
      const { spentSun, limitSun } = dailyLimitStatus({ journal: session.journal, limit: this.services.limit });
      const key = `daily_limit_80:${this.localDay()}`;
      const facts = { event: 'daily_limit_80' as const, spentSun, limitSun };
      // Yesterday's episode ends at midnight, with today's figures.
      for (const old of this.openKeys('daily_limit_80:').filter((k) => k !== key)) this.resolve(old, facts);
      if (limitSun > 0n && spentSun * 10n >= limitSun * 8n) this.fire(key, facts);
      else this.resolve(key, facts);
    }
    const budget = this.settings.nodeDailyBudget;
    const used = this.nodeRequestsToday.count;
    const budgetKey = `node_budget:${this.nodeRequestsToday.day}`;
    // Told once a day: a new day's count starts from nothing, and yesterday's warning is only forgotten.
    for (const old of this.openKeys('node_budget:').filter((k) => k !== budgetKey)) this.open.delete(old);
    if (budget !== null && used * 10 >= budget * 8) this.fire(budgetKey, { event: 'node_budget', used, budget });
  }

  private openKeys(prefix: string): string[] {
    return [...this.open.keys()].filter((k) => k.startsWith(prefix));
  }

  private fire(key: string, facts: AlertFacts): void {
    if (this.open.has(key)) return;
    this.tell(key, 'firing', facts);
  }

  private resolve(key: string, facts: AlertFacts): void {
    if (!this.open.has(key)) return;
    this.tell(key, 'resolved', facts);
  }

  private tell(key: string, state: 'firing' | 'resolved', facts: AlertFacts): void {
    const words = alertWords(facts, state, this.profile);
    const message: AlertMessage = { key, event: facts.event, state, ...words, profile: this.profile, at: this.now() };
    if (state === 'firing') this.open.set(key, message);
    else this.open.delete(key);
    this.told.push(message);
    this.deps.log.info({ key, state, channels: this.outboxes.length }, 'alert');
    for (const box of this.outboxes) box.push(message);
  }
}
