import type { Message } from '../../shared/i18n/message.ts';
import type {
  AddressCheckView, AppInfo, AppStateView, BalanceView, DashboardTab, ExportResultView, OrderDetailView, OrderFilterView,
  OrderPageView, OrderQueryView, OrderView, PresetInput, PresetView, QuoteView, SettingsPatch, SettingsView, SmartPriceView,
  NodeSettingsView, SavingsView, SpendTotalView,
  SpendChartView,
  PriceHistoryView, TopUpOption, TopUpQuoteView, TotalsPeriodView, TransferEstimateView,
  WalletInput, WalletsView,
} from '../../shared/ipc.ts';
import type { ResourceType } from '../../shared/views.ts';
import type { WindowBounds } from './session/settings-service.ts';
import { toStatus } from '../credentials/account-service.ts';
import { removeStaleTempFilesUnder } from './session/stale-temp-files.ts';
import { wireAppServices, type AppServiceDeps, type AppServices } from './app-wiring.ts';
import type { AccountInput } from './session/session-manager.ts';
import type { RulesService } from './auto-top-up/rules-service.ts';
import type { AssistantAllowances } from './assistant/assistant-allowances.ts';
import { runTrayAction } from './tray/tray-actions.ts';
import { setPolling } from './tray/polling-control.ts';
import type { TrayAction, TrayModel } from './tray/tray-model.ts';

export type { AppServiceDeps } from './app-wiring.ts';
export type { AppLog } from './session/session-manager.ts';
export { DEMO_ADDRESS } from './presets/preset-service.ts';

/**
 * The one object the IPC handler table, the tray and the composition root call. It holds no
 * state: it builds the single-purpose services (app-wiring.ts) and routes each call to the one
 * that owns it. No Electron here: the glue injects ports (ports.ts).
 */
export class AppService {
  private readonly deps: AppServiceDeps;
  private readonly services: AppServices;

  constructor(deps: AppServiceDeps) {
    this.deps = deps;
    this.services = wireAppServices(deps, () => void this.publishState());
    deps.onWired?.(this.services);
  }

  // ── lifecycle and state ────────────────────────────────────────────────

  /** Loads settings, probes the keychain and reopens the last mode (demo or the active account). */
  async start(): Promise<void> {
    const removed = await removeStaleTempFilesUnder(this.deps.userDataDir);
    if (removed > 0) this.services.log.info({ removed }, 'removed temp files left by an interrupted write');
    await this.services.settings.load();
    await this.services.sessions.start();
    await this.publishState();
  }

  async stop(): Promise<void> {
    await this.services.rules.stop();
    await this.services.sessions.stop();
  }

  getInfo = (): AppInfo => ({ ...this.deps.info });

  async getState(): Promise<AppStateView> {
    // From the settings kept in memory (reloaded after every account change): no disk read on the first-render path.
    const status = toStatus(this.services.settings.current);
    return {
      mode: this.services.sessions.mode(),
      profiles: status.profiles.map((p) => ({ ...p })),
      activeProfileId: status.activeProfileId,
      balance: this.services.balance.view(),
      service: this.services.balance.healthView(),
      polling: this.services.sessions.polling(),
      keychain: this.services.sessions.keychainStatus(),
      notices: this.services.notices.all(),
    };
  }

  async startDemo(): Promise<AppStateView> {
    await this.services.sessions.startDemo();
    return this.publishState();
  }

  async stopDemo(): Promise<AppStateView> {
    await this.services.sessions.stopDemo();
    return this.publishState();
  }

  async connectAccount(input: AccountInput): Promise<{ state: AppStateView; warnings: Message[] }> {
    const warnings = await this.services.sessions.connect(input);
    return { state: await this.publishState(), warnings };
  }

  async removeCredentials(profileId: string): Promise<AppStateView> {
    await this.services.sessions.removeCredentials(profileId);
    return this.publishState();
  }

  async setActiveProfile(profileId: string): Promise<AppStateView> {
    await this.services.sessions.setActiveProfile(profileId);
    return this.publishState();
  }

  refreshBalance(): Promise<BalanceView> {
    return this.services.balance.refresh();
  }

  // ── quotes and orders ──────────────────────────────────────────────────

  checkAddress(address: string): AddressCheckView {
    return this.services.commands.checkAddress(address);
  }

  quoteTimed(type: ResourceType, count: number, period: string): Promise<QuoteView> {
    return this.services.commands.quoteTimed(type, count, period);
  }

  quoteFastRecover(resourceType: ResourceType, count: number): Promise<QuoteView> {
    return this.services.commands.quoteFastRecover(resourceType, count);
  }

  buyTimed(request: { type: ResourceType; address: string; count: number; period: string }): Promise<OrderView> {
    return this.services.commands.buyTimed(request);
  }

  buyFastRecover(request: { resourceType: ResourceType; address: string; count: number }): Promise<OrderView> {
    return this.services.commands.buyFastRecover(request);
  }

  activateAddress(address: string): Promise<OrderView> {
    return this.services.commands.activateAddress(address);
  }

  reclaim(localId: string): Promise<OrderView> {
    return this.services.commands.reclaim(localId);
  }

  /** A page of the order history and the total its filter matches. */
  queryOrders(query: OrderQueryView): OrderPageView {
    return this.services.orders.query(query);
  }

  orderTotals(filter: OrderFilterView, period: TotalsPeriodView): SpendTotalView[] {
    return this.services.reports.totals(filter, period);
  }

  spendChart(days: number): SpendChartView {
    return this.services.reports.spendChart(days);
  }

  priceHistory(days: number): PriceHistoryView {
    return this.services.reports.priceHistory(days);
  }

  /** The filtered history as CSV, saved where the person picks in the save dialog main draws. */
  exportOrders(filter: OrderFilterView): Promise<ExportResultView> {
    return this.services.reports.exportCsv(filter);
  }

  getOrderDetail(localId: string): Promise<OrderDetailView> {
    return this.services.orders.detail(localId);
  }

  getSmartPrice(): Promise<SmartPriceView> {
    return this.services.orders.smartPrice();
  }

  // ── presets ────────────────────────────────────────────────────────────
  listPresets(): PresetView[] {
    return this.services.presets.list();
  }

  savePreset(input: PresetInput): Promise<PresetView[]> {
    return this.services.presets.save(input);
  }

  addDefaultPresets(address: string): Promise<PresetView[]> {
    return this.services.presets.addDefaults(address);
  }

  deletePreset(id: string): Promise<PresetView[]> {
    return this.services.presets.delete(id);
  }

  reorderPresets(ids: string[]): Promise<PresetView[]> {
    return this.services.presets.reorder(ids);
  }

  /** From the dashboard: main asks for approval first (a tray click does not: see trayAction). */
  runPreset(id: string): Promise<OrderView> {
    return this.services.presets.run(id, 'dashboard');
  }

  // ── wallets and the TRON node ──────────────────────────────────────────
  listWallets(): WalletsView {
    return this.services.wallets.list();
  }

  addWallet(wallet: WalletInput): Promise<{ wallets: WalletsView; warning: Message | null }> {
    return this.services.wallets.add(wallet);
  }

  updateWallet(id: string, wallet: Omit<WalletInput, 'address'>): Promise<WalletsView> {
    return this.services.wallets.update(id, wallet);
  }

  removeWallet(id: string): Promise<WalletsView> {
    return this.services.wallets.remove(id);
  }

  refreshWallet(id: string): Promise<WalletsView> {
    return this.services.wallets.refresh(id);
  }

  estimateTransfer(request: { from: string; to: string; amountUsdt: string | null }): Promise<TransferEstimateView> {
    return this.services.wallets.estimate(request);
  }

  quoteTopUp(walletId: string, transfers: number): Promise<TopUpQuoteView> {
    return this.services.topUps.quote(walletId, transfers);
  }

  buyTopUp(request: { walletId: string; transfers: number; option: TopUpOption; maxSun: string }): Promise<OrderView> {
    return this.services.topUps.buy(request.walletId, request.transfers, request.option, BigInt(request.maxSun));
  }

  getNodeSettings(): Promise<NodeSettingsView> {
    return this.services.node.view();
  }

  setNodeUrl(nodeUrl: string | null): Promise<NodeSettingsView> {
    return this.services.node.setNodeUrl(nodeUrl);
  }

  setNodeKey(apiKey: string): Promise<NodeSettingsView> {
    return this.services.node.setNodeKey(apiKey);
  }

  clearNodeKey(): Promise<NodeSettingsView> {
    return this.services.node.clearNodeKey();
  }

  getSavings(): SavingsView {
    return this.services.savings.view();
  }

  /** Auto top-up rules and their decisions (issue 15): one service, the handler table calls it. */
  get rules(): RulesService {
    return this.services.rules;
  }

  /** What an AI assistant may buy (energy-tray mcp, issue 27): one service, the handler table calls it. */
  get assistant(): AssistantAllowances {
    return this.services.assistant;
  }

  // ── settings and the desktop ───────────────────────────────────────────
  getSettings(): SettingsView {
    return this.services.settings.view();
  }

  updateSettings(patch: SettingsPatch): Promise<SettingsView> {
    return this.services.settings.applyPatch(patch);
  }

  async openExternal(url: string): Promise<{ opened: boolean }> {
    return { opened: await this.services.desktop.openExternal(url) };
  }

  async openLogs(): Promise<{ opened: boolean }> {
    return { opened: this.deps.logFile ? await this.services.desktop.openPath(this.deps.logFile) : false };
  }

  /** The popover's "Open dashboard": main shows the window (and the tab or order); nothing else changes. */
  async openDashboard(tab: DashboardTab | null, localId: string | null): Promise<{ opened: boolean }> {
    this.services.desktop.showDashboard?.({ tab, localId });
    return { opened: this.services.desktop.showDashboard !== undefined };
  }

  /** Escape in the popover: main hides it; nothing else changes. */
  hidePopover(): { hidden: boolean } {
    this.services.desktop.hidePopover?.();
    return { hidden: this.services.desktop.hidePopover !== undefined };
  }

  /** The popover's Pause: main asks before pausing (see polling-control.ts); resuming asks nothing. */
  async setPollingPaused(paused: boolean): Promise<AppStateView> {
    await setPolling(paused, this.services, true);
    return this.getState();
  }

  /** Where main put the dashboard window last (kept in the settings; main restores it only onto a screen). */
  readonly dashboardPlace = { get: () => this.services.settings.dashboardBounds(), save: (b: WindowBounds) => this.services.settings.saveDashboardBounds(b) };

  // ── tray ───────────────────────────────────────────────────────────────
  trayModel(): TrayModel {
    return this.services.tray.model();
  }

  renderTray(): void {
    this.services.tray.render();
  }

  /** Tray menu clicks other than window handling (which the glue does itself). */
  trayAction(action: TrayAction): Promise<void> {
    return runTrayAction(action, this.services);
  }

  /** What is shown depends on the mode and account: all goes out after a switch (orders as a reset: queried again). */
  private async publishState(): Promise<AppStateView> {
    const state = await this.getState();
    this.deps.events.emit('app:state', state);
    this.deps.events.emit('app:presets', this.listPresets());
    this.deps.events.emit('app:orders-reset', {});
    this.deps.events.emit('app:wallets', this.listWallets());
    this.deps.events.emit('app:savings', this.getSavings());
    this.deps.events.emit('app:rules', this.services.rules.list());
    this.renderTray();
    return state;
  }
}
