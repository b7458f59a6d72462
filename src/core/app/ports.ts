import type { DashboardTab, EventName, IpcEvents } from '../../shared/ipc.ts';
import type { Language } from '../../shared/i18n/languages.ts';
import type { TrayModel } from './tray/tray-model.ts';

/**
 * What the desktop shell implements for the core (src/main's Electron adapters;
 * recording fakes in tests). src/main imports the core through this file only
 * (and core/ipc to register the handlers); lint enforces it.
 */

export type { PowerEvents } from '../base/power-events.ts';
export type { TrayAction, TrayIconState, TrayMenuItem, TrayModel } from './tray/tray-model.ts';
export { trayModelKey } from './tray/tray-model.ts';
export { approvalDialogText } from './approvals/approval-text.ts';

/** What an approval is asked for; the renderer can ask for any of them, only main's UI can grant one. */
export type ApprovalKind =
  | 'buy'
  | 'activate'
  | 'reclaim'
  | 'run_preset'
  | 'save_preset'
  | 'add_presets'
  | 'connect'
  | 'remove_credentials'
  | 'settings'
  /** An auto top-up rule created, moved, its caps raised, or turned on (core/rules/rule-approval.ts). */
  | 'auto_top_up'
  /** "Resume auto top-ups" after "Pause all". */
  | 'resume_auto_top_ups'
  /** "Pause polling" asked by the dashboard or the popover (the tray menu's own click is main's UI). */
  | 'pause_polling'
  /** What an AI assistant may buy (energy-tray mcp, issue 27): created, raised or widened (assistant-approval.ts). */
  | 'assistant_allowance';

/**
 * One question main puts to the person, in plain words, with the facts that
 * matter for money: what happens, for which address (in full), at what cost,
 * through which host, and what changes. approval-text.ts turns it into the
 * dialog's words.
 */
export interface ApprovalRequest {
  kind: ApprovalKind;
  /** The question: "Buy 65,000 energy for 1h?" */
  title: string;
  /** What happens, in a sentence. */
  what: string;
  /** A sum of money the change sets (a spending cap, a daily limit), in SUN; null when none. */
  amountSun: bigint | null;
  /** The TRON address concerned, in full; null when none. */
  address: string | null;
  /** What it costs now (a fresh quote), in SUN; null when not known (costNote says why). */
  costSun: bigint | null;
  costNote: string | null;
  /** The host the request goes to (the service's), or null. */
  host: string | null;
  /** One line per change: "Address: TJRa…Tv8 → TXyz…9Ab" (addresses in full). */
  changes: string[];
  /** Further facts: the daily limit left, "Demo — no real funds". */
  notes: string[];
  /** The button that approves ("Buy for 3.25 TRX"); the other one cancels and is the default. */
  approveLabel: string;
}

/**
 * Asks the person (a native dialog with the dashboard as parent, in src/main;
 * a scripted fake in tests). Resolves true only when they approved.
 */
export interface Approval {
  /** `language`: the app's, for the dialog's own words (approval-text.ts). */
  confirm(request: ApprovalRequest, language?: Language): Promise<boolean>;
}

/** Without a way to ask, nothing is approved (a shell that forgot to wire one spends nothing). */
export const noApproval: Approval = { confirm: async () => false };

/** Native notifications (Electron's Notification in the glue; a recorder in tests). */
export interface Notifier {
  show(notification: { title: string; body: string; localId?: string }): void;
}

/** Pushes events to the dashboard (webContents.send in the glue; the page in e2e tests). */
export interface EventSink {
  emit<E extends EventName>(event: E, payload: IpcEvents[E]): void;
}

/** Draws the tray from its model (Electron's Tray in the glue; a recorder in tests). */
export interface TrayPort {
  render(model: TrayModel): void;
}

/** What only the desktop shell can do. */
export interface DesktopPorts {
  /** Opens an allow-listed https URL in the system browser; false when refused. */
  openExternal(url: string): Promise<boolean>;
  /** Opens a local folder or file (the logs) with the system's file manager. */
  openPath(path: string): Promise<boolean>;
  setLaunchAtLogin(enabled: boolean): void;
  /** Shows the dashboard window, on a tab or an order; absent where there is no window (tests, the CLI). */
  showDashboard?(target: { tab: DashboardTab | null; localId: string | null }): void;
  /** Hides the tray popover; absent where there is none. */
  hidePopover?(): void;
  /** Quits the app (the tray menu's Quit); absent where nothing runs that a person quits. */
  quit?(): void;
}

/** What a save dialog offers: its title, a suggested file name, the file types. */
export interface SaveFileRequest {
  title: string;
  defaultName: string;
  filters: Array<{ name: string; extensions: string[] }>;
}

/**
 * A save dialog that main draws (Electron's dialog.showSaveDialog in the glue;
 * a scripted fake in tests). The renderer never names a path: the person picks
 * it in UI the renderer cannot draw or fill in. null when they cancel.
 */
export interface SaveDialog {
  chooseSaveFile(request: SaveFileRequest): Promise<string | null>;
}

export const noSaveDialog: SaveDialog = { chooseSaveFile: async () => null };

export const noDesktop: DesktopPorts = {
  openExternal: async () => false,
  openPath: async () => false,
  setLaunchAtLogin: () => undefined,
};
