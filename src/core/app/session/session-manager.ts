// app/session: the open account or demo: profiles, settings, the per-profile lists, the TRON node connection, the service balance.
import type { AppMode } from '../../../shared/ipc.ts';
import type { RequestEvent } from '../../api/client.ts';
import { ApiClient } from '../../api/client.ts';
import type { Clock } from '../../base/clock.ts';
import { KeyedQueue } from '../../base/keyed-queue.ts';
import type { PowerEvents } from '../../base/power-events.ts';
import type { SecretRegistry } from '../../base/secret-registry.ts';
import { TypedEmitter } from '../../base/typed-emitter.ts';
import { AccountService, type ConnectInput } from '../../credentials/account-service.ts';
import { KeychainError, type CredentialStore } from '../../credentials/credential-store.ts';
import type { Timing } from '../../simulator/index.ts';
import { notConnected } from '../app-error.ts';
import { connectApproval, removeCredentialsApproval } from '../approvals/approval-requests.ts';
import type { Approvals } from '../approvals/approvals.ts';
import { noticeText, pauseReasonsText, type Notices } from '../notify/notices.ts';
import { msg, type Message } from '../../../shared/i18n/message.ts';
import { userText } from '../../base/domain-error.ts';
import { Session, type DemoNodeOptions, type SessionDeps } from './session.ts';
import type { SettingsService } from './settings-service.ts';

export interface AppLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface SessionManagerDeps {
  userDataDir: string;
  credentialStore: CredentialStore;
  clock: Clock;
  secrets: SecretRegistry;
  log: AppLog;
  settings: SettingsService;
  notices: Notices;
  approvals: Approvals;
  newId: () => string;
  power?: PowerEvents;
  timeoutMs?: number;
  onApiRequest?: (event: RequestEvent) => void;
  demoTiming?: Partial<Timing>;
  demoNode?: DemoNodeOptions;
  /** The live session's client follows a clock offset of more than 15 minutes. */
  onClockOffset?: (offsetSeconds: number) => void;
  /** Named in the profile lock: "Energy Tray" (the app) or "energy-tray daemon". */
  lockProgram?: string;
  /** Headless: the one account this process runs (see PinnedAccount). */
  pinned?: PinnedAccount;
}

/**
 * A headless runtime (the daemon) runs one account, chosen on its command
 * line: never the demo and never the settings' active profile. Its
 * credentials come from the credential store under the profile's id (the
 * keychain, or the environment through a store of its own); its address may
 * differ from the profile's (ENERGY_TRAY_BASE_URL with environment
 * credentials). A failure to open it is thrown, not turned into a notice.
 */
export interface PinnedAccount {
  profileId: string;
  baseUrl: string;
}

/** opened: listeners go on here, before the scheduler starts (start() replays notices and finished orders). */
interface SessionEvents {
  opened: { session: Session; live: () => boolean };
  closed: Session;
  /** What the state shows changed: a switch ended, authentication failed, polling paused or resumed (AppState publishes). */
  changed: void;
}

/**
 * The mode (welcome, demo, account) and the one live Session: opening and
 * closing it, one switch at a time, and the keychain's health. The other
 * services listen to `events` to attach to a new session and to drop what
 * belonged to a closed one.
 */
export class SessionManager {
  readonly accounts: AccountService;
  readonly events = new TypedEmitter<SessionEvents>();
  private readonly deps: SessionManagerDeps;
  /** One switch at a time: each starts from the session the previous one left. */
  private readonly switches = new KeyedQueue();
  private session: Session | null = null;
  private paused: { paused: boolean; reason: Message | null } = { paused: false, reason: null };
  private keychain: { available: boolean; message: Message | null } = { available: true, message: null };

  constructor(deps: SessionManagerDeps) {
    this.deps = deps;
    this.accounts = new AccountService({
      store: deps.credentialStore,
      settings: deps.settings.store,
      now: () => deps.clock.now(),
      verify: (baseUrl, credentials) => this.verify(baseUrl, credentials),
      newId: deps.newId,
    });
  }

  current(): Session | null {
    return this.session;
  }

  require(): Session {
    if (!this.session) throw notConnected();
    return this.session;
  }

  mode(): AppMode {
    return this.session?.demo ? 'demo' : this.session ? 'account' : 'welcome';
  }

  polling(): { paused: boolean; reason: Message | null } {
    return { ...this.paused };
  }

  keychainStatus(): { available: boolean; message: Message | null } {
    return { ...this.keychain };
  }

  /** Probes the keychain and reopens the last mode (demo or the active account), or opens the pinned account. */
  async start(): Promise<void> {
    if (this.deps.pinned) return this.switch(() => this.openPinned(this.deps.pinned as PinnedAccount));
    await this.probeKeychain();
    try {
      if (this.deps.settings.current.demo) await this.openDemo();
      else await this.openActiveAccount();
    } catch (err) {
      this.deps.log.error({ err }, 'could not reopen the last session');
      this.deps.notices.push(noticeText.reconnectFailed(userText(err)));
    }
    this.announce();
  }

  stop(): Promise<void> {
    return this.close();
  }

  startDemo(): Promise<void> {
    return this.switch(async () => {
      await this.close();
      await this.openDemo();
      await this.accounts.setDemo(true);
      this.deps.settings.remember({ demo: true });
    });
  }

  stopDemo(): Promise<void> {
    return this.switch(async () => {
      // Already out of the demo (a second click): nothing to switch, and never a second account session.
      if (this.session && !this.session.demo) return;
      await this.close();
      await this.accounts.setDemo(false);
      this.deps.settings.remember({ demo: false });
      await this.openActiveAccount();
    });
  }

  /** Asks the person (main-drawn) before anything is sent to the host, new or changed. */
  async connect(input: ConnectInput): Promise<Message[]> {
    const language = this.deps.approvals.language();
    const result = await this.accounts.connect(input, (target) => this.deps.approvals.require(connectApproval(target, language)));
    await this.serial(async () => {
      await this.close();
      await this.deps.settings.reload();
      await this.openActiveAccount();
    });
    this.keychain = { available: true, message: null };
    this.announce();
    return result.warnings;
  }

  async removeCredentials(profileId: string): Promise<void> {
    const profile = this.deps.settings.current.profiles.find((p) => p.id === profileId);
    // An unknown profile is refused below, by the account service, without asking.
    const language = this.deps.approvals.language();
    if (profile) await this.deps.approvals.require(removeCredentialsApproval(profile.name, profile.baseUrl, language));
    return this.switch(async () => {
      if (this.session && !this.session.demo && this.session.profileId === profileId) await this.close();
      await this.accounts.remove(profileId);
      await this.deps.settings.reload();
    });
  }

  setActiveProfile(profileId: string): Promise<void> {
    return this.switch(async () => {
      await this.accounts.setActive(profileId);
      await this.accounts.setDemo(false);
      await this.close();
      await this.deps.settings.reload();
      await this.openActiveAccount();
    });
  }

  private serial(task: () => Promise<void>): Promise<void> {
    return this.switches.run('session', task);
  }

  /** A switch the dashboard asked for: once it is done, the state is announced. */
  private async switch(task: () => Promise<void>): Promise<void> {
    await this.serial(task);
    this.announce();
  }

  private announce(): void {
    this.events.emit('changed', undefined);
  }

  private sessionDeps(): SessionDeps {
    const { deps } = this;
    return {
      clock: deps.clock,
      secrets: deps.secrets,
      ...(deps.power ? { power: deps.power } : {}),
      ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
      ...(deps.onApiRequest ? { onRequest: deps.onApiRequest } : {}),
      ...(deps.onClockOffset ? { onClockOffset: deps.onClockOffset } : {}),
      ...(deps.lockProgram ? { lockProgram: deps.lockProgram } : {}),
    };
  }

  private async verify(baseUrl: string, credentials: { apiKey: string; apiSecret: string }) {
    const timeout = this.deps.timeoutMs ? { timeoutMs: this.deps.timeoutMs } : {};
    const onClockOffset = this.deps.onClockOffset ? { onClockOffset: this.deps.onClockOffset } : {};
    const client = new ApiClient({ baseUrl, apiKey: credentials.apiKey, secret: credentials.apiSecret, ...timeout, ...onClockOffset });
    try {
      return (await client.userInfo()).data;
    } finally {
      await client.close();
    }
  }

  private async probeKeychain(): Promise<void> {
    try {
      await this.deps.credentialStore.get('energy-tray-probe');
      this.keychain = { available: true, message: null };
    } catch (err) {
      this.keychain = { available: false, message: err instanceof KeychainError ? err.text : msg('errors:keychain.failed') };
      this.deps.log.warn({ kind: err instanceof KeychainError ? err.kind : 'unknown' }, 'keychain unavailable');
    }
  }

  private async openDemo(): Promise<void> {
    const { deps } = this;
    const demo = { ...(deps.demoTiming ? { timing: deps.demoTiming } : {}), ...(deps.demoNode ? { node: deps.demoNode } : {}) };
    this.attach(await Session.openDemo(this.sessionDeps(), deps.userDataDir, deps.settings.sessionSettings(), demo));
  }

  private async openPinned(pinned: PinnedAccount): Promise<void> {
    const credentials = await this.deps.credentialStore.get(pinned.profileId);
    if (!credentials) throw notConnected();
    const account = { ...pinned, credentials, userDataDir: this.deps.userDataDir };
    this.attach(await Session.openAccount(this.sessionDeps(), account, this.deps.settings.sessionSettings()));
  }

  private async openActiveAccount(): Promise<void> {
    let found;
    try {
      found = await this.accounts.credentialsFor();
    } catch (err) {
      if (err instanceof KeychainError) {
        this.keychain = { available: false, message: err.text };
        return;
      }
      throw err;
    }
    if (!found) return;
    const { profile, credentials } = found;
    const account = { profileId: profile.id, baseUrl: profile.baseUrl, credentials, userDataDir: this.deps.userDataDir };
    this.attach(await Session.openAccount(this.sessionDeps(), account, this.deps.settings.sessionSettings()));
  }

  /** Listeners go on before start(): start() replays notices and unnotified finished orders. */
  private attach(session: Session): void {
    // A closed session's late events (a poll that was in flight) must not touch the new one's state or notify.
    const live = (): boolean => this.session === session;
    this.events.emit('opened', { session, live });
    const events = session.scheduler.events;
    events.on('journalNotice', (notice) => {
      if (live()) this.deps.notices.announce(notice.text);
    });
    events.on('pauseChanged', ({ paused, reasons }) => {
      if (!live()) return;
      this.paused = { paused, reason: paused ? pauseReasonsText(reasons) : null };
      this.announce();
    });
    this.session = session;
    session.scheduler.start();
  }

  private async close(): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.session = null;
    this.paused = { paused: false, reason: null };
    this.events.emit('closed', session);
    await session.close();
  }
}
