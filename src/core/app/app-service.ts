import type {
  AddressCheckView,
  AppInfo,
  AppStateView,
  BalanceView,
  OrderDetailView,
  OrderView,
  PresetInput,
  PresetView,
  QuoteView,
  SettingsPatch,
  SettingsView,
  SmartPriceView,
  NodeSettingsView,
  SavingsView,
  TopUpOption,
  TopUpQuoteView,
  TransferEstimateView,
  WalletInput,
  WalletsView,
} from '../../shared/ipc.ts';
import type { ResourceType } from '../../shared/views.ts';
import { toStatus } from '../credentials/account-service.ts';
import { removeStaleTempFilesUnder } from './stale-temp-files.ts';
import { wireAppServices, type AppServiceDeps, type AppServices } from './app-wiring.ts';
import type { AccountInput } from './session-manager.ts';
import { runTrayAction } from './tray-actions.ts';
import type { TrayAction, TrayModel } from './tray-model.ts';

export type { AppServiceDeps } from './app-wiring.ts';
export type { AppLog } from './session-manager.ts';
export { DEMO_ADDRESS } from './preset-service.ts';

/**
 * The one object the IPC handler table, the tray and the composition root
 * call. It holds no state of its own: it builds the single-purpose services
 * (session, settings, balance, orders, presets, tray, notifications) and
 * routes each call to the one that owns it. No Electron here: the glue
 * injects ports (ports.ts).
 */
export class AppService {
  private readonly deps: AppServiceDeps;
  private readonly services: AppServices;
  private readonly desktop: AppServices['desktop'];
  private readonly log: AppServices['log'];
  private readonly settings: AppServices['settings'];
  private readonly sessions: AppServices['sessions'];
  private readonly balance: AppServices['balance'];
  private readonly orders: AppServices['orders'];
  private readonly commands: AppServices['commands'];
  private readonly presets: AppServices['presets'];
  private readonly tray: AppServices['tray'];
  private readonly notices: AppServices['notices'];
  private readonly node: AppServices['node'];
  private readonly wallets: AppServices['wallets'];
  private readonly topUps: AppServices['topUps'];
  private readonly savings: AppServices['savings'];

  constructor(deps: AppServiceDeps) {
    this.deps = deps;
    const services: AppServices = wireAppServices(deps, () => void this.publishState());
    this.services = services;
    ({ settings: this.settings, sessions: this.sessions, balance: this.balance, orders: this.orders } = services);
    ({ commands: this.commands, presets: this.presets, tray: this.tray, notices: this.notices } = services);
    ({ node: this.node, wallets: this.wallets, topUps: this.topUps, savings: this.savings } = services);
    this.desktop = services.desktop;
    this.log = services.log;
  }

  // ── lifecycle and state ────────────────────────────────────────────────

  /** Loads settings, probes the keychain and reopens the last mode (demo or the active account). */
  async start(): Promise<void> {
    const removed = await removeStaleTempFilesUnder(this.deps.userDataDir);
    if (removed > 0) this.log.info({ removed }, 'removed temp files left by an interrupted write');
    await this.settings.load();
    await this.sessions.start();
    await this.publishState();
  }

  async stop(): Promise<void> {
    await this.sessions.stop();
  }

  getInfo(): AppInfo {
    return { ...this.deps.info };
  }

  async getState(): Promise<AppStateView> {
    // From the settings kept in memory (reloaded after every account change): no disk read on the first-render path.
    const status = toStatus(this.settings.current);
    return {
      mode: this.sessions.mode(),
      profiles: status.profiles.map((p) => ({ ...p })),
      activeProfileId: status.activeProfileId,
      balance: this.balance.view(),
      polling: this.sessions.polling(),
      keychain: this.sessions.keychainStatus(),
      notices: this.notices.all(),
    };
  }

  async startDemo(): Promise<AppStateView> {
    await this.sessions.startDemo();
    return this.publishState();
  }

  async stopDemo(): Promise<AppStateView> {
    await this.sessions.stopDemo();
    return this.publishState();
  }

  async connectAccount(input: AccountInput): Promise<{ state: AppStateView; warnings: string[] }> {
    const warnings = await this.sessions.connect(input);
    return { state: await this.publishState(), warnings };
  }

  async removeCredentials(profileId: string): Promise<AppStateView> {
    await this.sessions.removeCredentials(profileId);
    return this.publishState();
  }

  async setActiveProfile(profileId: string): Promise<AppStateView> {
    await this.sessions.setActiveProfile(profileId);
    return this.publishState();
  }

  refreshBalance(): Promise<BalanceView> {
    return this.balance.refresh();
  }

  // ── quotes and orders ──────────────────────────────────────────────────

  checkAddress(address: string): AddressCheckView {
    return this.commands.checkAddress(address);
  }

  quoteTimed(type: ResourceType, count: number, period: string): Promise<QuoteView> {
    return this.commands.quoteTimed(type, count, period);
  }

  quoteFastRecover(resourceType: ResourceType, count: number): Promise<QuoteView> {
    return this.commands.quoteFastRecover(resourceType, count);
  }

  buyTimed(request: { type: ResourceType; address: string; count: number; period: string }): Promise<OrderView> {
    return this.commands.buyTimed(request);
  }

  buyFastRecover(request: { resourceType: ResourceType; address: string; count: number }): Promise<OrderView> {
    return this.commands.buyFastRecover(request);
  }

  activateAddress(address: string): Promise<OrderView> {
    return this.commands.activateAddress(address);
  }

  reclaim(localId: string): Promise<OrderView> {
    return this.commands.reclaim(localId);
  }

  listOrders(): OrderView[] {
    return this.orders.list();
  }

  getOrderDetail(localId: string): Promise<OrderDetailView> {
    return this.orders.detail(localId);
  }

  getSmartPrice(): Promise<SmartPriceView> {
    return this.orders.smartPrice();
  }

  // ── presets ────────────────────────────────────────────────────────────

  listPresets(): PresetView[] {
    return this.presets.list();
  }

  savePreset(input: PresetInput): Promise<PresetView[]> {
    return this.presets.save(input);
  }

  addDefaultPresets(address: string): Promise<PresetView[]> {
    return this.presets.addDefaults(address);
  }

  deletePreset(id: string): Promise<PresetView[]> {
    return this.presets.delete(id);
  }

  reorderPresets(ids: string[]): Promise<PresetView[]> {
    return this.presets.reorder(ids);
  }

  /** From the dashboard: main asks for approval first (a tray click does not: see trayAction). */
  runPreset(id: string): Promise<OrderView> {
    return this.presets.run(id, 'dashboard');
  }

  // ── wallets and the TRON node ──────────────────────────────────────────

  listWallets(): WalletsView {
    return this.wallets.list();
  }

  addWallet(wallet: WalletInput): Promise<{ wallets: WalletsView; warning: string | null }> {
    return this.wallets.add(wallet);
  }

  updateWallet(id: string, wallet: Omit<WalletInput, 'address'>): Promise<WalletsView> {
    return this.wallets.update(id, wallet);
  }

  removeWallet(id: string): Promise<WalletsView> {
    return this.wallets.remove(id);
  }

  refreshWallet(id: string): Promise<WalletsView> {
    return this.wallets.refresh(id);
  }

  estimateTransfer(request: { from: string; to: string; amountUsdt: string | null }): Promise<TransferEstimateView> {
    return this.wallets.estimate(request);
  }

  quoteTopUp(walletId: string, transfers: number): Promise<TopUpQuoteView> {
    return this.topUps.quote(walletId, transfers);
  }

  buyTopUp(request: { walletId: string; transfers: number; option: TopUpOption; maxSun: string }): Promise<OrderView> {
    return this.topUps.buy(request.walletId, request.transfers, request.option, BigInt(request.maxSun));
  }

  getNodeSettings(): Promise<NodeSettingsView> {
    return this.node.view();
  }

  setNodeUrl(nodeUrl: string | null): Promise<NodeSettingsView> {
    return this.node.setNodeUrl(nodeUrl);
  }

  setNodeKey(apiKey: string): Promise<NodeSettingsView> {
    return this.node.setNodeKey(apiKey);
  }

  clearNodeKey(): Promise<NodeSettingsView> {
    return this.node.clearNodeKey();
  }

  getSavings(): SavingsView {
    return this.savings.view();
  }

  // ── settings and the desktop ───────────────────────────────────────────

  getSettings(): SettingsView {
    return this.settings.view();
  }

  updateSettings(patch: SettingsPatch): Promise<SettingsView> {
    return this.settings.applyPatch(patch);
  }

  async openExternal(url: string): Promise<{ opened: boolean }> {
    return { opened: await this.desktop.openExternal(url) };
  }

  async openLogs(): Promise<{ opened: boolean }> {
    return { opened: this.deps.logFile ? await this.desktop.openPath(this.deps.logFile) : false };
  }

  // ── tray ───────────────────────────────────────────────────────────────

  trayModel(): TrayModel {
    return this.tray.model();
  }

  renderTray(): void {
    this.tray.render();
  }

  /** Tray menu clicks other than window handling (which the glue does itself). */
  trayAction(action: TrayAction): Promise<void> {
    return runTrayAction(action, this.services);
  }

  /** The state, presets and orders shown depend on the mode and the account: all three go out after a switch. */
  private async publishState(): Promise<AppStateView> {
    const state = await this.getState();
    this.deps.events.emit('app:state', state);
    this.deps.events.emit('app:presets', this.listPresets());
    this.deps.events.emit('app:orders', this.listOrders());
    this.deps.events.emit('app:wallets', this.listWallets());
    this.deps.events.emit('app:savings', this.getSavings());
    this.renderTray();
    return state;
  }
}
