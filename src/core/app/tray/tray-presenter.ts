// app/tray: the tray menu and its presenter, every tray click, and the window and polling actions.
import type { RulesView } from '../../../shared/ipc.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { Clock } from '../../base/clock.ts';
import { quotePreset } from '../../presets/preset-order.ts';
import type { RulesService } from '../auto-top-up/rules-service.ts';
import type { OrderViews } from '../orders/order-views.ts';
import type { TrayPort } from '../ports.ts';
import type { PresetService } from '../presets/preset-service.ts';
import type { AppState } from '../session/app-state.ts';
import type { BalanceTracker } from '../session/balance-tracker.ts';
import type { SessionManager } from '../session/session-manager.ts';
import type { SettingsService } from '../session/settings-service.ts';
import type { WalletService } from '../wallets/wallet-service.ts';
import type { WalletTopUps } from '../wallets/wallet-top-ups.ts';
import { buildTrayModel, type TrayModel, type TrayRule } from './tray-model.ts';

const QUOTE_REFRESH_MS = 5 * 60_000;

/** A rule's line in the tray: "Payroll: Auto top-up on · 2 today · 6.50 / 20.00 TRX". */
function toTrayRule(rule: RulesView['rules'][number]): TrayRule {
  const { id, name, state, ordersToday } = rule;
  return { id, name, state, ordersToday, spentTodaySun: BigInt(rule.spentTodaySun), dailyCapSun: BigInt(rule.dailyCapSun) };
}

export interface TrayPresenterDeps {
  clock: Clock;
  sessions: SessionManager;
  settings: SettingsService;
  balance: BalanceTracker;
  state: Pick<AppState, 'events'>;
  presets: Pick<PresetService, 'current' | 'list' | 'events'>;
  /** Orders submitting or running (from memory: no history is read). */
  orders: Pick<OrderViews, 'inProgress' | 'events'>;
  wallets: Pick<WalletService, 'onPublish'>;
  topUps: Pick<WalletTopUps, 'trayWallets'>;
  /** Auto top-up rules and whether all are paused. */
  rules: Pick<RulesService, 'list' | 'events'>;
  /** The app's language (Settings, else the system's). */
  language?: () => Language;
  tray?: TrayPort;
}

/**
 * The tray as the app's state shows it: builds the TrayModel (a pure function
 * of that state, tray-model.ts) and hands it to the tray port whenever a
 * service announces a change; no service calls the tray. Keeps the quote
 * shown beside each preset, refreshed at most every 5 minutes.
 */
export class TrayPresenter {
  private readonly deps: TrayPresenterDeps;
  private readonly quotes = new Map<string, bigint>();
  private quotesAt = 0;
  private quoting = false;

  constructor(deps: TrayPresenterDeps) {
    this.deps = deps;
    deps.sessions.events.on('closed', () => {
      this.quotes.clear();
      this.quotesAt = 0;
    });
    deps.presets.events.on('changed', ({ stale, requote }) => {
      for (const id of stale) this.quotes.delete(id);
      this.render();
      if (requote) void this.refreshQuotes(true);
    });
    const render = (): void => this.render();
    deps.state.events.on('published', render);
    deps.settings.events.on('applied', render);
    deps.balance.events.on('changed', render);
    deps.balance.events.on('fresh', () => void this.refreshQuotes(false));
    deps.orders.events.on('changed', render);
    deps.wallets.onPublish(render);
    deps.rules.events.on('changed', render);
  }

  model(): TrayModel {
    const { deps } = this;
    const balance = deps.balance.snapshot;
    const rules = deps.sessions.mode() === 'welcome' ? null : deps.rules.list();
    return buildTrayModel({
      mode: deps.sessions.mode(),
      profileName: deps.settings.activeProfileName(),
      balance: balance ? { trxSun: balance.trxSun, usdtMicros: balance.usdtMicros, updatedAt: balance.at } : null,
      lowBalanceThresholdSun: deps.settings.lowBalanceThresholdSun(),
      offline: deps.balance.isOffline,
      paused: deps.sessions.polling().paused,
      presets: deps.presets.list(),
      quotes: this.quotes,
      activeOrders: deps.orders.inProgress(),
      wallets: deps.sessions.mode() === 'welcome' ? [] : deps.topUps.trayWallets(),
      ...(rules ? { rules: rules.rules.map(toTrayRule), rulesPaused: rules.pausedAll } : {}),
      now: deps.clock.now(),
      staleAfterMs: deps.settings.staleAfterMs(),
      ...(deps.language ? { language: deps.language() } : {}),
    });
  }

  render(): void {
    this.deps.tray?.render(this.model());
  }

  /** Fresh quotes for the preset labels: at most every 5 minutes unless forced, one refresh at a time. */
  async refreshQuotes(force: boolean): Promise<void> {
    const { deps } = this;
    const session = deps.sessions.current();
    if (!session || this.quoting || deps.presets.current().length === 0) return;
    if (!force && deps.clock.now() - this.quotesAt < QUOTE_REFRESH_MS) return;
    this.quoting = true;
    this.quotesAt = deps.clock.now();
    try {
      for (const preset of deps.presets.current()) {
        if (deps.sessions.current() !== session) return;
        try {
          this.quotes.set(preset.id, await quotePreset(session.api, preset));
        } catch {
          this.quotes.delete(preset.id);
        }
      }
    } finally {
      this.quoting = false;
      this.render();
    }
  }
}
