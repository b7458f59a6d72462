import type {
  AddressCheckView,
  AppInfo,
  AppStateView,
  BalanceView,
  ExportResultView,
  OrderDetailView,
  OrderFilterView,
  OrderPageView,
  OrderQueryView,
  OrderView,
  PresetInput,
  PresetView,
  QuoteView,
  SettingsPatch,
  SettingsView,
  SmartPriceView,
  SpendTotalView,
  TotalsPeriodView,
} from '../../shared/ipc.ts';
import type { ResourceType } from '../../shared/views.ts';
import { toStatus } from '../credentials/account-service.ts';
import { wireAppServices, type AppServiceDeps, type AppServices } from './app-wiring.ts';
import type { AccountInput } from './session-manager.ts';
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
  private readonly desktop: AppServices['desktop'];
  private readonly log: AppServices['log'];
  private readonly settings: AppServices['settings'];
  private readonly sessions: AppServices['sessions'];
  private readonly balance: AppServices['balance'];
  private readonly orders: AppServices['orders'];
  private readonly commands: AppServices['commands'];
  private readonly reports: AppServices['reports'];
  private readonly presets: AppServices['presets'];
  private readonly tray: AppServices['tray'];
  private readonly notices: AppServices['notices'];

  constructor(deps: AppServiceDeps) {
    this.deps = deps;
    const services: AppServices = wireAppServices(deps, () => void this.publishState());
    ({ settings: this.settings, sessions: this.sessions, balance: this.balance, orders: this.orders } = services);
    ({ commands: this.commands, presets: this.presets, tray: this.tray, notices: this.notices, reports: this.reports } = services);
    this.desktop = services.desktop;
    this.log = services.log;
  }

  // ── lifecycle and state ────────────────────────────────────────────────

  /** Loads settings, probes the keychain and reopens the last mode (demo or the active account). */
  async start(): Promise<void> {
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

  /** A page of the order history and the total its filter matches. */
  queryOrders(query: OrderQueryView): OrderPageView {
    return this.orders.query(query);
  }

  orderTotals(filter: OrderFilterView, period: TotalsPeriodView): SpendTotalView[] {
    return this.reports.totals(filter, period);
  }

  /** The filtered history as CSV, saved where the person picks in the save dialog main draws. */
  exportOrders(filter: OrderFilterView): Promise<ExportResultView> {
    return this.reports.exportCsv(filter);
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

  runPreset(id: string): Promise<OrderView> {
    return this.presets.run(id);
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
  async trayAction(action: TrayAction): Promise<void> {
    const scheduler = this.sessions.current()?.scheduler;
    switch (action.kind) {
      case 'runPreset':
        await this.runPreset(action.presetId).catch(() => undefined); // already notified
        return;
      case 'refresh':
        await this.refreshBalance().catch((err: unknown) => this.log.warn({ err }, 'refresh failed'));
        this.sessions.current()?.scheduler.refreshBalance();
        return;
      case 'togglePause':
        if (scheduler) {
          if (this.sessions.polling().paused) scheduler.resume();
          else scheduler.pause('paused from the tray');
        }
        return;
      default:
        return;
    }
  }

  /** The state, presets and orders shown depend on the mode and the account: all three go out after a switch (the orders as a reset: the dashboard queries its page again). */
  private async publishState(): Promise<AppStateView> {
    const state = await this.getState();
    this.deps.events.emit('app:state', state);
    this.deps.events.emit('app:presets', this.listPresets());
    this.deps.events.emit('app:orders-reset', {});
    this.renderTray();
    return state;
  }
}
