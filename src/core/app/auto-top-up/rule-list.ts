// app/auto-top-up: the rules' storage, runtime, decisions and views around the pure engine in core/rules.
import { parseStoredRules, type Rule } from '../../rules/rule.ts';
import { noticeText, type Notices } from '../notify/notices.ts';
import type { Clock } from '../../base/clock.ts';
import { ProfileList, type ProfileListStore } from '../session/profile-list.ts';
import type { SessionManager } from '../session/session-manager.ts';
import type { SettingsService } from '../session/settings-service.ts';
import { sqliteListStore } from '../session/sqlite-list-store.ts';

/** The settings file could not be rewritten after the move: harmless, the next start removes them. */
const kept = (notices: Notices) => (): void => notices.push(noticeText.rulesKeptInSettings());

/**
 * The auto top-up rules as stored, a per-profile list (profile-list.ts):
 * an account's in its order store (sqlite-list-store.ts, one row an entry),
 * the demo's in memory only, as its watched wallets are,
 * so a demo rule never buys on a real account. "Pause all" is one setting for
 * every profile (`autoTopUpPaused`).
 */
export class RuleList extends ProfileList<Rule> {
  private readonly settings: SettingsService;

  constructor(deps: {
    sessions: SessionManager;
    settings: SettingsService;
    notices: Notices;
    clock: Clock;
    store?: ProfileListStore<Rule>;
  }) {
    super({
      sessions: deps.sessions,
      store: deps.store ?? sqliteListStore({ ...deps, list: 'rules', parse: parseStoredRules, onSettingsKept: kept(deps.notices) }),
      onDropped: (dropped) => deps.notices.push(noticeText.rulesDropped(dropped)),
    });
    this.settings = deps.settings;
  }

  pausedAll(): boolean {
    return this.settings.loaded?.autoTopUpPaused ?? false;
  }

  async setPausedAll(paused: boolean): Promise<void> {
    await this.settings.update((s) => ({ ...s, autoTopUpPaused: paused }));
  }
}
