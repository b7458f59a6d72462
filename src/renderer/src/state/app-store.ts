import { create } from 'zustand';
import type {
  AppInfo,
  AppStateView,
  DashboardTab,
  IpcError,
  IpcResult,
  NoticeView,
  OrderView,
  PresetView,
  SettingsView,
} from '../../../shared/ipc.ts';
import { getBridge } from '../bridge.ts';

export type Tab = DashboardTab;

/**
 * Everything the dashboard shows, mirrored from main. Main pushes changes as
 * events; the store never polls the API itself.
 */
export interface AppStore {
  info: AppInfo | null;
  state: AppStateView | null;
  orders: OrderView[];
  presets: PresetView[];
  settings: SettingsView | null;
  tab: Tab;
  selectedOrderId: string | null;
  notices: NoticeView[];
  loadError: IpcError | null;
  loading: boolean;
  setTab(tab: Tab): void;
  selectOrder(localId: string | null): void;
  dismissNotice(index: number): void;
  load(): Promise<void>;
  subscribe(): () => void;
  applyState(state: AppStateView): void;
  upsertOrder(order: OrderView): void;
  setPresets(presets: PresetView[]): void;
  setSettings(settings: SettingsView): void;
}

export const useAppStore = create<AppStore>()((set, get) => ({
  info: null,
  state: null,
  orders: [],
  presets: [],
  settings: null,
  tab: 'overview',
  selectedOrderId: null,
  notices: [],
  loadError: null,
  loading: true,
  setTab: (tab) => set({ tab }),
  selectOrder: (selectedOrderId) => set({ selectedOrderId, ...(selectedOrderId ? { tab: 'orders' as const } : {}) }),
  dismissNotice: (index) => set({ notices: get().notices.filter((_, i) => i !== index) }),
  applyState: (state) => set({ state }),
  upsertOrder: (order) => {
    const rest = get().orders.filter((o) => o.localId !== order.localId);
    set({ orders: [order, ...rest].sort((a, b) => b.createdAt - a.createdAt) });
  },
  setPresets: (presets) => set({ presets }),
  setSettings: (settings) => set({ settings }),
  async load() {
    const bridge = getBridge();
    set({ loading: true, loadError: null });
    const [info, state, orders, presets, settings] = await Promise.all([
      bridge.getInfo({}),
      bridge.getState({}),
      bridge.listOrders({}),
      bridge.listPresets({}),
      bridge.getSettings({}),
    ]);
    const firstError = [info, state, orders, presets, settings].find((r): r is Extract<IpcResult<unknown>, { ok: false }> => !r.ok);
    // Events that arrived while loading are newer than these answers: keep them.
    const now = get();
    const pushed = new Map(now.orders.map((o) => [o.localId, o]));
    const loaded = orders.ok ? orders.value : [];
    const merged = loaded.map((o) => {
      const newer = pushed.get(o.localId);
      return newer && newer.updatedAt > o.updatedAt ? newer : o;
    });
    const known = new Set(merged.map((o) => o.localId));
    set({
      info: info.ok ? info.value : null,
      state: now.state ?? (state.ok ? state.value : null),
      orders: [...now.orders.filter((o) => !known.has(o.localId)), ...merged].sort((a, b) => b.createdAt - a.createdAt),
      presets: now.presets.length > 0 ? now.presets : presets.ok ? presets.value : [],
      settings: settings.ok ? settings.value : null,
      loadError: firstError ? firstError.error : null,
      loading: false,
    });
  },
  subscribe() {
    const bridge = getBridge();
    const offs = [
      bridge.on('app:state', (state) => get().applyState(state)),
      bridge.on('app:balance', (balance) => {
        const current = get().state;
        if (current) set({ state: { ...current, balance } });
      }),
      bridge.on('app:order-updated', (order) => get().upsertOrder(order)),
      bridge.on('app:presets', (presets) => set({ presets })),
      bridge.on('app:orders', (orders) => set({ orders, selectedOrderId: null })),
      bridge.on('app:open-order', ({ localId }) => get().selectOrder(localId)),
      bridge.on('app:navigate', ({ tab }) => set({ tab, selectedOrderId: null })),
      bridge.on('app:notice', (notice) => set({ notices: [...get().notices, notice].slice(-5) })),
    ];
    return () => offs.forEach((off) => off());
  },
}));
