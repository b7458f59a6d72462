// app/wallets: watched wallets, their readings, the burn price, savings and wallet top-ups.
import { parseStoredWallets, type WatchedWallet } from '../../wallets/watched-wallet.ts';
import { noticeText, type Notices } from '../notify/notices.ts';
import type { Clock } from '../../base/clock.ts';
import { ProfileList, type ProfileListStore } from '../session/profile-list.ts';
import type { SessionManager } from '../session/session-manager.ts';
import type { SettingsService } from '../session/settings-service.ts';
import { sqliteListStore } from '../session/sqlite-list-store.ts';

/** The settings file could not be rewritten after the move: harmless, the next start removes them. */
const kept = (notices: Notices) => (): void => notices.push(noticeText.walletsKeptInSettings());

/**
 * The watched wallets as stored, a per-profile list (profile-list.ts): every
 * account's in its order store (sqlite-list-store.ts, one row an entry),
 * the demo's in memory only, so a demo wallet can never be topped up on a real
 * account. `current()` is the live mode's list.
 */
export class WalletList extends ProfileList<WatchedWallet> {
  constructor(deps: {
    sessions: SessionManager;
    settings: SettingsService;
    notices: Notices;
    clock: Clock;
    store?: ProfileListStore<WatchedWallet>;
  }) {
    super({
      sessions: deps.sessions,
      store: deps.store ?? sqliteListStore({ ...deps, list: 'wallets', parse: parseStoredWallets, onSettingsKept: kept(deps.notices) }),
      onDropped: (dropped) => deps.notices.push(noticeText.walletsDropped(dropped)),
    });
  }
}
