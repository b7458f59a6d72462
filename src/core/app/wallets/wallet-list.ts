import { KeyedQueue } from '../../base/keyed-queue.ts';
import { parseStoredWallets, type WatchedWallet } from '../../wallets/watched-wallet.ts';
import { noticeText, type Notices } from '../notify/notices.ts';
import type { SessionManager } from '../session/session-manager.ts';
import type { SettingsService } from '../session/settings-service.ts';

export const DEMO_PROFILE_ID = 'demo';

/**
 * The watched wallets as stored: every profile's in the settings file (each
 * entry names its profile), the demo's in memory only, so a demo wallet can
 * never be topped up on a real account. `current()` is the live mode's list.
 */
export class WalletList {
  private readonly sessions: SessionManager;
  private readonly settings: SettingsService;
  private stored: WatchedWallet[] = [];
  private demo: WatchedWallet[] = [];
  /** One change at a time, each from the list the previous one left. */
  private readonly writes = new KeyedQueue();

  constructor(deps: { sessions: SessionManager; settings: SettingsService; notices: Notices }) {
    this.sessions = deps.sessions;
    this.settings = deps.settings;
    deps.settings.events.on('loaded', (settings) => {
      const { wallets, dropped } = parseStoredWallets(settings.wallets);
      this.stored = wallets;
      if (dropped > 0) deps.notices.push(noticeText.walletsDropped(dropped));
    });
    deps.sessions.events.on('opened', ({ session }) => {
      if (session.demo) this.demo = [];
    });
  }

  /** The profile the live session watches for ('demo' in demo mode), or null without a session. */
  profileId(): string | null {
    const session = this.sessions.current();
    return session ? (session.demo ? DEMO_PROFILE_ID : session.profileId) : null;
  }

  current(): WatchedWallet[] {
    const profileId = this.profileId();
    if (profileId === null) return [];
    return profileId === DEMO_PROFILE_ID ? [...this.demo] : this.stored.filter((w) => w.profileId === profileId);
  }

  find(id: string): WatchedWallet | undefined {
    return this.current().find((w) => w.id === id);
  }

  /** Applies `change` to the live profile's list and saves it (the settings file for an account). */
  change(change: (current: WatchedWallet[]) => WatchedWallet[]): Promise<WatchedWallet[]> {
    return this.writes.run('wallets', async () => {
      const profileId = this.profileId();
      if (profileId === null) return [];
      if (profileId === DEMO_PROFILE_ID) {
        this.demo = change([...this.demo]);
        return [...this.demo];
      }
      let next: WatchedWallet[] = [];
      await this.settings.update((s) => {
        const all = parseStoredWallets(s.wallets).wallets;
        next = change(all.filter((w) => w.profileId === profileId));
        return { ...s, wallets: [...all.filter((w) => w.profileId !== profileId), ...next].map((w) => ({ ...w })) };
      });
      this.stored = [...this.stored.filter((w) => w.profileId !== profileId), ...next];
      return next;
    });
  }
}
