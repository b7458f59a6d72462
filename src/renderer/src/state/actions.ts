import type { AppStateView, IpcResult, PresetInput, PresetView, RequestOf, SettingsPatch, WalletInput, WalletsView } from '../../../shared/ipc.ts';
import { getBridge } from '../bridge.ts';
import { byNewest, selectOrder, useAppStore, type Tab } from './app-store.ts';

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

// ── the dashboard itself ─────────────────────────────────────────────────

export function setTab(tab: Tab): void {
  write({ tab });
}

export { selectOrder };

export function dismissNotice(index: number): void {
  write({ notices: useAppStore.getState().notices.filter((_, i) => i !== index) });
}

/** The first load. Events that arrived while loading are newer than these answers: they are kept. */
export async function loadDashboard(): Promise<void> {
  const bridge = getBridge();
  write({ loading: true, loadError: null });
  const [info, state, orders, presets, settings, wallets, savings] = await Promise.all([
    bridge.getInfo({}),
    bridge.getState({}),
    bridge.listOrders({}),
    bridge.listPresets({}),
    bridge.getSettings({}),
    bridge.listWallets({}),
    bridge.getSavings({}),
  ]);
  const firstError = [info, state, orders, presets, settings, wallets, savings].find((r): r is Extract<IpcResult<unknown>, { ok: false }> => !r.ok);
  const now = useAppStore.getState();
  const pushed = new Map(now.orders.map((o) => [o.localId, o]));
  const loaded = orders.ok ? orders.value : [];
  const merged = loaded.map((o) => {
    const newer = pushed.get(o.localId);
    return newer && newer.updatedAt > o.updatedAt ? newer : o;
  });
  const known = new Set(merged.map((o) => o.localId));
  write({
    info: info.ok ? info.value : null,
    state: now.state ?? (state.ok ? state.value : null),
    orders: [...now.orders.filter((o) => !known.has(o.localId)), ...merged].sort(byNewest),
    presets: now.presets.length > 0 ? now.presets : presets.ok ? presets.value : [],
    settings: settings.ok ? settings.value : null,
    // A pushed list or figure is newer than these answers.
    wallets: now.wallets.wallets.length > 0 || !wallets.ok ? now.wallets : wallets.value,
    savings: now.savings ?? (savings.ok ? savings.value : null),
    loadError: firstError ? firstError.error : null,
    loading: false,
  });
}

// ── mode and accounts ────────────────────────────────────────────────────

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

// ── presets ──────────────────────────────────────────────────────────────

export const runPreset = (id: string) => getBridge().runPreset({ id });
export const savePreset = (preset: PresetInput) => writing(getBridge().savePreset({ preset }), applyPresets);
export const deletePreset = (id: string) => writing(getBridge().deletePreset({ id }), applyPresets);
export const reorderPresets = (ids: string[]) => writing(getBridge().reorderPresets({ ids }), applyPresets);
export const addDefaultPresets = (address: string) => writing(getBridge().addDefaultPresets({ address }), applyPresets);

// ── wallets and the TRON node (main pushes every new reading) ─────────────

export const addWallet = (wallet: WalletInput) => writing(getBridge().addWallet({ wallet }), (result) => applyWallets(result.wallets));
export const updateWallet = (id: string, wallet: Omit<WalletInput, 'address'>) => writing(getBridge().updateWallet({ id, wallet }), applyWallets);
export const removeWallet = (id: string) => writing(getBridge().removeWallet({ id }), applyWallets);
export const refreshWallet = (id: string) => writing(getBridge().refreshWallet({ id }), applyWallets);
export const estimateTransfer = (request: RequestOf<'app:estimateTransfer'>) => getBridge().estimateTransfer(request);
export const quoteTopUp = (walletId: string, transfers: number) => getBridge().quoteTopUp({ walletId, transfers });
export const buyTopUp = (request: RequestOf<'app:buyTopUp'>) => getBridge().buyTopUp(request);
export const getNodeSettings = () => getBridge().getNodeSettings({});
export const setNodeUrl = (nodeUrl: string | null) => getBridge().setNodeUrl({ nodeUrl });
export const setNodeKey = (apiKey: string) => getBridge().setNodeKey({ apiKey });
export const clearNodeKey = () => getBridge().clearNodeKey({});

// ── settings and the desktop ─────────────────────────────────────────────

/** Optimistic: the control shows the choice at once; a refused save puts the old value back. */
export async function updateSettings(patch: SettingsPatch) {
  const previous = useAppStore.getState().settings;
  if (previous) write({ settings: { ...previous, ...patch } });
  const result = await getBridge().updateSettings({ patch });
  write({ settings: result.ok ? result.value : previous });
  return result;
}

export const openLogs = () => getBridge().openLogs({});
export const openExternal = (url: string) => getBridge().openExternal({ url });
