// app/session: the open account or demo: profiles, settings, the per-profile lists, the TRON node connection, the service balance.
import type { AppStateView } from '../../../shared/ipc.ts';
import { TypedEmitter } from '../../base/typed-emitter.ts';
import { toStatus } from '../../credentials/account-service.ts';
import type { Notices } from '../notify/notices.ts';
import type { EventSink } from '../ports.ts';
import type { BalanceTracker } from './balance-tracker.ts';
import type { SessionManager } from './session-manager.ts';
import type { SettingsService } from './settings-service.ts';

export interface AppStateDeps {
  settings: SettingsService;
  sessions: SessionManager;
  balance: BalanceTracker;
  notices: Notices;
  events: EventSink;
}

/**
 * What the dashboard's header and banner show (AppStateView): the mode, the
 * profiles, the balance, the service's health, polling and the keychain. It
 * is pushed again whenever the sessions or the service's health announce a
 * change; `published` then tells the lists and the tray, since after a
 * switch everything they show may be another profile's.
 */
export class AppState {
  private readonly deps: AppStateDeps;
  readonly events = new TypedEmitter<{ published: AppStateView }>();

  constructor(deps: AppStateDeps) {
    this.deps = deps;
    deps.sessions.events.on('changed', () => this.publish());
    deps.balance.events.on('health', () => this.publish());
  }

  /** From the settings kept in memory (reloaded after every account change): no disk read on the first-render path. */
  view(): AppStateView {
    const { settings, sessions, balance, notices } = this.deps;
    const status = toStatus(settings.current);
    return {
      mode: sessions.mode(),
      profiles: status.profiles.map((p) => ({ ...p })),
      activeProfileId: status.activeProfileId,
      balance: balance.view(),
      service: balance.healthView(),
      polling: sessions.polling(),
      keychain: sessions.keychainStatus(),
      notices: notices.all(),
    };
  }

  publish(): AppStateView {
    const view = this.view();
    this.deps.events.emit('app:state', view);
    this.events.emit('published', view);
    return view;
  }
}
