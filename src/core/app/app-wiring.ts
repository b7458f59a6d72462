import { randomUUID } from 'node:crypto';
import type { AppInfo } from '../../shared/ipc.ts';
import type { RequestEvent } from '../api/client.ts';
import type { NodeRequestEvent } from '../chain/node-transport.ts';
import { SKEW_TOLERANCE_SECONDS, clockOffsetNotice as clockOffsetText } from '../api/clock-skew.ts';
import { systemClock, type Clock } from '../base/clock.ts';
import type { PowerEvents } from '../base/power-events.ts';
import { NodeFollowers } from '../chain/node-followers.ts';
import { SecretRegistry } from '../base/secret-registry.ts';
import type { CredentialStore } from '../credentials/credential-store.ts';
import { NodeKeyStore } from '../credentials/node-key-store.ts';
import type { Timing } from '../simulator/index.ts';
import type { WalletCadence } from '../wallets/wallet-watcher.ts';
import type { RuleTiming } from '../rules/decide.ts';
import { AppState } from './session/app-state.ts';
import { BalanceTracker } from './session/balance-tracker.ts';
import { DesktopActions } from './tray/desktop-actions.ts';
import { BurnPrice } from './wallets/burn-price.ts';
import { Notices } from './notify/notices.ts';
import { Notifications } from './notify/notifications.ts';
import { OrderCommands } from './orders/order-commands.ts';
import { OrderViews } from './orders/order-views.ts';
import { Approvals } from './approvals/approvals.ts';
import type { DailyLimit } from '../orders/paid-order.ts';
import { HistoryReports } from './orders/history-reports.ts';
import {
  noApproval,
  noDesktop,
  noSaveDialog,
  type Approval,
  type DesktopPorts,
  type EventSink,
  type Notifier,
  type SaveDialog,
  type TrayPort,
} from './ports.ts';
import { PresetService } from './presets/preset-service.ts';
import { NodeConnection } from './session/node-connection.ts';
import type { DemoNodeOptions, Session } from './session/session.ts';
import { SessionManager, type AppLog, type PinnedAccount } from './session/session-manager.ts';
import { SettingsService } from './session/settings-service.ts';
import { TrayPresenter } from './tray/tray-presenter.ts';
import { WalletList } from './wallets/wallet-list.ts';
import { WalletSavings } from './wallets/wallet-savings.ts';
import { WalletService } from './wallets/wallet-service.ts';
import { appLanguage, type Language } from '../../shared/i18n/languages.ts';
import { WalletTopUps } from './wallets/wallet-top-ups.ts';
import { RuleList } from './auto-top-up/rule-list.ts';
import { RulesService } from './auto-top-up/rules-service.ts';
import { AssistantAllowances } from './assistant/assistant-allowances.ts';

export interface AppServiceDeps {
  info: AppInfo;
  userDataDir: string;
  credentialStore: CredentialStore;
  notifier: Notifier;
  events: EventSink;
  /** Main-drawn approvals (a native dialog); without one, nothing that needs approval is done. */
  approval?: Approval;
  desktop?: DesktopPorts;
  /** Where a history export is saved: a dialog main draws. Without it, exports are cancelled. */
  saveDialog?: SaveDialog;
  tray?: TrayPort;
  clock?: Clock;
  power?: PowerEvents;
  secrets?: SecretRegistry;
  log?: AppLog;
  logFile?: string | null;
  /** Demo order timings (tests and benchmarks make them short). */
  demoTiming?: Partial<Timing>;
  /** The demo's TRON node (tests make its wallets spend on cue). */
  demoNode?: DemoNodeOptions;
  /** How often watched wallets are read (tests make it short). */
  walletCadence?: Partial<WalletCadence>;
  /** Auto top-up's arrival grace and stale-reading age (tests make them short). */
  ruleTiming?: Partial<RuleTiming>;
  timeoutMs?: number;
  /** Every API request the live session sends (endpoint, attempt, status): for logs and tests. */
  onApiRequest?: (event: RequestEvent) => void;
  /** Every request to the TRON node, likewise (the daemon's metrics). */
  onNodeRequest?: (event: NodeRequestEvent) => void;
  newId?: () => string;
  /** Headless (the daemon): the one account to run instead of the settings' mode and active profile. */
  pinnedAccount?: PinnedAccount;
  /** Headless: the composition root gets the services it had built (a round for `--once`, its log lines), not through the facade. */
  onWired?: (services: AppServices) => void;
  /** The system's locale (Electron's app.getLocale()): the language when Settings names none. */
  systemLocale?: () => string;
}

/** A large clock offset is followed: an in-app notice and a notification, once per offset. */
function clockOffsetNotice(notices: Notices, notifications: Notifications): (offsetSeconds: number) => void {
  let last: number | null = null;
  return (offsetSeconds) => {
    if (last !== null && Math.abs(offsetSeconds - last) <= SKEW_TOLERANCE_SECONDS) return;
    last = offsetSeconds;
    notices.announce(clockOffsetText(offsetSeconds));
    notifications.clockOffset(offsetSeconds);
  };
}

export const silentLog: AppLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The single-purpose services, each owning one part of the state; the IPC handler table maps onto them. */
export interface AppServices {
  info: AppInfo;
  desktop: DesktopPorts;
  /** What the dashboard and the popover ask of the desktop shell (links, logs, windows, pausing). */
  desktopActions: DesktopActions;
  /** The dashboard's header state, published on every announced change. */
  state: AppState;
  log: AppLog;
  notices: Notices;
  approvals: Approvals;
  limit: DailyLimit;
  settings: SettingsService;
  sessions: SessionManager;
  balance: BalanceTracker;
  orders: OrderViews;
  commands: OrderCommands;
  reports: HistoryReports;
  presets: PresetService;
  tray: TrayPresenter;
  node: NodeConnection;
  wallets: WalletService;
  topUps: WalletTopUps;
  savings: WalletSavings;
  /** Auto top-up rules: evaluated on every wallet reading while a session is open (start()/stop()). */
  rules: RulesService;
  /** What an AI assistant may buy (energy-tray mcp), and the notices of what it was refused. */
  assistant: AssistantAllowances;
}

/**
 * Builds the services and connects them. They find one another through
 * constructor arguments, each built after those it calls; a service that
 * others follow (the tray presenter, the state) announces its changes, and
 * the follower, built later, subscribes. Nothing is bound late.
 */
export function wireAppServices(deps: AppServiceDeps): AppServices {
  const clock = deps.clock ?? systemClock;
  const newId = deps.newId ?? randomUUID;
  const desktop = deps.desktop ?? noDesktop;
  const log = deps.log ?? silentLog;
  // The language of main's words (notifications, tray, approval dialogs, notices): Settings, else the system's, else English.
  const language = (): Language => appLanguage(settings.loaded?.language ?? null, deps.systemLocale?.());
  const notices = new Notices(deps.events);
  const secrets = deps.secrets ?? new SecretRegistry();
  const notifications = new Notifications(deps.notifier, language);
  const approvals = new Approvals(deps.approval ?? noApproval, language);
  const settings: SettingsService = new SettingsService({
    userDataDir: deps.userDataDir,
    clock,
    desktop,
    notices,
    approvals,
    session: (): Session | null => sessions.current(),
    language,
    publish: (view) => deps.events.emit('app:settings', view),
  });
  // The settings' daily spending limit, read at every order; today's spend is the live session's order store.
  const limit: DailyLimit = { sun: () => BigInt(settings.current.dailyLimitSun), now: () => clock.now() };
  const sessions: SessionManager = new SessionManager({
    userDataDir: deps.userDataDir,
    credentialStore: deps.credentialStore,
    clock,
    secrets,
    log,
    settings,
    notices,
    approvals,
    newId,
    ...(deps.power ? { power: deps.power } : {}),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
    ...(deps.onApiRequest ? { onApiRequest: deps.onApiRequest } : {}),
    ...(deps.demoTiming ? { demoTiming: deps.demoTiming } : {}),
    ...(deps.demoNode ? { demoNode: deps.demoNode } : {}),
    onClockOffset: clockOffsetNotice(notices, notifications),
    lockProgram: deps.info.name,
    ...(deps.pinnedAccount ? { pinned: deps.pinnedAccount } : {}),
  });
  sessions.events.on('opened', ({ session, live }) => notifications.attach(session.scheduler.events, live));
  const balance = new BalanceTracker({ clock, sessions, settings, events: deps.events });
  const state = new AppState({ settings, sessions, balance, notices, events: deps.events });
  const orders = new OrderViews({ sessions, clock, events: deps.events });
  const timeout = deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {};
  // One chain follower and one request budget per node and key for the whole process (issue 25).
  const followers = new NodeFollowers({ clock, ...(deps.power ? { power: deps.power } : {}) });
  const onNodeRequest = deps.onNodeRequest ? { onRequest: deps.onNodeRequest } : {};
  const keys = new NodeKeyStore(deps.credentialStore);
  const node = new NodeConnection({ sessions, settings, keys, secrets, log, followers, ...timeout, ...onNodeRequest });
  const list = new WalletList({ sessions, settings, notices, clock });
  const wallets = new WalletService({
    clock,
    sessions,
    list,
    node,
    followers,
    events: deps.events,
    newId,
    ...(deps.power ? { power: deps.power } : {}),
    ...(deps.walletCadence ? { cadence: deps.walletCadence } : {}),
  });
  const burn = new BurnPrice({ clock, chain: () => node.current(), fees: wallets.fees });
  const commands = new OrderCommands({
    sessions,
    orders,
    approvals,
    limit,
    burnSun: (energy) => burn.burnSunSoon(energy),
    largeOrder: () => ({
      balanceSun: balance.snapshot?.trxSun ?? null,
      rule: { percentOfBalance: settings.current.largeOrderPercent, overSun: BigInt(settings.current.largeOrderSun) },
    }),
  });
  const reports = new HistoryReports({ sessions, saveDialog: deps.saveDialog ?? noSaveDialog, clock, language });
  const presets = new PresetService({ sessions, settings, notices, notifications, commands, approvals, events: deps.events, newId });
  const topUps = new WalletTopUps({ clock, sessions, wallets, burn, commands, notifications });
  const savings = new WalletSavings({ clock, sessions, node, wallets, events: deps.events, log });
  const ruleList = new RuleList({ sessions, settings, notices, clock });
  const rules = new RulesService({
    clock,
    sessions,
    rules: ruleList,
    wallets,
    balance,
    limit,
    commands,
    burn,
    approvals,
    notifications,
    events: deps.events,
    log,
    newId,
    ...(deps.ruleTiming ? { timing: deps.ruleTiming } : {}),
  });
  // A switch changes what every list shows: each goes out again (the tray follows the state itself).
  state.events.on('published', () => {
    deps.events.emit('app:presets', presets.list());
    deps.events.emit('app:orders-reset', {});
    deps.events.emit('app:wallets', wallets.list());
    deps.events.emit('app:savings', savings.view());
    deps.events.emit('app:rules', rules.list());
  });
  const tray = new TrayPresenter({
    clock,
    sessions,
    settings,
    balance,
    state,
    presets,
    orders,
    wallets,
    topUps,
    rules,
    language,
    ...(deps.tray ? { tray: deps.tray } : {}),
  });
  const assistant = new AssistantAllowances({ clock, sessions, settings, approvals, notices, language });
  const desktopActions = new DesktopActions({ desktop, state, sessions, wallets, approvals, logFile: deps.logFile ?? null });
  return {
    info: deps.info,
    desktop,
    desktopActions,
    state,
    log,
    notices,
    approvals,
    limit,
    settings,
    sessions,
    balance,
    orders,
    commands,
    reports,
    presets,
    tray,
    node,
    wallets,
    topUps,
    savings,
    rules,
    assistant,
  };
}
