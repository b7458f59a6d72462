import { create } from 'zustand';
import type {
  AppInfo,
  AppStateView,
  DashboardTab,
  IpcError,
  NoticeView,
  OrderView,
  PresetView,
  SavingsView,
  SettingsView,
  WalletsView,
} from '../../../shared/ipc.ts';

export type Tab = DashboardTab;

/**
 * Everything the dashboard shows, mirrored from main, plus which tab and
 * order are open. Components read slices of it (a selector, or useShallow for
 * several fields) so a change re-renders only those that show it. Two modules
 * write it: state/events.ts (what main pushes) and state/actions.ts (what the
 * user asked for and main answered); components call actions, never the bridge.
 */
export interface AppStore {
  info: AppInfo | null;
  state: AppStateView | null;
  orders: OrderView[];
  presets: PresetView[];
  settings: SettingsView | null;
  wallets: WalletsView;
  savings: SavingsView | null;
  tab: Tab;
  selectedOrderId: string | null;
  notices: NoticeView[];
  loadError: IpcError | null;
  loading: boolean;
}

export const useAppStore = create<AppStore>()(() => ({
  info: null,
  state: null,
  orders: [],
  presets: [],
  settings: null,
  wallets: { wallets: [], suggestions: [] },
  savings: null,
  tab: 'overview',
  selectedOrderId: null,
  notices: [],
  loadError: null,
  loading: true,
}));

/** Newest first, the order the list and the tray show. */
export const byNewest = (a: OrderView, b: OrderView): number => b.createdAt - a.createdAt;

/** One order's new view replaces its old one. */
export function upsertOrder(order: OrderView): void {
  const rest = useAppStore.getState().orders.filter((o) => o.localId !== order.localId);
  useAppStore.setState({ orders: [order, ...rest].sort(byNewest) });
}

/** Opens an order's detail (on the Orders tab), or closes it. */
export function selectOrder(selectedOrderId: string | null): void {
  useAppStore.setState({ selectedOrderId, ...(selectedOrderId ? { tab: 'orders' as const } : {}) });
}
