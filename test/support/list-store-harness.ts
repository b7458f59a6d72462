import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Approvals } from '../../src/core/app/approvals/approvals.ts';
import { Notices } from '../../src/core/app/notify/notices.ts';
import { ProfileList } from '../../src/core/app/session/profile-list.ts';
import type { SessionManager } from '../../src/core/app/session/session-manager.ts';
import { SettingsService } from '../../src/core/app/session/settings-service.ts';
import { sqliteListStore } from '../../src/core/app/session/sqlite-list-store.ts';
import { fixedClock } from '../core/orders/journal-helpers.ts';
import { TypedEmitter } from '../../src/core/base/typed-emitter.ts';
import { OrderJournal } from '../../src/core/orders/order-journal.ts';
import { parseStoredRules, type Rule } from '../../src/core/rules/rule.ts';
import { tronAddressFromSeed } from '../../src/core/simulator/tron-address.ts';
import { parseStoredWallets, type WatchedWallet } from '../../src/core/wallets/watched-wallet.ts';
import { FakeApproval } from './fake-approval.ts';

export const T0 = 1_760_000_000_000;

export const wallet = (profileId: string, n: number, label = `Wallet ${n}`): WatchedWallet => ({
  id: `w${n}`,
  profileId,
  address: tronAddressFromSeed(`wallet-${n}`),
  label,
  plan: 'holder',
  exactRecipient: null,
  exactEnergy: null,
  topUpTransfers: 2,
});

export const rule = (profileId: string, n: number): Rule => ({
  id: `r${n}`,
  profileId,
  address: tronAddressFromSeed(`wallet-${n}`),
  name: `Rule ${n}`,
  enabled: true,
  keepTransfers: 2,
  topUpTransfers: 4,
  option: 'timed',
  period: '1h',
  dailyCapSun: '50000000',
  maxOrdersPerDay: 4,
  maxSunPerEnergy: null,
  createdAt: T0,
  unknownCheckedAt: T0,
});

/**
 * The app's two lists on a real settings file and a real order store, with a
 * session manager reduced to what the lists follow (an account's session
 * opening and closing): a start of the app is `start()`, its end `stop()`.
 */
export async function listHarness(settingsFile: Record<string, unknown> | null, dir = mkdtempSync(join(tmpdir(), 'lists-'))) {
  if (settingsFile) writeFileSync(join(dir, 'settings.json'), JSON.stringify(settingsFile));
  const notices = new Notices({ emit: () => undefined });
  const desktop = { openExternal: async () => false, openPath: async () => false, setLaunchAtLogin: () => undefined };
  const settings = new SettingsService({
    userDataDir: dir,
    clock: fixedClock(T0),
    desktop,
    notices,
    approvals: new Approvals(new FakeApproval()),
    session: () => null,
    language: () => 'en',
  });
  await settings.load();
  const events = new TypedEmitter<{ opened: { session: unknown; live: () => boolean }; closed: unknown }>();
  const sessions = events as unknown as SessionManager['events'];
  let live: { demo: boolean; profileId: string; journal: OrderJournal } | null = null;
  const kept: unknown[] = [];
  const common = { sessions: { events: sessions }, settings, clock: fixedClock(T0), onSettingsKept: (err: unknown) => kept.push(err) };
  const walletStore = sqliteListStore<WatchedWallet>({ ...common, list: 'wallets', parse: parseStoredWallets });
  const ruleStore = sqliteListStore<Rule>({ ...common, list: 'rules', parse: parseStoredRules });
  const dropped: number[] = [];
  const listSessions = { current: () => live, events: sessions };
  const wallets = new ProfileList<WatchedWallet>({ sessions: listSessions, store: walletStore, onDropped: (n) => dropped.push(n) });
  const rules = new ProfileList<Rule>({ sessions: listSessions, store: ruleStore, onDropped: (n) => dropped.push(n) });
  const journalDir = (profileId: string): string => join(dir, 'profiles', profileId);
  return {
    dir,
    settings,
    wallets,
    rules,
    dropped,
    kept,
    journal: () => live!.journal,
    settingsJson: (): { wallets: unknown[]; rules: unknown[] } => JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')),
    settingsBytes: (): number => statSync(join(dir, 'settings.json')).size,
    async start(profileId: string): Promise<void> {
      const journal = await OrderJournal.open(journalDir(profileId), fixedClock(T0));
      live = { demo: false, profileId, journal };
      events.emit('opened', { session: live, live: () => true });
    },
    stop(): void {
      if (!live) return;
      events.emit('closed', live);
      live.journal.close();
      live = null;
    },
  };
}
