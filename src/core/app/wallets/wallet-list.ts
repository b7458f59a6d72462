// app/wallets: watched wallets, their readings, the burn price, savings and wallet top-ups.
import { parseStoredWallets, type WatchedWallet } from '../../wallets/watched-wallet.ts';
import { noticeText, type Notices } from '../notify/notices.ts';
import { ProfileList, settingsListStore, type ProfileListStore } from '../session/profile-list.ts';
import type { SessionManager } from '../session/session-manager.ts';
import type { SettingsService } from '../session/settings-service.ts';

/**
 * The watched wallets as stored, a per-profile list (profile-list.ts): every
 * profile's in the settings file by default (each entry names its profile),
 * the demo's in memory only, so a demo wallet can never be topped up on a real
 * account. `current()` is the live mode's list.
 */
export class WalletList extends ProfileList<WatchedWallet> {
  constructor(deps: { sessions: SessionManager; settings: SettingsService; notices: Notices; store?: ProfileListStore<WatchedWallet> }) {
    super({
      sessions: deps.sessions,
      store: deps.store ?? settingsListStore(deps.settings, 'wallets', parseStoredWallets),
      onDropped: (dropped) => deps.notices.push(noticeText.walletsDropped(dropped)),
    });
  }
}
