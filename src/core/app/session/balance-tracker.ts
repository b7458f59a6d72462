// app/session: the open account or demo: profiles, settings, the per-profile lists, the TRON node connection, the service balance.
import { msg, type Message } from '../../../shared/i18n/message.ts';
import type { BalanceView, ServiceHealthView } from '../../../shared/ipc.ts';
import { userText } from '../../base/domain-error.ts';
import type { Clock } from '../../base/clock.ts';
import { TypedEmitter } from '../../base/typed-emitter.ts';
import type { BalanceSnapshot } from '../../orders/order-events.ts';
import { AppError } from '../app-error.ts';
import type { EventSink } from '../ports.ts';
import type { Session } from './session.ts';
import type { SessionManager } from './session-manager.ts';
import type { SettingsService } from './settings-service.ts';

export interface BalanceTrackerDeps {
  clock: Clock;
  sessions: SessionManager;
  settings: SettingsService;
  events: EventSink;
}

interface BalanceEvents {
  /** The balance or its offline mark changed (the tray redraws). */
  changed: void;
  /** A fresh balance arrived (the tray refreshes its quotes then, at most every few minutes). */
  fresh: void;
  /** The service's health changed: the dashboard's state (and its banner) follows. */
  health: void;
}

/**
 * The last known balance and whether the service is answering. A failed
 * refresh keeps the last balance on screen, marked stale, and turns the tray
 * icon to offline; the next answer clears it.
 */
export class BalanceTracker {
  private readonly deps: BalanceTrackerDeps;
  readonly events = new TypedEmitter<BalanceEvents>();
  private latest: BalanceSnapshot | null = null;
  private offline = false;
  private health: ServiceHealthView = { status: 'unknown', message: null, since: null };

  constructor(deps: BalanceTrackerDeps) {
    this.deps = deps;
    deps.sessions.events.on('opened', ({ session, live }) => this.attach(session, live));
    deps.sessions.events.on('closed', () => {
      this.latest = null;
      this.offline = false;
      this.health = { status: 'unknown', message: null, since: null };
    });
  }

  get snapshot(): BalanceSnapshot | null {
    return this.latest;
  }

  get isOffline(): boolean {
    return this.offline;
  }

  healthView(): ServiceHealthView {
    return { ...this.health };
  }

  view(): BalanceView | null {
    if (!this.latest) return null;
    return {
      trxSun: this.latest.trxSun.toString(),
      usdtMicros: this.latest.usdtMicros.toString(),
      updatedAt: this.latest.at,
      stale: this.offline || this.deps.clock.now() - this.latest.at > this.deps.settings.staleAfterMs(),
      low: this.latest.trxSun < this.deps.settings.lowBalanceThresholdSun(),
    };
  }

  /** A refresh the user asked for (dashboard or tray). */
  async refresh(): Promise<BalanceView> {
    const session = this.deps.sessions.require();
    let reply;
    try {
      reply = await session.api.userInfo();
    } catch (err) {
      if (this.deps.sessions.current() === session) this.markOffline(categoryOf(err), userText(err));
      throw err;
    }
    if (this.deps.sessions.current() !== session) throw new AppError('refused', msg('errors:app.accountChangedBalance'));
    this.received({ trxSun: reply.data.trxSun, usdtMicros: reply.data.usdtMicros, at: this.deps.clock.now() });
    const view = this.view();
    if (!view) throw new AppError('no_balance', msg('errors:app.noBalance'));
    return view;
  }

  private attach(session: Session, live: () => boolean): void {
    const events = session.scheduler.events;
    events.on('balance', (b) => {
      if (live()) this.received(b);
    });
    events.on('pollError', (e) => {
      if (live() && e.localId === null) this.markOffline(e.category, e.text);
    });
    events.on('authRequired', ({ text }) => {
      if (live()) this.markOffline('authentication', text);
    });
  }

  private received(b: BalanceSnapshot): void {
    this.latest = b;
    this.offline = false;
    this.setHealth('ok', null);
    this.publish();
    this.events.emit('fresh', undefined);
  }

  private markOffline(category: string | null | undefined, message: Message): void {
    const status = category === 'authentication' ? 'auth_failed' : 'unreachable';
    const changed = !this.offline || this.health.status !== status;
    this.offline = true;
    this.setHealth(status, message);
    if (changed) this.publish();
  }

  private setHealth(status: ServiceHealthView['status'], message: Message | null): void {
    if (this.health.status === status && JSON.stringify(this.health.message) === JSON.stringify(message)) return;
    const since = this.health.status === status ? this.health.since : this.deps.clock.now();
    this.health = { status, message, since };
    this.events.emit('health', undefined);
  }

  private publish(): void {
    const view = this.view();
    if (view) this.deps.events.emit('app:balance', view);
    this.events.emit('changed', undefined);
  }
}

/** The ApiError category of a failed call, if it is one. */
function categoryOf(err: unknown): string | null {
  const category = (err as { category?: unknown } | null)?.category;
  return typeof category === 'string' ? category : null;
}
