import { KeyedQueue } from '../../base/keyed-queue.ts';
import { parseStoredRules, type Rule } from '../../rules/rule.ts';
import { noticeText, type Notices } from '../notify/notices.ts';
import type { SettingsService } from '../session/settings-service.ts';
import type { WalletList } from '../wallets/wallet-list.ts';
import { DEMO_PROFILE_ID } from '../wallets/wallet-list.ts';

/**
 * The auto top-up rules as stored: every profile's in the settings file
 * (each entry names its profile, `rules`), the demo's in memory only, as its
 * watched wallets are, so a demo rule never buys on a real account. The live
 * profile is the wallets' (WalletList.profileId). "Pause all" is one setting
 * for every profile (`autoTopUpPaused`).
 */
export class RuleList {
  private readonly settings: SettingsService;
  private readonly wallets: WalletList;
  private stored: Rule[] = [];
  private demo: Rule[] = [];
  private readonly writes = new KeyedQueue();

  constructor(deps: { settings: SettingsService; wallets: WalletList; notices: Notices; onDemoOpened: (listener: () => void) => void }) {
    this.settings = deps.settings;
    this.wallets = deps.wallets;
    deps.settings.events.on('loaded', (settings) => {
      const { rules, dropped } = parseStoredRules(settings.rules);
      this.stored = rules;
      if (dropped > 0) deps.notices.push(noticeText.rulesDropped(dropped));
    });
    deps.onDemoOpened(() => {
      this.demo = [];
    });
  }

  profileId(): string | null {
    return this.wallets.profileId();
  }

  current(): Rule[] {
    const profileId = this.profileId();
    if (profileId === null) return [];
    return profileId === DEMO_PROFILE_ID ? [...this.demo] : this.stored.filter((r) => r.profileId === profileId);
  }

  find(id: string): Rule | undefined {
    return this.current().find((r) => r.id === id);
  }

  pausedAll(): boolean {
    return this.settings.loaded?.autoTopUpPaused ?? false;
  }

  async setPausedAll(paused: boolean): Promise<void> {
    await this.settings.update((s) => ({ ...s, autoTopUpPaused: paused }));
  }

  /** Applies `change` to the live profile's rules and saves them; nothing is saved when it throws. */
  change(change: (current: Rule[]) => Rule[]): Promise<Rule[]> {
    return this.writes.run('rules', async () => {
      const profileId = this.profileId();
      if (profileId === null) return [];
      if (profileId === DEMO_PROFILE_ID) {
        this.demo = change([...this.demo]);
        return [...this.demo];
      }
      let next: Rule[] = [];
      await this.settings.update((s) => {
        const all = parseStoredRules(s.rules).rules;
        next = change(all.filter((r) => r.profileId === profileId));
        return { ...s, rules: [...all.filter((r) => r.profileId !== profileId), ...next].map((r) => ({ ...r })) };
      });
      this.stored = [...this.stored.filter((r) => r.profileId !== profileId), ...next];
      return next;
    });
  }
}
