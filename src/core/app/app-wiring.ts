import { randomUUID } from 'node:crypto';
import type { AppInfo } from '../../shared/ipc.ts';
import type { RequestEvent } from '../api/client.ts';
import { systemClock, type Clock } from '../base/clock.ts';
import type { PowerEvents } from '../base/power-events.ts';
import { SecretRegistry } from '../base/secret-registry.ts';
import type { CredentialStore } from '../credentials/credential-store.ts';
import type { Timing } from '../simulator/index.ts';
import { BalanceTracker } from './balance-tracker.ts';
import { Notices } from './notices.ts';
import { Notifications } from './notifications.ts';
import { OrderCommands } from './order-commands.ts';
import { OrderViews } from './order-views.ts';
import { HistoryReports } from './history-reports.ts';
import { noDesktop, noSaveDialog, type DesktopPorts, type EventSink, type Notifier, type SaveDialog, type TrayPort } from './ports.ts';
import { PresetService } from './preset-service.ts';
import type { Session } from './session.ts';
import { SessionManager, type AppLog } from './session-manager.ts';
import { SettingsService } from './settings-service.ts';
import { TrayPresenter } from './tray-presenter.ts';

export interface AppServiceDeps {
  info: AppInfo;
  userDataDir: string;
  credentialStore: CredentialStore;
  notifier: Notifier;
  events: EventSink;
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
  timeoutMs?: number;
  /** Every API request the live session sends (endpoint, attempt, status): for logs and tests. */
  onApiRequest?: (event: RequestEvent) => void;
  newId?: () => string;
}

export const silentLog: AppLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The single-purpose services behind the facade, each owning one part of the state. */
export interface AppServices {
  desktop: DesktopPorts;
  log: AppLog;
  notices: Notices;
  settings: SettingsService;
  sessions: SessionManager;
  balance: BalanceTracker;
  orders: OrderViews;
  commands: OrderCommands;
  reports: HistoryReports;
  presets: PresetService;
  tray: TrayPresenter;
}

/**
 * Builds the services and connects them. They find one another through
 * constructor arguments; the few that point back up (a fresh balance refreshes
 * the tray's quotes, presets redraw the tray) go through closures, since the
 * tray presenter reads the services it is built after.
 */
export function wireAppServices(deps: AppServiceDeps, publishState: () => void): AppServices {
  const clock = deps.clock ?? systemClock;
  const newId = deps.newId ?? randomUUID;
  const desktop = deps.desktop ?? noDesktop;
  const log = deps.log ?? silentLog;
  const notices = new Notices(deps.events);
  // eslint-disable-next-line prefer-const -- assigned last: the tray presenter reads every other service.
  let tray: TrayPresenter;
  const renderTray = (): void => tray.render();
  const settings: SettingsService = new SettingsService({ userDataDir: deps.userDataDir, clock, desktop, notices, session: (): Session | null => sessions.current(), renderTray });
  const sessions: SessionManager = new SessionManager({
    userDataDir: deps.userDataDir,
    credentialStore: deps.credentialStore,
    clock,
    secrets: deps.secrets ?? new SecretRegistry(),
    log,
    settings,
    notices,
    newId,
    ...(deps.power ? { power: deps.power } : {}),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
    ...(deps.onApiRequest ? { onApiRequest: deps.onApiRequest } : {}),
    ...(deps.demoTiming ? { demoTiming: deps.demoTiming } : {}),
    publishState,
  });
  const notifications = new Notifications(deps.notifier);
  sessions.events.on('opened', ({ session, live }) => notifications.attach(session, live));
  const balance = new BalanceTracker({ clock, sessions, settings, events: deps.events, renderTray, onFresh: () => void tray.refreshQuotes(false) });
  const orders = new OrderViews({ sessions, events: deps.events, renderTray });
  const commands = new OrderCommands({ sessions, orders });
  const reports = new HistoryReports({ sessions, saveDialog: deps.saveDialog ?? noSaveDialog, clock });
  const presets = new PresetService({ sessions, settings, notices, notifications, commands, events: deps.events, newId, tray: () => tray });
  tray = new TrayPresenter({
    clock,
    sessions,
    settings,
    balance,
    presets: () => presets.current(),
    presetViews: () => presets.list(),
    ordersInProgress: () => orders.inProgress(),
    ...(deps.tray ? { tray: deps.tray } : {}),
  });
  return { desktop, log, notices, settings, sessions, balance, orders, commands, reports, presets, tray };
}
