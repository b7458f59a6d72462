/**
 * What the dashboard sees. Everything here crosses IPC, so it is plain JSON:
 * amounts of money are integer SUN (or USDT micros) as decimal strings
 * ("3250000"), never floats and never bigint (JSON cannot carry bigint and the
 * e2e bridge is JSON). Nothing here can hold the API secret or the full key.
 */
import type { AssistantOriginView } from './assistant-views.ts';
import type { Language } from './i18n/languages.ts';
import type { Message } from './i18n/message.ts';

export type ResourceType = 'energy' | 'net';

export interface BalanceView {
  trxSun: string;
  usdtMicros: string;
  /** ms since epoch of the last successful refresh. */
  updatedAt: number;
  stale: boolean;
  low: boolean;
}

export interface ProfileView {
  id: string;
  name: string;
  baseUrl: string;
  /** Last 4 characters of the API key, or null when no key is stored. */
  keyHint: string | null;
  lastVerifiedAt: number | null;
  configured: boolean;
  active: boolean;
}

export type AppMode = 'welcome' | 'demo' | 'account';

/**
 * Whether the service answers, as the last balance call found it: unknown
 * until the first answer, ok, unreachable (network or server), or the
 * credentials refused. The dashboard's banner follows it and clears with it.
 */
export interface ServiceHealthView {
  status: 'unknown' | 'ok' | 'unreachable' | 'auth_failed';
  /** What went wrong while not ok, as a message of the catalogues (worded in the dashboard's language). */
  message: Message | null;
  /** ms since epoch the current status began. */
  since: number | null;
}

/**
 * Why polling is paused, as AppStateView.polling.reason lists them (joined
 * by ", "): the computer asleep, offline, the key refused (401), or the
 * person's "Pause polling" in the tray.
 */
export const PAUSE_REASONS = { suspend: 'suspend', offline: 'offline', auth: 'auth', user: 'paused from the tray' } as const;

export interface AppStateView {
  mode: AppMode;
  profiles: ProfileView[];
  activeProfileId: string | null;
  balance: BalanceView | null;
  service: ServiceHealthView;
  /** Paused, and why (paused from the tray, the computer asleep or offline, the credentials refused). */
  polling: { paused: boolean; reason: Message | null };
  /** Whether the OS keychain can be used; when not, why and what to do. */
  keychain: { available: boolean; message: Message | null };
  /** One-off notices: a quarantined file, a keychain problem. */
  notices: Message[];
}

export type OrderKindView = 'energy' | 'net' | 'fast_recover' | 'reclaim' | 'activation';
export type OrderStateView = 'submitting' | 'running' | 'succeeded' | 'failed' | 'stalled' | 'outcome_unknown';

export interface OrderView {
  localId: string;
  kind: OrderKindView;
  address: string;
  resource: ResourceType | null;
  count: number | null;
  period: string | null;
  orderSn: string | null;
  orderId: number | null;
  quotedSun: string | null;
  chargedSun: string | null;
  createdAt: number;
  updatedAt: number;
  state: OrderStateView;
  serverStatus: string | null;
  txIds: string[];
  error: string | null;
  finishedAt: number | null;
  presetId: string | null;
  /** Placed by this auto top-up rule (absent when a person ordered). */
  ruleId?: string;
  /** Placed by an AI assistant through energy-tray mcp: its client's name and reason (absent otherwise). */
  assistant?: AssistantOriginView;
  /** Timed orders that succeeded and were not reclaimed yet. */
  reclaimable: boolean;
}

/** Which orders a query or an export covers; every field narrows, none means all. */
export interface OrderFilterView {
  states?: OrderStateView[];
  kinds?: OrderKindView[];
  /** Exactly this TRON address. */
  address?: string;
  /** Created at or after (ms since epoch). */
  from?: number;
  /** Created before (ms since epoch). */
  to?: number;
  /** The start (or the whole) of an order number, order id or tx id; any case. */
  text?: string;
}

export interface OrderQueryView extends OrderFilterView {
  offset: number;
  /** At most 200. */
  limit: number;
}

/** One page of orders, newest first, and how many the filter matches in all. */
export interface OrderPageView {
  orders: OrderView[];
  total: number;
  offset: number;
}

export type TotalsPeriodView = 'day' | 'week' | 'month';

/** Spend of one period (main's local time): day "2025-01-31", week "2025-01-27" (its Monday), month "2025-01". */
export interface SpendTotalView {
  period: string;
  orders: number;
  /** Succeeded and under way, integer SUN. */
  spentSun: string;
  /** Outcome unknown: may or may not have been charged, integer SUN. */
  uncertainSun: string;
}

export interface ExportResultView {
  /** False when the person closed the save dialog. */
  saved: boolean;
  /** The file's name (not its folder). */
  fileName: string | null;
  rows: number;
}

export interface SubOrderView {
  fromAddress: string;
  txId: string | null;
  count: number;
}

export interface OrderDetailView {
  order: OrderView;
  subOrders: SubOrderView[];
  /** The service's status text at the time of the query. */
  serverStatus: string | null;
}

export interface QuoteView {
  amountSun: string;
  feeSun: string;
  unitPriceSun: string;
  remark: string | null;
  /**
   * Burning TRX for the same energy at the chain's energy fee now; null for
   * bandwidth, or when the fee cannot be read. A price above it is said so
   * before buying (the confirmation, main's approval).
   */
  burnSun: string | null;
}

export interface SmartModeView {
  price65kSun: string | null;
  price131kSun: string | null;
  depositPeriodHours: string | null;
  depositAmountSun: string | null;
  minEnergyCount: string | null;
}

export interface SmartPriceView {
  price65kSun: string;
  price131kSun: string;
  remark: string | null;
  modes: Array<{ id: 'high_frequency' | 'jisu_frequency' | 'guangsu_frequency'; label: string; prices: SmartModeView | null }>;
}

export type PresetKindView = 'timed' | 'fast_recover';

export interface PresetView {
  id: string;
  name: string;
  kind: PresetKindView;
  resource: ResourceType;
  /** Timed delegations only. */
  period: string | null;
  count: number;
  address: string;
  capSun: string;
  /** True while its order is being submitted (a double click cannot buy twice). */
  busy: boolean;
}

export type PresetInput = Omit<PresetView, 'busy' | 'id'> & { id?: string };

export interface SettingsView {
  pollIntervalSeconds: number;
  lowBalanceThresholdSun: string;
  /** What paid orders may cost per day, all paths together; raising it needs a main-drawn approval. */
  dailyLimitSun: string;
  notificationsEnabled: boolean;
  launchAtLogin: boolean;
  /** A confirmation says "large order" over this percent of the TRX balance… */
  largeOrderPercent: number;
  /** …or over this many SUN. Raising either needs a main-drawn approval. */
  largeOrderSun: string;
  /** The language chosen in Settings; null follows the system. */
  language: Language | null;
  /** The language in effect: the choice, else the system's (app.getLocale()), else English. The dashboard speaks it. */
  resolvedLanguage: Language;
  userDataDir: string;
}

export type SettingsPatch = Partial<Omit<SettingsView, 'userDataDir' | 'resolvedLanguage'>>;

export interface AddressCheckView {
  valid: boolean;
  reason: Message | null;
}

export interface NoticeView {
  level: 'info' | 'warning' | 'error';
  message: Message;
}

// Watched wallets, top-ups and savings (issue 14) are in wallet-views.ts.
export type * from './wallet-views.ts';
// Auto top-up rules and their decisions (issue 15) are in rule-views.ts.
export type * from './rule-views.ts';
// What the charts draw (issue 23) is in chart-views.ts.
export type * from './chart-views.ts';
// The assistant allowance (issue 27) is in assistant-views.ts.
export type * from './assistant-views.ts';
