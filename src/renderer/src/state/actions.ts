import type {
  AppStateView,
  AssistantAllowanceDraftView,
  IpcResult,
  OrderFilterView,
  OrderPageView,
  OrderQueryView,
  OrderStateView,
  OrderView,
  PresetInput,
  PresetView,
  RequestOf,
  SettingsPatch,
  TotalsPeriodView,
  WalletInput,
  WalletsView,
  DecisionQueryView,
  RuleDraftView,
  RulesView,
} from '../../../shared/ipc.ts';
import { getBridge } from '../bridge.ts';
import { ensureLanguage } from '../catalogues.ts';
import { byNewest, isInProgress, newest, RECENT_OUTCOMES, selectOrder, useAppStore, type Tab } from './app-store.ts';

/**
 * Everything the dashboard asks of main, and the only place besides
 * state/events.ts that writes the store. Each action returns main's result,
 * so a form can show an error in words or act on the value; where main
 * answers with new state (a mode switch, the preset list, the settings), the
 * action writes it, so the store is right even before the pushed event lands.
 */

const write = useAppStore.setState;

/** Writes the value of a successful result with `apply`, and hands the result on. */
async function writing<T>(result: Promise<IpcResult<T>>, apply: (value: T) => void): Promise<IpcResult<T>> {
  const answer = await result;
  if (answer.ok) apply(answer.value);
  return answer;
}

const applyState = (state: AppStateView): void => write({ state });
const applyPresets = (presets: PresetView[]): void => write({ presets });
const applyWallets = (wallets: WalletsView): void => write({ wallets });

// ── the dashboard itself ──

export function setTab(tab: Tab): void {
  write({ tab });
}

export { selectOrder };

/** The banner's "Fix key": Settings, with the active profile's key form open. */
export function openFixKey(): void {
  write({ tab: 'settings', fixKeyFor: useAppStore.getState().state?.activeProfileId ?? null });
}

/** Settings opened the key form "Fix key" asked for. */
export function fixKeyOpened(): void {
  write({ fixKeyFor: null });
}

export function dismissToast(id: number): void {
  write({ toasts: useAppStore.getState().toasts.filter((t) => t.id !== id) });
}

export function dismissNotice(index: number): void {
  write({ notices: useAppStore.getState().notices.filter((_, i) => i !== index) });
}

const FINISHED: OrderStateView[] = ['succeeded', 'failed', 'outcome_unknown', 'stalled'];

/** At most this many orders are in progress at once (the scheduler's work, not the history). */
const IN_PROGRESS_LIMIT = 200;

/** The first load. Events that arrived while loading are newer than these answers: they are kept. */
export async function loadDashboard(): Promise<void> {
  const bridge = getBridge();
  write({ loading: true, loadError: null });
  const [info, state, active, presets, settings, wallets, savings, recent] = await Promise.all([
    bridge.getInfo({}),
    bridge.getState({}),
    bridge.queryOrders({ states: ['submitting', 'running'], offset: 0, limit: IN_PROGRESS_LIMIT }),
    bridge.listPresets({}),
    bridge.getSettings({}),
    bridge.listWallets({}),
    bridge.getSavings({}),
    bridge.queryOrders({ states: FINISHED, offset: 0, limit: RECENT_OUTCOMES }),
  ]);
  const firstError = [info, state, active, presets, settings, wallets, savings].find(
    (r): r is Extract<IpcResult<unknown>, { ok: false }> => !r.ok,
  );
  // The first screen in the person's language, not English for a moment: its catalogue is a chunk of its own.
  if (settings.ok) await ensureLanguage(settings.value.resolvedLanguage);
  const now = useAppStore.getState();
  write({
    info: info.ok ? info.value : null,
    state: now.state ?? (state.ok ? state.value : null),
    activeOrders: mergeInProgress(active.ok ? active.value.orders : []),
    presets: now.presets.length > 0 ? now.presets : presets.ok ? presets.value : [],
    settings: settings.ok ? settings.value : null,
    // A pushed list or figure is newer than these answers.
    wallets: now.wallets.wallets.length > 0 || !wallets.ok ? now.wallets : wallets.value,
    savings: now.savings ?? (savings.ok ? savings.value : null),
    recentOrders: now.recentOrders.length > 0 || !recent.ok ? now.recentOrders : recent.value.orders,
    loadError: firstError ? firstError.error : null,
    loading: false,
  });
}

/** Loaded orders in progress, each replaced by a newer pushed view (which may have finished meanwhile). */
function mergeInProgress(loaded: readonly OrderView[]): OrderView[] {
  const current = useAppStore.getState().activeOrders;
  const known = new Set(current.map((o) => o.localId));
  const fresh = loaded
    .filter((o) => !known.has(o.localId))
    .map(newest)
    .filter(isInProgress);
  return [...current, ...fresh].sort(byNewest);
}

// ── the order history (a page at a time) ──

let latestQuery = 0;

/** Asks main for one page of the history and shows it, unless a newer query was asked meanwhile. */
export async function queryOrders(query: OrderQueryView): Promise<IpcResult<OrderPageView>> {
  const ticket = ++latestQuery;
  write({ orderQuery: query });
  const result = await getBridge().queryOrders(query);
  if (ticket === latestQuery && result.ok) write({ orderPage: { ...result.value, orders: result.value.orders.map(newest) } });
  return result;
}

let reloading: Promise<void> | null = null;
let reloadAgain = false;

/** The page shown, asked again (a new order, another account); a burst of new orders costs one query at a time. */
export function reloadOrders(): Promise<void> {
  if (reloading) {
    reloadAgain = true;
    return reloading;
  }
  reloading = (async () => {
    do {
      reloadAgain = false;
      await queryOrders(useAppStore.getState().orderQuery);
    } while (reloadAgain);
    reloading = null;
  })();
  return reloading;
}

/** The orders in progress, asked again (after a switch of account or mode). */
export async function reloadInProgress(): Promise<void> {
  const result = await getBridge().queryOrders({ states: ['submitting', 'running'], offset: 0, limit: IN_PROGRESS_LIMIT });
  if (result.ok) write({ activeOrders: mergeInProgress(result.value.orders) });
}

export const orderTotals = (filter: OrderFilterView, period: TotalsPeriodView) => getBridge().orderTotals({ filter, period });
/** Spend per day of the last `days` days with what the energy would have burned (the Orders chart). */
export const spendChart = (days: number) => getBridge().spendChart({ days });
/** The quotes the app made in the last `days` days (the price sparklines). */
export const priceHistory = (days: number) => getBridge().priceHistory({ days });
/** Main draws the save dialog; the dashboard never names a file. */
export const exportOrders = (filter: OrderFilterView) => getBridge().exportOrders({ filter });

// ── mode and accounts ──

export const startDemo = () => writing(getBridge().startDemo({}), applyState);
export const stopDemo = () => writing(getBridge().stopDemo({}), applyState);
export const removeCredentials = (profileId: string) => writing(getBridge().removeCredentials({ profileId }), applyState);
export const setActiveProfile = (profileId: string) => writing(getBridge().setActiveProfile({ profileId }), applyState);
export const connectAccount = (request: RequestOf<'app:connectAccount'>) =>
  writing(getBridge().connectAccount(request), (result) => applyState(result.state));

// ── balance, quotes and orders (main pushes the orders and the balance) ───

export const refreshBalance = () => getBridge().refreshBalance({});
export const checkAddress = (address: string) => getBridge().checkAddress({ address });
export const quoteTimed = (request: RequestOf<'app:quoteTimed'>) => getBridge().quoteTimed(request);
export const quoteFastRecover = (request: RequestOf<'app:quoteFastRecover'>) => getBridge().quoteFastRecover(request);
export const buyTimed = (request: RequestOf<'app:buyTimed'>) => getBridge().buyTimed(request);
export const buyFastRecover = (request: RequestOf<'app:buyFastRecover'>) => getBridge().buyFastRecover(request);
export const activateAddress = (address: string) => getBridge().activateAddress({ address });
export const reclaim = (localId: string) => getBridge().reclaim({ localId });
export const getOrderDetail = (localId: string) => getBridge().getOrderDetail({ localId });
export const getSmartPrice = () => getBridge().getSmartPrice({});

// ── presets ──

export const runPreset = (id: string) => getBridge().runPreset({ id });
export const savePreset = (preset: PresetInput) => writing(getBridge().savePreset({ preset }), applyPresets);
export const deletePreset = (id: string) => writing(getBridge().deletePreset({ id }), applyPresets);
export const reorderPresets = (ids: string[]) => writing(getBridge().reorderPresets({ ids }), applyPresets);
export const addDefaultPresets = (address: string) => writing(getBridge().addDefaultPresets({ address }), applyPresets);

// ── wallets and the TRON node (main pushes every new reading) ─────────────

export const addWallet = (wallet: WalletInput) => writing(getBridge().addWallet({ wallet }), (result) => applyWallets(result.wallets));
export const updateWallet = (id: string, wallet: Omit<WalletInput, 'address'>) =>
  writing(getBridge().updateWallet({ id, wallet }), applyWallets);
export const removeWallet = (id: string) => writing(getBridge().removeWallet({ id }), applyWallets);
export const refreshWallet = (id: string) => writing(getBridge().refreshWallet({ id }), applyWallets);
export const estimateTransfer = (request: RequestOf<'app:estimateTransfer'>) => getBridge().estimateTransfer(request);
export const quoteTopUp = (walletId: string, transfers: number) => getBridge().quoteTopUp({ walletId, transfers });
export const buyTopUp = (request: RequestOf<'app:buyTopUp'>) => getBridge().buyTopUp(request);
export const getNodeSettings = () => getBridge().getNodeSettings({});
export const setNodeUrl = (nodeUrl: string | null) => getBridge().setNodeUrl({ nodeUrl });
export const setNodeDailyBudget = (budget: number | null) => getBridge().setNodeDailyBudget({ budget });
export const setNodeKey = (apiKey: string) => getBridge().setNodeKey({ apiKey });
export const clearNodeKey = () => getBridge().clearNodeKey({});

// ── auto top-up rules (main asks before a rule may spend more) ─────────────

const applyRules = (rules: RulesView): void => write({ rules });
export const loadRules = () => writing(getBridge().listRules({}), applyRules);
export const saveRule = (id: string | undefined, draft: RuleDraftView) =>
  writing(getBridge().saveRule(id === undefined ? { draft } : { id, draft }), (answer) => answer.saved && applyRules(answer.rules));
export const setRuleEnabled = (id: string, enabled: boolean) => writing(getBridge().setRuleEnabled({ id, enabled }), applyRules);
export const deleteRule = (id: string) => writing(getBridge().deleteRule({ id }), applyRules);
export const acknowledgeRule = (id: string) => writing(getBridge().acknowledgeRule({ id }), applyRules);
export const setAutoTopUpsPaused = (paused: boolean) => writing(getBridge().setAutoTopUpsPaused({ paused }), applyRules);
export const listDecisions = (query: DecisionQueryView) => getBridge().listDecisions(query);

// ── the assistant allowance (energy-tray mcp; main asks before it may spend more) ──

export const getAssistantAllowance = () => getBridge().getAssistantAllowance({});
export const saveAssistantAllowance = (draft: AssistantAllowanceDraftView | null) => getBridge().saveAssistantAllowance({ draft });

// ── settings and the desktop ──

/** Optimistic: the control shows the choice at once; a refused save puts the old value back. */
export async function updateSettings(patch: SettingsPatch) {
  const previous = useAppStore.getState().settings;
  if (previous) write({ settings: { ...previous, ...patch } });
  const result = await getBridge().updateSettings({ patch });
  if (result.ok) await ensureLanguage(result.value.resolvedLanguage);
  write({ settings: result.ok ? result.value : previous });
  return result;
}

export const openLogs = () => getBridge().openLogs({});
/** From the popover: main shows the dashboard window (on a tab or an order). */
export const openDashboard = (tab: Tab | null = null, localId: string | null = null) => getBridge().openDashboard({ tab, localId });
export const openExternal = (url: string) => getBridge().openExternal({ url });
/** Escape in the popover: main hides it. */
export const hidePopover = () => getBridge().hidePopover({});
/** The popover's Pause (main asks before pausing) and Resume. */
export const setPollingPaused = (paused: boolean) => writing(getBridge().setPollingPaused({ paused }), applyState);
