/**
 * The one IPC contract between the dashboard (renderer) and the main process.
 *
 * Every method is declared once here with its request and response type; main
 * validates each request at runtime (src/core/ipc/request-schemas.ts) and the
 * preload derives window.energyTray from METHOD_NAMES, so the three sides cannot
 * drift apart without a compile error. This file has no runtime dependencies so
 * that the renderer, preload and core can all import it.
 */

import type {
  AddressCheckView,
  AssistantAllowanceDraftView,
  AssistantAllowanceSaveView,
  AssistantAllowanceView,
  AppStateView,
  BalanceView,
  ExportResultView,
  NoticeView,
  OrderDetailView,
  OrderFilterView,
  OrderPageView,
  OrderQueryView,
  OrderView,
  PresetInput,
  PresetView,
  QuoteView,
  ResourceType,
  SettingsPatch,
  SettingsView,
  SmartPriceView,
  NodeSettingsView,
  SavingsView,
  SpendTotalView,
  SpendChartView,
  PriceHistoryView,
  TopUpOption,
  TopUpQuoteView,
  TotalsPeriodView,
  TransferEstimateView,
  WalletInput,
  WalletsView,
  DecisionQueryView,
  DecisionView,
  RuleDraftView,
  RuleSaveView,
  RulesView,
} from './views.ts';

export type * from './views.ts';
import type { Message } from './i18n/message.ts';

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
}

type Empty = Record<string, never>;

/** Method name → request and response. Every request is exactly one object. */
export interface IpcMethods {
  'app:getInfo': { request: Empty; response: AppInfo };
  'app:getState': { request: Empty; response: AppStateView };
  'app:startDemo': { request: Empty; response: AppStateView };
  'app:stopDemo': { request: Empty; response: AppStateView };
  'app:connectAccount': {
    request: { profileId?: string; name?: string; baseUrl: string; apiKey: string; apiSecret: string };
    response: { state: AppStateView; warnings: Message[] };
  };
  'app:removeCredentials': { request: { profileId: string }; response: AppStateView };
  'app:setActiveProfile': { request: { profileId: string }; response: AppStateView };
  'app:refreshBalance': { request: Empty; response: BalanceView };
  'app:checkAddress': { request: { address: string }; response: AddressCheckView };
  'app:quoteTimed': { request: { type: ResourceType; count: number; period: string }; response: QuoteView };
  'app:quoteFastRecover': { request: { resourceType: ResourceType; count: number }; response: QuoteView };
  'app:buyTimed': {
    request: { type: ResourceType; address: string; count: number; period: string };
    response: OrderView;
  };
  'app:buyFastRecover': {
    request: { resourceType: ResourceType; address: string; count: number };
    response: OrderView;
  };
  'app:activateAddress': { request: { address: string }; response: OrderView };
  'app:reclaim': { request: { localId: string }; response: OrderView };
  /** A page of the order history with its total; never the whole list. */
  'app:queryOrders': { request: OrderQueryView; response: OrderPageView };
  /** Spend per day, week or month of the filtered history, exact in SUN. */
  'app:orderTotals': { request: { filter: OrderFilterView; period: TotalsPeriodView }; response: SpendTotalView[] };
  /** Spend per local day of the last `days` days (every order), with what the energy would have burned: the Orders chart. */
  'app:spendChart': { request: { days: number }; response: SpendChartView };
  /** The quotes the app made in the last `days` days, per kind, resource and period: the price sparklines. */
  'app:priceHistory': { request: { days: number }; response: PriceHistoryView };
  /** The filtered history as CSV, saved where the person picks in a save dialog main draws. */
  'app:exportOrders': { request: { filter: OrderFilterView }; response: ExportResultView };
  'app:getOrderDetail': { request: { localId: string }; response: OrderDetailView };
  'app:getSmartPrice': { request: Empty; response: SmartPriceView };
  'app:listPresets': { request: Empty; response: PresetView[] };
  'app:savePreset': { request: { preset: PresetInput }; response: PresetView[] };
  'app:deletePreset': { request: { id: string }; response: PresetView[] };
  'app:reorderPresets': { request: { ids: string[] }; response: PresetView[] };
  'app:runPreset': { request: { id: string }; response: OrderView };
  /** The sensible defaults (65k and 131k energy for 1h, a 65k fast recover) for one address. */
  'app:addDefaultPresets': { request: { address: string }; response: PresetView[] };
  'app:getSettings': { request: Empty; response: SettingsView };
  'app:updateSettings': { request: { patch: SettingsPatch }; response: SettingsView };
  'app:openExternal': { request: { url: string }; response: { opened: boolean } };
  'app:openLogs': { request: Empty; response: { opened: boolean } };
  /** From the tray popover: show the dashboard window (on a tab, or an order). Moves nothing. */
  'app:openDashboard': { request: { tab: DashboardTab | null; localId: string | null }; response: { opened: boolean } };
  /** From the popover: main hides it (Escape). Moves nothing. */
  'app:hidePopover': { request: Empty; response: { hidden: boolean } };
  /** Pause (main asks first: nothing is read or told while paused) or resume polling. */
  'app:setPollingPaused': { request: { paused: boolean }; response: AppStateView };
  'app:listWallets': { request: Empty; response: WalletsView };
  /** Checks the address locally, then on chain; `warning` says when it is not activated. */
  'app:addWallet': { request: { wallet: WalletInput }; response: { wallets: WalletsView; warning: Message | null } };
  'app:updateWallet': { request: { id: string; wallet: Omit<WalletInput, 'address'> }; response: WalletsView };
  'app:removeWallet': { request: { id: string }; response: WalletsView };
  'app:refreshWallet': { request: { id: string }; response: WalletsView };
  /** A USDT transfer from A to B: energy, bandwidth, whether B holds USDT, what A has and lacks, the burn cost. */
  'app:estimateTransfer': { request: { from: string; to: string; amountUsdt: string | null }; response: TransferEstimateView };
  /** "Cover N transfers": the missing energy and the 1h and fast-recover quotes side by side. */
  'app:quoteTopUp': { request: { walletId: string; transfers: number }; response: TopUpQuoteView };
  /** Buys the top-up through the same paid path as the dashboard's orders; refused when the fresh price is above maxSun. */
  'app:buyTopUp': { request: { walletId: string; transfers: number; option: TopUpOption; maxSun: string }; response: OrderView };
  'app:getNodeSettings': { request: Empty; response: NodeSettingsView };
  /** null: back to the default node. */
  'app:setNodeUrl': { request: { nodeUrl: string | null }; response: NodeSettingsView };
  /** The node's daily request budget; null: back to the default. */
  'app:setNodeDailyBudget': { request: { budget: number | null }; response: NodeSettingsView };
  /** The provider key goes to the keychain, for the configured node only; it never comes back. */
  'app:setNodeKey': { request: { apiKey: string }; response: NodeSettingsView };
  'app:clearNodeKey': { request: Empty; response: NodeSettingsView };
  'app:getSavings': { request: Empty; response: SavingsView };
  /** Auto top-up (issue 15): the live profile's rules, their state and today's orders and spend. */
  'app:listRules': { request: Empty; response: RulesView };
  /** Creates (no id) or edits a rule; a draft with problems saves nothing and says why; creating, raising a cap or turning on asks main. */
  'app:saveRule': { request: { id?: string; draft: RuleDraftView }; response: RuleSaveView };
  /** On asks main; off does not. */
  'app:setRuleEnabled': { request: { id: string; enabled: boolean }; response: RulesView };
  'app:deleteRule': { request: { id: string }; response: RulesView };
  /** The person looked at an unknown outcome: the stopped rule may buy again within its caps. */
  'app:acknowledgeRule': { request: { id: string }; response: RulesView };
  /** "Pause all auto top-ups" (no question) or resume them (main asks). */
  'app:setAutoTopUpsPaused': { request: { paused: boolean }; response: RulesView };
  /** A page of the engine's decisions, newest first: why it bought, skipped or refused. */
  'app:listDecisions': { request: DecisionQueryView; response: DecisionView[] };
  /** What an AI assistant (energy-tray mcp) may buy for the live profile, and what it bought today. */
  'app:getAssistantAllowance': { request: Empty; response: AssistantAllowanceView };
  /** Sets (a draft) or turns off (null) the assistant allowance; creating, raising or widening it asks main. */
  'app:saveAssistantAllowance': { request: { draft: AssistantAllowanceDraftView | null }; response: AssistantAllowanceSaveView };
}

/** Event name → payload pushed from main to the renderer. */
export interface IpcEvents {
  'app:state': AppStateView;
  'app:balance': BalanceView;
  'app:order-updated': OrderView;
  'app:presets': PresetView[];
  /** The mode or account changed: the orders shown belong to another history now (query them again). */
  'app:orders-reset': Record<string, never>;
  /** A notification was clicked: show this order. */
  'app:open-order': { localId: string };
  'app:notice': NoticeView;
  /** The tray asked for a section of the dashboard (Settings). */
  'app:navigate': { tab: DashboardTab };
  /** The watched wallets after a reading, a change or an order for one of them. */
  'app:wallets': WalletsView;
  /** "Saved vs burned" of this month, after an energy order's would-burn figure was recorded. */
  'app:savings': SavingsView;
  /** The auto top-up rules after a change or a decision worth recording. */
  'app:rules': RulesView;
  /** The settings after a change (both windows follow a new language). */
  'app:settings': SettingsView;
}

export type DashboardTab = 'overview' | 'wallets' | 'buy' | 'orders' | 'prices' | 'settings';

export type Method = keyof IpcMethods;
export type EventName = keyof IpcEvents;
export type RequestOf<M extends Method> = IpcMethods[M]['request'];
export type ResponseOf<M extends Method> = IpcMethods[M]['response'];

/**
 * A record rather than an array so that adding a method to IpcMethods without
 * listing it here is a type error (satisfies checks completeness both ways).
 */
const METHOD_FLAGS = {
  'app:getInfo': true,
  'app:getState': true,
  'app:startDemo': true,
  'app:stopDemo': true,
  'app:connectAccount': true,
  'app:removeCredentials': true,
  'app:setActiveProfile': true,
  'app:refreshBalance': true,
  'app:checkAddress': true,
  'app:quoteTimed': true,
  'app:quoteFastRecover': true,
  'app:buyTimed': true,
  'app:buyFastRecover': true,
  'app:activateAddress': true,
  'app:reclaim': true,
  'app:queryOrders': true,
  'app:orderTotals': true,
  'app:spendChart': true,
  'app:priceHistory': true,
  'app:exportOrders': true,
  'app:getOrderDetail': true,
  'app:getSmartPrice': true,
  'app:listPresets': true,
  'app:savePreset': true,
  'app:deletePreset': true,
  'app:reorderPresets': true,
  'app:runPreset': true,
  'app:addDefaultPresets': true,
  'app:getSettings': true,
  'app:updateSettings': true,
  'app:openExternal': true,
  'app:openLogs': true,
  'app:openDashboard': true,
  'app:hidePopover': true,
  'app:setPollingPaused': true,
  'app:listWallets': true,
  'app:addWallet': true,
  'app:updateWallet': true,
  'app:removeWallet': true,
  'app:refreshWallet': true,
  'app:estimateTransfer': true,
  'app:quoteTopUp': true,
  'app:buyTopUp': true,
  'app:getNodeSettings': true,
  'app:setNodeUrl': true,
  'app:setNodeDailyBudget': true,
  'app:setNodeKey': true,
  'app:clearNodeKey': true,
  'app:getSavings': true,
  'app:listRules': true,
  'app:saveRule': true,
  'app:setRuleEnabled': true,
  'app:deleteRule': true,
  'app:acknowledgeRule': true,
  'app:setAutoTopUpsPaused': true,
  'app:listDecisions': true,
  'app:getAssistantAllowance': true,
  'app:saveAssistantAllowance': true,
} as const satisfies Record<Method, true>;

export const METHOD_NAMES = Object.keys(METHOD_FLAGS) as Method[];

const EVENT_FLAGS = {
  'app:state': true, 'app:balance': true, 'app:order-updated': true, 'app:presets': true,
  'app:orders-reset': true, 'app:open-order': true, 'app:notice': true, 'app:navigate': true,
  'app:wallets': true, 'app:savings': true, 'app:rules': true, 'app:settings': true,
} as const satisfies Record<EventName, true>;

export const EVENT_NAMES = Object.keys(EVENT_FLAGS) as EventName[];

import type { IpcResult } from './ipc-result.ts';
export type { IpcError, IpcErrorCode, IpcResult } from './ipc-result.ts';

/** `app:getInfo` → `getInfo`: the name the bridge exposes on window.energyTray. */
export type BridgeName<M extends Method> = M extends `app:${infer N}` ? N : never;

export function bridgeName<M extends Method>(method: M): BridgeName<M> {
  return method.slice('app:'.length) as BridgeName<M>;
}

export type EnergyTrayApi = {
  [M in Method as BridgeName<M>]: (request: RequestOf<M>) => Promise<IpcResult<ResponseOf<M>>>;
} & {
  /** Subscribe to a pushed event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: IpcEvents[E]) => void): () => void;
};

/** The one channel main uses to push events; the event name travels in the message. */
export const EVENT_CHANNEL = 'app:event';

export interface EventMessage<E extends EventName = EventName> {
  event: E;
  payload: IpcEvents[E];
}
