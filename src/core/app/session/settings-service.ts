// app/session: the open account or demo: profiles, settings, the per-profile lists, the TRON node connection, the service balance.
import { InvariantError } from '../../base/domain-error.ts';
import type { SettingsPatch, SettingsView } from '../../../shared/ipc.ts';
import type { Clock } from '../../base/clock.ts';
import { TypedEmitter } from '../../base/typed-emitter.ts';
import type { Settings } from '../../settings/settings-schema.ts';
import { SettingsStore } from '../../settings/settings-store.ts';
import { riskySettingsChanges, settingsApproval } from '../approvals/change-approvals.ts';
import type { Approvals } from '../approvals/approvals.ts';
import type { Notices } from '../notify/notices.ts';
import type { DesktopPorts } from '../ports.ts';
import type { Session, SessionSettings } from './session.ts';
import type { Language } from '../../../shared/i18n/languages.ts';

function toSettingsView(settings: Settings, userDataDir: string, resolvedLanguage: Language): SettingsView {
  return {
    pollIntervalSeconds: settings.pollIntervalSeconds,
    lowBalanceThresholdSun: settings.lowBalanceThresholdSun,
    dailyLimitSun: settings.dailyLimitSun,
    notificationsEnabled: settings.notificationsEnabled,
    launchAtLogin: settings.launchAtLogin,
    largeOrderPercent: settings.largeOrderPercent,
    largeOrderSun: settings.largeOrderSun,
    language: settings.language,
    resolvedLanguage,
    userDataDir,
  };
}

export interface SettingsServiceDeps {
  userDataDir: string;
  clock: Clock;
  desktop: DesktopPorts;
  notices: Notices;
  approvals: Approvals;
  /** The live session, whose scheduler follows the polling and notification settings. */
  session(): Session | null;
  /** The language in effect (the setting, else the system's). */
  language(): Language;
  /** Tells every window the settings changed (the popover follows a new language too). */
  publish?(view: SettingsView): void;
}

/**
 * The settings file and the copy kept in memory (reloaded after every account
 * change), so the first-render path never reads the disk. A change from the
 * dashboard is saved, then pushed to the live scheduler and the desktop.
 */
export interface WindowBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class SettingsService {
  readonly store: SettingsStore;
  /** `loaded`: the file was read again (the presets in it are parsed anew). */
  /** loaded: the file was read (again); applied: a change from the dashboard was saved (the tray redraws). */
  readonly events = new TypedEmitter<{ loaded: Settings; applied: SettingsView }>();
  private readonly deps: SettingsServiceDeps;
  private settings: Settings | null = null;

  constructor(deps: SettingsServiceDeps) {
    this.deps = deps;
    this.store = new SettingsStore({ dir: deps.userDataDir, now: () => deps.clock.now() });
  }

  /** Reads the file at start-up; a file that had to be moved aside becomes a notice. */
  async load(): Promise<void> {
    const loaded = await this.store.load();
    this.settings = loaded.settings;
    if (loaded.notice) this.deps.notices.push(loaded.notice);
    this.events.emit('loaded', loaded.settings);
  }

  /** Reads the file again after an account change (its notice, if any, was shown at start-up). */
  async reload(): Promise<void> {
    this.settings = (await this.store.load()).settings;
    this.events.emit('loaded', this.settings);
  }

  /** The settings in memory; only valid after load(). */
  get current(): Settings {
    if (!this.settings) throw new InvariantError('settings-not-loaded');
    return this.settings;
  }

  /** Before load() (a tray render during start-up) there is nothing to read yet. */
  get loaded(): Settings | null {
    return this.settings;
  }

  /** Saves a change and keeps the result in memory. */
  async update(change: (settings: Settings) => Settings): Promise<Settings> {
    this.settings = await this.store.update(change);
    return this.settings;
  }

  /** What another writer (the account service) has just saved, without reading it back. */
  remember(patch: Partial<Settings>): void {
    this.settings = { ...this.current, ...patch };
  }

  view(): SettingsView {
    return toSettingsView(this.current, this.deps.userDataDir, this.deps.language());
  }

  /**
   * Saves a change from the dashboard. Turning off notifications, raising the
   * daily limit or lowering the low-balance warning needs a main-drawn
   * approval first; refused, nothing is saved.
   */
  async applyPatch(patch: SettingsPatch): Promise<SettingsView> {
    const risky = riskySettingsChanges(this.current, patch, this.deps.approvals.language());
    if (risky.length > 0) await this.deps.approvals.require(settingsApproval(risky, this.deps.approvals.language()));
    await this.update((s) => ({ ...s, ...patch }));
    const scheduler = this.deps.session()?.scheduler;
    if (scheduler) {
      if (patch.pollIntervalSeconds !== undefined) scheduler.setBalanceInterval(patch.pollIntervalSeconds * 1000);
      if (patch.lowBalanceThresholdSun !== undefined) scheduler.setLowBalanceThreshold(BigInt(patch.lowBalanceThresholdSun));
      if (patch.notificationsEnabled !== undefined) scheduler.setNotificationsEnabled(patch.notificationsEnabled);
    }
    if (patch.launchAtLogin !== undefined) this.deps.desktop.setLaunchAtLogin(patch.launchAtLogin);
    const view = this.view();
    this.deps.publish?.(view);
    // A new language redraws the tray in it (the model's key holds its labels); notifications and dialogs ask at each use.
    this.events.emit('applied', view);
    return view;
  }

  /** What a new session's scheduler starts with. */
  sessionSettings(): SessionSettings {
    const s = this.current;
    return {
      balanceIntervalMs: s.pollIntervalSeconds * 1000,
      lowBalanceThresholdSun: BigInt(s.lowBalanceThresholdSun),
      notificationsEnabled: s.notificationsEnabled,
    };
  }

  /** A balance older than this is shown as stale: two polls missed, or one and half a minute. */
  staleAfterMs(): number {
    const interval = (this.settings?.pollIntervalSeconds ?? 60) * 1000;
    return Math.max(2 * interval, interval + 30_000);
  }

  dashboardBounds(): WindowBounds | null {
    return this.settings?.dashboardBounds ?? null;
  }

  /** Main reports the window's place once a move or resize settles; a failed write only loses the place. */
  async saveDashboardBounds(b: WindowBounds): Promise<void> {
    const rounded = { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
    await this.update((s) => ({ ...s, dashboardBounds: rounded }));
  }

  lowBalanceThresholdSun(): bigint {
    return BigInt(this.settings?.lowBalanceThresholdSun ?? '0');
  }

  /** The active profile's name, for the tray. */
  activeProfileName(): string | null {
    const s = this.settings;
    return s?.profiles.find((p) => p.id === s.activeProfileId)?.name ?? null;
  }
}
