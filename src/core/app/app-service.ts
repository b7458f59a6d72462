import { randomUUID } from 'node:crypto';
import type { AddressCheckView, AppInfo, AppStateView, BalanceView, OrderDetailView, OrderView, PresetInput, PresetView, QuoteView, SettingsPatch, SettingsView, SmartPriceView } from '../../shared/ipc.ts';
import type { ResourceType } from '../../shared/views.ts';
import { formatTrx } from '../../shared/format.ts';
import { tronAddressProblem } from '../api/address.ts';
import { ApiClient, type RequestEvent } from '../api/client.ts';
import { validateAddress, validateFastRecover, validateTimedOrder } from '../api/validation.ts';
import { systemClock, type Clock } from '../base/clock.ts';
import { AccountService, toStatus } from '../credentials/account-service.ts';
import { KeychainError, type CredentialStore } from '../credentials/credential-store.ts';
import { SecretRegistry } from '../base/secret-registry.ts';
import type { PowerEvents } from '../base/power-events.ts';
import type { BalanceSnapshot } from '../orders/order-events.ts';
import type { OrderIntent, TrackedOrder } from '../orders/order-types.ts';
import { submitPaidOrderWithCause, type SubmitOutcome } from '../orders/submit-paid-order.ts';
import { defaultPresets, parseStoredPresets, presetSchema, type Preset } from '../presets/preset.ts';
import type { Timing } from '../simulator/index.ts';
import type { Settings } from '../settings/settings-schema.ts';
import { SettingsStore } from '../settings/settings-store.ts';
import { buildTrayModel, type TrayAction, type TrayModel } from './tray-model.ts';
import { userMessage } from '../base/domain-error.ts';
import { AppError, notConnected } from './app-error.ts';
import { noDesktop, type DesktopPorts, type EventSink, type Notifier } from './ports.ts';
import { runPreset } from './preset-runner.ts';
import { Session, type SessionDeps } from './session.ts';
import { reclaimedSerials, toOrderView, toPresetView, toQuoteView, toSettingsView, toSmartPriceView } from './to-views.ts';

export interface AppLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface AppServiceDeps {
  info: AppInfo;
  userDataDir: string;
  credentialStore: CredentialStore;
  notifier: Notifier;
  events: EventSink;
  desktop?: DesktopPorts;
  clock?: Clock;
  power?: PowerEvents;
  secrets?: SecretRegistry;
  log?: AppLog;
  logFile?: string | null;
  /** Demo order timings (tests and benchmarks make them short). */
  demoTiming?: Partial<Timing>;
  timeoutMs?: number;
  /** Every API request the live session sends (endpoint, attempt, status): for logs and tests. */
  onApiRequest?: (event: RequestEvent) => void;
  onTray?: (model: TrayModel) => void;
  newId?: () => string;
}

const silentLog: AppLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const QUOTE_REFRESH_MS = 5 * 60_000;

/**
 * The one facade that the IPC handler table, the tray and the notifications go
 * through. It owns the mode (welcome, demo, account), the live Session, the
 * settings and presets, and turns core events into view events for the
 * renderer and a model for the tray. No Electron here: the glue injects ports.
 */
export class AppService {
  private readonly deps: AppServiceDeps;
  private readonly clock: Clock;
  private readonly secrets: SecretRegistry;
  private readonly log: AppLog;
  private readonly desktop: DesktopPorts;
  private readonly settingsStore: SettingsStore;
  private readonly accounts: AccountService;
  private readonly newId: () => string;
  private settings!: Settings;
  /** The account's presets (settings file). */
  private accountPresets: Preset[] = [];
  /** Demo mode's presets live only as long as the demo: they must never buy on a real account. */
  private demoPresets: Preset[] = [];
  private presetWrites: Promise<unknown> = Promise.resolve();
  private session: Session | null = null;
  private switching: Promise<unknown> = Promise.resolve();
  private balance: BalanceSnapshot | null = null;
  private offline = false;
  private paused: { paused: boolean; reason: string | null } = { paused: false, reason: null };
  private readonly notices: string[] = [];
  private keychain: { available: boolean; message: string | null } = { available: true, message: null };
  private readonly busyPresets = new Set<string>();
  private readonly quotes = new Map<string, bigint>();
  private quotesAt = 0;
  private quoting = false;

  constructor(deps: AppServiceDeps) {
    this.deps = deps;
    this.clock = deps.clock ?? systemClock;
    this.secrets = deps.secrets ?? new SecretRegistry();
    this.log = deps.log ?? silentLog;
    this.desktop = deps.desktop ?? noDesktop;
    this.newId = deps.newId ?? randomUUID;
    this.settingsStore = new SettingsStore({ dir: deps.userDataDir, now: () => this.clock.now() });
    this.accounts = new AccountService({
      store: deps.credentialStore,
      settings: this.settingsStore,
      now: () => this.clock.now(),
      verify: (baseUrl, credentials) => this.verify(baseUrl, credentials),
      newId: this.newId,
    });
  }

  // ── lifecycle ──────────────────────────────────────────────────────────

  /** Loads settings, probes the keychain and reopens the last mode (demo or the active account). */
  async start(): Promise<void> {
    const loaded = await this.settingsStore.load();
    this.settings = loaded.settings;
    if (loaded.notice) this.notices.push(loaded.notice);
    this.loadPresets();
    await this.probeKeychain();
    try {
      if (this.settings.demo) await this.openDemo();
      else await this.openActiveAccount();
    } catch (err) {
      this.log.error({ err }, 'could not reopen the last session');
      this.notices.push(`Could not reconnect: ${err instanceof Error ? err.message : 'unknown error'}`);
    }
    this.publishState();
  }

  async stop(): Promise<void> {
    await this.closeSession();
  }

  // ── state ──────────────────────────────────────────────────────────────

  getInfo(): AppInfo {
    return { ...this.deps.info };
  }

  async getState(): Promise<AppStateView> {
    // From the settings kept in memory (reloaded after every account change): no disk read on the first-render path.
    const status = toStatus(this.settings);
    const mode = this.session?.demo ? 'demo' : this.session ? 'account' : 'welcome';
    return {
      mode,
      profiles: status.profiles.map((p) => ({ ...p })),
      activeProfileId: status.activeProfileId,
      balance: this.balanceView(),
      polling: { ...this.paused },
      keychain: { ...this.keychain },
      notices: [...this.notices],
    };
  }

  async startDemo(): Promise<AppStateView> {
    await this.serial(async () => {
      await this.closeSession();
      await this.openDemo();
      await this.accounts.setDemo(true);
      this.settings = { ...this.settings, demo: true };
    });
    return this.publishState();
  }

  async stopDemo(): Promise<AppStateView> {
    await this.serial(async () => {
      // Already out of the demo (a second click): nothing to switch, and never a second account session.
      if (this.session && !this.session.demo) return;
      await this.closeSession();
      await this.accounts.setDemo(false);
      this.settings = { ...this.settings, demo: false };
      await this.openActiveAccount();
    });
    return this.publishState();
  }

  async connectAccount(input: { profileId?: string; name?: string; baseUrl: string; apiKey: string; apiSecret: string }): Promise<{ state: AppStateView; warnings: string[] }> {
    const result = await this.accounts.connect(input);
    await this.serial(async () => {
      await this.closeSession();
      await this.reloadSettings();
      await this.openActiveAccount();
    });
    this.keychain = { available: true, message: null };
    return { state: await this.publishState(), warnings: result.warnings };
  }

  async removeCredentials(profileId: string): Promise<AppStateView> {
    await this.serial(async () => {
      if (this.session && !this.session.demo && this.session.profileId === profileId) await this.closeSession();
      await this.accounts.remove(profileId);
      await this.reloadSettings();
    });
    return this.publishState();
  }

  async setActiveProfile(profileId: string): Promise<AppStateView> {
    await this.serial(async () => {
      await this.accounts.setActive(profileId);
      await this.accounts.setDemo(false);
      await this.closeSession();
      await this.reloadSettings();
      await this.openActiveAccount();
    });
    return this.publishState();
  }

  async refreshBalance(): Promise<BalanceView> {
    const session = this.requireSession();
    let reply;
    try {
      reply = await session.api.userInfo();
    } catch (err) {
      // The last known balance stays on screen, marked stale, and the tray shows the offline icon.
      if (this.session === session) {
        this.offline = true;
        this.publishBalance();
      }
      throw err;
    }
    if (this.session !== session) throw new AppError('refused', 'The account changed while the balance was loading.');
    this.onBalance({ trxSun: reply.data.trxSun, usdtMicros: reply.data.usdtMicros, at: this.clock.now() });
    const view = this.balanceView();
    if (!view) throw new AppError('no_balance', 'No balance yet.');
    return view;
  }

  // ── quotes and orders ──────────────────────────────────────────────────

  checkAddress(address: string): AddressCheckView {
    const problem = tronAddressProblem(address.trim());
    return problem === null ? { valid: true, reason: null } : { valid: false, reason: `Not a valid TRON address (${problem}).` };
  }

  async quoteTimed(type: ResourceType, count: number, period: string): Promise<QuoteView> {
    const session = this.requireSession();
    return toQuoteView((await session.api.queryPrice({ type, count, period })).data);
  }

  async quoteFastRecover(resourceType: ResourceType, count: number): Promise<QuoteView> {
    const session = this.requireSession();
    return toQuoteView((await session.api.queryFastRecoverPrice(resourceType, count)).data);
  }

  async buyTimed(request: { type: ResourceType; address: string; count: number; period: string }): Promise<OrderView> {
    const session = this.requireSession();
    const timed = { address: request.address.trim(), count: request.count, period: request.period };
    validateTimedOrder(request.type, timed, request.type === 'net' ? 'buy_net' : 'buy_energy');
    return this.submit(session, { kind: request.type, profileId: session.profileId, resource: request.type, ...timed });
  }

  async buyFastRecover(request: { resourceType: ResourceType; address: string; count: number }): Promise<OrderView> {
    const session = this.requireSession();
    const fast = { address: request.address.trim(), count: request.count, resourceType: request.resourceType };
    validateFastRecover(fast, 'buy_fast_recover');
    return this.submit(session, { kind: 'fast_recover', profileId: session.profileId, address: fast.address, resource: fast.resourceType, count: fast.count });
  }

  async activateAddress(address: string): Promise<OrderView> {
    const session = this.requireSession();
    validateAddress(address.trim(), 'active_account');
    return this.submit(session, { kind: 'activation', profileId: session.profileId, address: address.trim() });
  }

  async reclaim(localId: string): Promise<OrderView> {
    const session = this.requireSession();
    const order = session.journal.get(localId);
    if (!order) throw new AppError('not_found', 'That order is not in the order list.');
    const view = toOrderView(order, reclaimedSerials(session.journal.list()));
    if (!view.reclaimable || !order.orderSn) {
      throw new AppError('invalid_request', 'Only a finished timed order that was not reclaimed yet can be reclaimed.');
    }
    const result = await this.submit(session, { kind: 'reclaim', profileId: session.profileId, address: order.address, orderSn: order.orderSn });
    // The original order is no longer reclaimable: tell the dashboard.
    this.emitOrder(session, order.localId);
    return result;
  }

  listOrders(): OrderView[] {
    if (!this.session) return [];
    const orders = this.session.journal.list();
    const reclaimed = reclaimedSerials(orders);
    return orders.map((o) => toOrderView(o, reclaimed)).sort((a, b) => b.createdAt - a.createdAt);
  }

  async getOrderDetail(localId: string): Promise<OrderDetailView> {
    const session = this.requireSession();
    const order = session.journal.get(localId);
    if (!order) throw new AppError('not_found', 'That order is not in the order list.');
    const view = toOrderView(order, reclaimedSerials(session.journal.list()));
    if ((order.kind === 'energy' || order.kind === 'net') && order.orderSn) {
      const result = (await session.api.queryResult(order.orderSn)).data;
      return { order: view, subOrders: result.orders.map((s) => ({ ...s })), serverStatus: result.status };
    }
    if (order.kind === 'fast_recover' && order.orderId !== null) {
      const result = (await session.api.queryFastRecoverOrder(order.orderId)).data;
      const subOrders = result.delegateTxid ? [{ fromAddress: '', txId: result.delegateTxid, count: result.actualRecoverCount ?? result.energyCount }] : [];
      return { order: view, subOrders, serverStatus: result.status };
    }
    return { order: view, subOrders: [], serverStatus: order.serverStatus };
  }

  async getSmartPrice(): Promise<SmartPriceView> {
    const session = this.requireSession();
    return toSmartPriceView((await session.api.getSmartPrice()).data);
  }

  // ── presets ────────────────────────────────────────────────────────────

  listPresets(): PresetView[] {
    return this.presets().map((p) => toPresetView(p, this.busyPresets.has(p.id)));
  }

  async savePreset(input: PresetInput): Promise<PresetView[]> {
    const candidate = { ...input, id: input.id ?? this.newId(), name: input.name.trim(), address: input.address.trim() };
    const parsed = presetSchema.safeParse(candidate);
    if (!parsed.success) throw new AppError('invalid_request', `Invalid preset: ${parsed.error.issues[0]?.message ?? 'malformed'}`);
    const preset = parsed.data;
    if (preset.kind === 'timed') validateTimedOrder(preset.resource, { address: preset.address, count: preset.count, period: preset.period ?? '' }, 'local');
    else validateFastRecover({ address: preset.address, count: preset.count, resourceType: preset.resource }, 'local');
    await this.mutatePresets((current) =>
      current.some((p) => p.id === preset.id) ? current.map((p) => (p.id === preset.id ? preset : p)) : [...current, preset],
    );
    this.quotes.delete(preset.id);
    void this.refreshQuotes(true);
    return this.listPresets();
  }

  async addDefaultPresets(address: string): Promise<PresetView[]> {
    validateAddress(address.trim(), 'local');
    await this.mutatePresets((current) => [...current, ...defaultPresets(address.trim(), this.newId)]);
    void this.refreshQuotes(true);
    return this.listPresets();
  }

  async deletePreset(id: string): Promise<PresetView[]> {
    await this.mutatePresets((current) => current.filter((p) => p.id !== id));
    this.quotes.delete(id);
    return this.listPresets();
  }

  async reorderPresets(ids: string[]): Promise<PresetView[]> {
    await this.mutatePresets((current) => {
      const byId = new Map(current.map((p) => [p.id, p]));
      if (ids.length !== byId.size || !ids.every((id) => byId.has(id)) || new Set(ids).size !== ids.length) {
        throw new AppError('invalid_request', 'The new order must list every preset exactly once.');
      }
      return ids.map((id) => byId.get(id)!);
    });
    return this.listPresets();
  }

  /**
   * Runs a preset: locked while it is being submitted, so a double click in
   * the tray or the dashboard cannot buy twice. A refusal (over the cap, not
   * enough balance) is also notified, because a tray click has no window.
   */
  async runPreset(id: string): Promise<OrderView> {
    const session = this.requireSession();
    const preset = this.presets().find((p) => p.id === id);
    if (!preset) throw new AppError('not_found', 'That preset no longer exists.');
    if (this.busyPresets.has(id)) throw new AppError('refused', `“${preset.name}” is already being bought.`);
    this.busyPresets.add(id);
    this.publishPresets();
    let outcome: SubmitOutcome;
    try {
      outcome = await session.track(runPreset({ api: session.api, journal: session.journal, profileId: session.profileId }, preset));
    } catch (err) {
      // Nothing was sent: say why, also as a notification (a tray click has no window).
      this.notifyRefusal(preset, err);
      throw err;
    } finally {
      this.busyPresets.delete(id);
      this.publishPresets();
    }
    // Sent: the scheduler tracks it and notifies its end (also a failure or an unknown outcome).
    return this.settle(session, outcome);
  }

  // ── settings ───────────────────────────────────────────────────────────

  getSettings(): SettingsView {
    return toSettingsView(this.settings, this.deps.userDataDir);
  }

  async updateSettings(patch: SettingsPatch): Promise<SettingsView> {
    this.settings = await this.settingsStore.update((s) => ({ ...s, ...patch }));
    const scheduler = this.session?.scheduler;
    if (scheduler) {
      if (patch.pollIntervalSeconds !== undefined) scheduler.setBalanceInterval(patch.pollIntervalSeconds * 1000);
      if (patch.lowBalanceThresholdSun !== undefined) scheduler.setLowBalanceThreshold(BigInt(patch.lowBalanceThresholdSun));
      if (patch.notificationsEnabled !== undefined) scheduler.setNotificationsEnabled(patch.notificationsEnabled);
    }
    if (patch.launchAtLogin !== undefined) this.desktop.setLaunchAtLogin(patch.launchAtLogin);
    this.renderTray();
    return this.getSettings();
  }

  async openExternal(url: string): Promise<{ opened: boolean }> {
    return { opened: await this.desktop.openExternal(url) };
  }

  async openLogs(): Promise<{ opened: boolean }> {
    return { opened: this.deps.logFile ? await this.desktop.openPath(this.deps.logFile) : false };
  }

  // ── tray ───────────────────────────────────────────────────────────────

  trayModel(): TrayModel {
    const profile = this.settings?.profiles.find((p) => p.id === this.settings.activeProfileId) ?? null;
    const orders = this.session ? this.listOrders() : [];
    return buildTrayModel({
      mode: this.session?.demo ? 'demo' : this.session ? 'account' : 'welcome',
      profileName: profile?.name ?? null,
      balance: this.balance ? { trxSun: this.balance.trxSun, usdtMicros: this.balance.usdtMicros, updatedAt: this.balance.at } : null,
      lowBalanceThresholdSun: BigInt(this.settings?.lowBalanceThresholdSun ?? '0'),
      offline: this.offline,
      paused: this.paused.paused,
      presets: this.listPresets(),
      quotes: this.quotes,
      activeOrders: orders.filter((o) => o.state === 'submitting' || o.state === 'running'),
      now: this.clock.now(),
      staleAfterMs: this.staleAfterMs(),
    });
  }

  renderTray(): void {
    this.deps.onTray?.(this.trayModel());
  }

  /** Tray menu clicks other than window handling (which the glue does itself). */
  async trayAction(action: TrayAction): Promise<void> {
    switch (action.kind) {
      case 'runPreset':
        await this.runPreset(action.presetId).catch(() => undefined); // already notified
        return;
      case 'refresh':
        await this.refreshBalance().catch((err: unknown) => this.log.warn({ err }, 'refresh failed'));
        this.session?.scheduler.refreshBalance();
        return;
      case 'togglePause':
        if (this.session) {
          if (this.paused.paused) this.session.scheduler.resume();
          else this.session.scheduler.pause('paused from the tray');
        }
        return;
      default:
        return;
    }
  }

  // ── internals ──────────────────────────────────────────────────────────

  private requireSession(): Session {
    if (!this.session) throw notConnected();
    return this.session;
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.switching.then(task, task);
    this.switching = run.catch(() => undefined);
    return run;
  }

  private sessionDeps(): SessionDeps {
    return {
      clock: this.clock,
      secrets: this.secrets,
      ...(this.deps.power ? { power: this.deps.power } : {}),
      ...(this.deps.timeoutMs ? { timeoutMs: this.deps.timeoutMs } : {}),
      ...(this.deps.onApiRequest ? { onRequest: this.deps.onApiRequest } : {}),
    };
  }

  private sessionSettings() {
    return {
      balanceIntervalMs: this.settings.pollIntervalSeconds * 1000,
      lowBalanceThresholdSun: BigInt(this.settings.lowBalanceThresholdSun),
      notificationsEnabled: this.settings.notificationsEnabled,
    };
  }

  private async verify(baseUrl: string, credentials: { apiKey: string; apiSecret: string }) {
    const client = new ApiClient({ baseUrl, apiKey: credentials.apiKey, secret: credentials.apiSecret, ...(this.deps.timeoutMs ? { timeoutMs: this.deps.timeoutMs } : {}) });
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
      const message = err instanceof KeychainError ? err.message : 'The system keychain could not be used.';
      this.keychain = { available: false, message };
      this.log.warn({ kind: err instanceof KeychainError ? err.kind : 'unknown' }, 'keychain unavailable');
    }
  }

  private async openDemo(): Promise<void> {
    const session = await Session.openDemo(this.sessionDeps(), this.deps.userDataDir, this.sessionSettings(), this.deps.demoTiming);
    // So the demo's one-click top-ups work at once: defaults for a demo address, in memory only.
    this.demoPresets = defaultPresets(DEMO_ADDRESS, this.newId);
    this.attach(session);
  }

  private async openActiveAccount(): Promise<void> {
    let found;
    try {
      found = await this.accounts.credentialsFor();
    } catch (err) {
      if (err instanceof KeychainError) {
        this.keychain = { available: false, message: err.message };
        return;
      }
      throw err;
    }
    if (!found) return;
    const session = await Session.openAccount(
      this.sessionDeps(),
      { profileId: found.profile.id, baseUrl: found.profile.baseUrl, credentials: found.credentials, userDataDir: this.deps.userDataDir },
      this.sessionSettings(),
    );
    this.attach(session);
  }

  /** Listeners go on before start(): start() replays notices and unnotified finished orders. */
  private attach(session: Session): void {
    const events = session.scheduler.events;
    // A closed session's late events (a poll that was in flight) must not touch the new one's state or notify.
    const live = (): boolean => this.session === session;
    events.on('orderUpdated', (order) => {
      this.emitOrder(session, order.localId);
    });
    events.on('orderFinished', (n) => {
      if (!live()) return;
      this.deps.notifier.show({ title: n.title, body: n.body, localId: n.localId });
    });
    events.on('balance', (b) => {
      if (live()) this.onBalance(b);
    });
    events.on('lowBalance', ({ trxSun, thresholdSun }) => {
      if (!live()) return;
      this.deps.notifier.show({
        title: 'Low TRX balance',
        body: `Your balance is ${formatTrx(trxSun)}, below your threshold of ${formatTrx(thresholdSun)}.`,
      });
    });
    events.on('authRequired', ({ message }) => {
      if (!live()) return;
      this.notices.push(`Authentication failed: ${message} Polling is paused until you fix the credentials in Settings.`);
      this.publishState();
    });
    events.on('journalNotice', (notice) => {
      if (!live()) return;
      this.notices.push(notice.message);
      this.deps.events.emit('app:notice', { level: 'warning', message: notice.message });
    });
    events.on('pollError', (e) => {
      if (!live()) return;
      if (e.localId === null && !this.offline) {
        this.offline = true;
        this.publishBalance();
      }
    });
    events.on('pauseChanged', ({ paused, reasons }) => {
      if (!live()) return;
      this.paused = { paused, reason: paused ? reasons.join(', ') : null };
      this.publishState();
    });
    this.session = session;
    session.scheduler.start();
  }

  private async closeSession(): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.session = null;
    this.balance = null;
    this.offline = false;
    this.paused = { paused: false, reason: null };
    this.quotes.clear();
    this.quotesAt = 0;
    await session.close();
  }

  private async reloadSettings(): Promise<void> {
    this.settings = (await this.settingsStore.load()).settings;
    this.loadPresets();
  }

  private loadPresets(): void {
    const { presets, dropped } = parseStoredPresets(this.settings.presets);
    this.accountPresets = presets;
    if (dropped > 0) this.notices.push(`${dropped} saved preset(s) were invalid and left out.`);
  }

  /** The presets of the current mode. */
  private presets(): Preset[] {
    return this.session?.demo ? this.demoPresets : this.accountPresets;
  }

  /**
   * One preset change at a time, each computed from the list as the previous
   * change left it, so overlapping edits never drop one another.
   */
  private mutatePresets(change: (current: Preset[]) => Preset[]): Promise<void> {
    const run = this.presetWrites.then(async () => {
      if (this.session?.demo) {
        this.demoPresets = change(this.demoPresets);
      } else {
        let next: Preset[] = [];
        this.settings = await this.settingsStore.update((s) => {
          next = change(parseStoredPresets(s.presets).presets);
          return { ...s, presets: next.map((p) => ({ ...p })) };
        });
        this.accountPresets = next;
      }
      this.publishPresets();
    });
    this.presetWrites = run.catch(() => undefined);
    return run;
  }

  private async submit(session: Session, intent: OrderIntent): Promise<OrderView> {
    return this.settle(session, await session.track(submitPaidOrderWithCause({ api: session.api, journal: session.journal }, intent)));
  }

  /**
   * After a paid call: track and publish the journaled order; when the call
   * failed or its outcome is unknown, throw its error so the form says so in
   * words (the order list shows the record too).
   */
  private settle(session: Session, outcome: SubmitOutcome): OrderView {
    session.scheduler.track(outcome.order.localId);
    this.emitOrder(session, outcome.order.localId);
    const { state, error } = outcome.order;
    if (state === 'failed' || state === 'outcome_unknown') {
      throw outcome.cause ?? new AppError(state === 'failed' ? 'failed' : 'outcome_unknown', error ?? 'The order did not go through.');
    }
    return this.orderView(session, outcome.order);
  }

  private orderView(session: Session, order: TrackedOrder): OrderView {
    return toOrderView(session.journal.get(order.localId) ?? order, reclaimedSerials(session.journal.list()));
  }

  private emitOrder(session: Session, localId: string): void {
    if (this.session !== session) return;
    const order = session.journal.get(localId);
    if (!order) return;
    this.deps.events.emit('app:order-updated', this.orderView(session, order));
    this.renderTray();
  }

  private onBalance(b: BalanceSnapshot): void {
    this.balance = b;
    this.offline = false;
    this.publishBalance();
    void this.refreshQuotes(false);
  }

  private staleAfterMs(): number {
    const interval = (this.settings?.pollIntervalSeconds ?? 60) * 1000;
    return Math.max(2 * interval, interval + 30_000);
  }

  private balanceView(): BalanceView | null {
    if (!this.balance) return null;
    return {
      trxSun: this.balance.trxSun.toString(),
      usdtMicros: this.balance.usdtMicros.toString(),
      updatedAt: this.balance.at,
      stale: this.offline || this.clock.now() - this.balance.at > this.staleAfterMs(),
      low: this.balance.trxSun < BigInt(this.settings.lowBalanceThresholdSun),
    };
  }

  private publishBalance(): void {
    const view = this.balanceView();
    if (view) this.deps.events.emit('app:balance', view);
    this.renderTray();
  }

  private publishPresets(): void {
    this.deps.events.emit('app:presets', this.listPresets());
    this.renderTray();
  }

  private async publishState(): Promise<AppStateView> {
    const state = await this.getState();
    this.deps.events.emit('app:state', state);
    // The presets and orders shown depend on the mode and the account.
    this.deps.events.emit('app:presets', this.listPresets());
    this.deps.events.emit('app:orders', this.listOrders());
    this.renderTray();
    return state;
  }

  private notifyRefusal(preset: Preset, err: unknown): void {
    // The same words the dashboard would show: unexpected errors stay generic.
    const message = userMessage(err);
    this.deps.notifier.show({ title: `Top-up not bought: ${preset.name}`, body: message });
  }

  /** Fresh quotes for the tray's preset labels: at most every 5 minutes, one at a time. */
  private async refreshQuotes(force: boolean): Promise<void> {
    const session = this.session;
    if (!session || this.quoting || this.presets().length === 0) return;
    if (!force && this.clock.now() - this.quotesAt < QUOTE_REFRESH_MS) return;
    this.quoting = true;
    this.quotesAt = this.clock.now();
    try {
      for (const preset of this.presets()) {
        if (this.session !== session) return;
        try {
          const amount =
            preset.kind === 'timed'
              ? (await session.api.queryPrice({ type: preset.resource, count: preset.count, period: preset.period ?? '' })).data.amountSun
              : (await session.api.queryFastRecoverPrice(preset.resource, preset.count)).data.amountSun;
          this.quotes.set(preset.id, amount);
        } catch {
          this.quotes.delete(preset.id);
        }
      }
    } finally {
      this.quoting = false;
      this.renderTray();
    }
  }
}

/** A valid address for the demo's default presets (the simulator treats every valid address as activated). */
export const DEMO_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
