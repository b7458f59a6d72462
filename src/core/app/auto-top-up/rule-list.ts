// app/auto-top-up: the rules' storage, runtime, decisions and views around the pure engine in core/rules.
import { parseStoredRules, type Rule } from '../../rules/rule.ts';
import { noticeText, type Notices } from '../notify/notices.ts';
import { ProfileList, settingsListStore, type ProfileListStore } from '../session/profile-list.ts';
import type { SessionManager } from '../session/session-manager.ts';
import type { SettingsService } from '../session/settings-service.ts';

/**
 * The auto top-up rules as stored, a per-profile list (profile-list.ts):
 * every profile's in the settings file by default (each entry names its
 * profile, `rules`), the demo's in memory only, as its watched wallets are,
 * so a demo rule never buys on a real account. "Pause all" is one setting for
 * every profile (`autoTopUpPaused`).
 */
export class RuleList extends ProfileList<Rule> {
  private readonly settings: SettingsService;

  constructor(deps: { sessions: SessionManager; settings: SettingsService; notices: Notices; store?: ProfileListStore<Rule> }) {
    super({
      sessions: deps.sessions,
      store: deps.store ?? settingsListStore(deps.settings, 'rules', parseStoredRules),
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
