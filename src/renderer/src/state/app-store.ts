import { create } from 'zustand';
import type {
  AppInfo,
  AppStateView,
  DashboardTab,
  IpcError,
  NoticeView,
  OrderPageView,
  OrderQueryView,
  OrderView,
  PresetView,
  SavingsView,
  RulesView,
  SettingsView,
  WalletsView,
} from '../../../shared/ipc.ts';

export type Tab = DashboardTab;

/** An in-app message about an order's outcome; shown whether or not OS notifications are on. */
export interface Toast {
  id: number;
  level: 'ok' | 'error' | 'warn';
  message: string;
  localId: string | null;
}

/** How many finished orders the Overview's and the popover's "recent" strip shows. */
export const RECENT_OUTCOMES = 5;

/** Rows on one page of the Orders tab. */
export const ORDER_PAGE_SIZE = 50;

/** How many pushed order views are kept to settle a race with a query answer on its way. */
const RECENT_PUSHES = 200;

/**
 * Everything the dashboard shows, mirrored from main, plus which tab and
 * order are open. Components read slices of it (a selector, or useShallow for
 * several fields) so a change re-renders only those that show it. Two modules
 * write it: state/events.ts (what main pushes) and state/actions.ts (what the
 * user asked for and main answered); components call actions, never the bridge.
 *
 * The order history is never held whole: the overview shows the orders in
 * progress, the Orders tab one page of its query.
 */
export interface AppStore {
  info: AppInfo | null;
  state: AppStateView | null;
  /** Orders submitting or running, newest first. */
  activeOrders: OrderView[];
  /** The Orders tab's query and the page main answered it with (null until asked). */
  orderQuery: OrderQueryView;
  orderPage: OrderPageView | null;
  /** The newest view main pushed of recently changed orders, by local id (bounded). */
  pushedOrders: Record<string, OrderView>;
  presets: PresetView[];
  settings: SettingsView | null;
  wallets: WalletsView;
  savings: SavingsView | null;
  /** Auto top-up rules (main pushes them after a change or a decision). */
  rules: RulesView;
  tab: Tab;
  /** "Fix key" was asked: Settings opens this profile's key form (cleared once it did). */
  fixKeyFor: string | null;
  selectedOrderId: string | null;
  notices: NoticeView[];
  toasts: Toast[];
  /** The last few finished orders, newest first. */
  recentOrders: OrderView[];
  loadError: IpcError | null;
  loading: boolean;
}

export const useAppStore = create<AppStore>()(() => ({
  info: null,
  state: null,
  activeOrders: [],
  orderQuery: { offset: 0, limit: ORDER_PAGE_SIZE },
  orderPage: null,
  pushedOrders: {},
  presets: [],
  settings: null,
  wallets: { wallets: [], suggestions: [] },
  savings: null,
  rules: { rules: [], pausedAll: false, periods: [] },
  tab: 'overview',
  fixKeyFor: null,
  selectedOrderId: null,
  notices: [],
  toasts: [],
  recentOrders: [],
  loadError: null,
  loading: true,
}));

/** Newest first, the order the lists show. */
export const byNewest = (a: OrderView, b: OrderView): number => b.createdAt - a.createdAt;

/** Most recently finished first. */
export const byFinished = (a: OrderView, b: OrderView): number => (b.finishedAt ?? b.updatedAt) - (a.finishedAt ?? a.updatedAt);

export const isInProgress = (o: OrderView): boolean => o.state === 'submitting' || o.state === 'running';

/** The newer of a loaded view and one main pushed meanwhile. */
export function newest(loaded: OrderView): OrderView {
  const pushed = useAppStore.getState().pushedOrders[loaded.localId];
  return pushed && pushed.updatedAt > loaded.updatedAt ? pushed : loaded;
}

/**
 * One order's new view: it replaces its old one on the page shown and in the
 * orders in progress (entering or leaving that list). Returns whether the page
 * shown lacks it (a new order: the page is out of date).
 */
export function applyOrderUpdate(order: OrderView): boolean {
  const { activeOrders, orderPage, pushedOrders, recentOrders } = useAppStore.getState();
  const others = activeOrders.filter((o) => o.localId !== order.localId);
  const recent = { ...pushedOrders, [order.localId]: order };
  const keys = Object.keys(recent);
  if (keys.length > RECENT_PUSHES) delete recent[keys[0]!];
  const onPage = orderPage?.orders.some((o) => o.localId === order.localId) ?? false;
  useAppStore.setState({
    activeOrders: isInProgress(order) ? [order, ...others].sort(byNewest) : others,
    pushedOrders: recent,
    recentOrders: isInProgress(order)
      ? recentOrders.filter((o) => o.localId !== order.localId)
      : [order, ...recentOrders.filter((o) => o.localId !== order.localId)].sort(byFinished).slice(0, RECENT_OUTCOMES),
    ...(orderPage && onPage
      ? { orderPage: { ...orderPage, orders: orderPage.orders.map((o) => (o.localId === order.localId ? order : o)) } }
      : {}),
  });
  return orderPage !== null && !onPage;
}

let nextToastId = 1;

/** At most this many toasts stack up. */
export const MAX_TOASTS = 4;

/**
 * Adds an in-app toast. Successes leave on their own after a while; failures
 * stay until dismissed (Toasts.tsx). Past MAX_TOASTS the oldest success makes
 * room first, so a failure is not pushed out by news that needs nothing.
 */
export function pushToast(toast: Omit<Toast, 'id'>): void {
  const toasts = [...useAppStore.getState().toasts, { ...toast, id: nextToastId++ }];
  while (toasts.length > MAX_TOASTS) {
    const oldestOk = toasts.findIndex((one) => one.level === 'ok');
    toasts.splice(oldestOk === -1 ? 0 : oldestOk, 1);
  }
  useAppStore.setState({ toasts });
}

/** Opens an order's detail (on the Orders tab), or closes it. */
export function selectOrder(selectedOrderId: string | null): void {
  useAppStore.setState({ selectedOrderId, ...(selectedOrderId ? { tab: 'orders' as const } : {}) });
}
