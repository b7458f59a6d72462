import type { OrderView, PresetView } from '../../../shared/ipc.ts';
import type { Clock } from '../../base/clock.ts';
import type { Preset } from '../../presets/preset.ts';
import { quotePreset } from '../../presets/preset-order.ts';
import type { BalanceTracker } from '../session/balance-tracker.ts';
import type { TrayPort } from '../ports.ts';
import type { SessionManager } from '../session/session-manager.ts';
import type { SettingsService } from '../session/settings-service.ts';
import { buildTrayModel, type TrayModel, type TrayRule, type TrayWallet } from './tray-model.ts';
import type { Language } from '../../../shared/i18n/languages.ts';

const QUOTE_REFRESH_MS = 5 * 60_000;

export interface TrayPresenterDeps {
  clock: Clock;
  sessions: SessionManager;
  settings: SettingsService;
  balance: BalanceTracker;
  presets(): Preset[];
  presetViews(): PresetView[];
  /** Orders submitting or running (from memory: no history is read). */
  ordersInProgress(): OrderView[];
  wallets(): TrayWallet[];
  /** Auto top-up rules and whether all are paused. */
  rules?(): { rules: TrayRule[]; paused: boolean };
  /** The app's language (Settings, else the system's). */
  language?: () => Language;
  tray?: TrayPort;
}

/**
 * The tray as the app's state shows it: builds the TrayModel (a pure function
 * of that state, tray-model.ts) and hands it to the tray port. Keeps the quote
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
  }

  model(): TrayModel {
    const { deps } = this;
    const balance = deps.balance.snapshot;
    const rules = deps.sessions.mode() === 'welcome' ? null : (deps.rules?.() ?? null);
    return buildTrayModel({
      mode: deps.sessions.mode(),
      profileName: deps.settings.activeProfileName(),
      balance: balance ? { trxSun: balance.trxSun, usdtMicros: balance.usdtMicros, updatedAt: balance.at } : null,
      lowBalanceThresholdSun: deps.settings.lowBalanceThresholdSun(),
      offline: deps.balance.isOffline,
      paused: deps.sessions.polling().paused,
      presets: deps.presetViews(),
      quotes: this.quotes,
      activeOrders: deps.ordersInProgress(),
      wallets: deps.sessions.mode() === 'welcome' ? [] : deps.wallets(),
      ...(rules ? { rules: rules.rules, rulesPaused: rules.paused } : {}),
      now: deps.clock.now(),
      staleAfterMs: deps.settings.staleAfterMs(),
      ...(deps.language ? { language: deps.language() } : {}),
    });
  }

  render(): void {
    this.deps.tray?.render(this.model());
  }

  /** A preset changed or went away: its quote is no longer known. */
  forgetQuote(presetId: string): void {
    this.quotes.delete(presetId);
  }

  /** Fresh quotes for the preset labels: at most every 5 minutes unless forced, one refresh at a time. */
  async refreshQuotes(force: boolean): Promise<void> {
    const { deps } = this;
    const session = deps.sessions.current();
    if (!session || this.quoting || deps.presets().length === 0) return;
    if (!force && deps.clock.now() - this.quotesAt < QUOTE_REFRESH_MS) return;
    this.quoting = true;
    this.quotesAt = deps.clock.now();
    try {
      for (const preset of deps.presets()) {
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
