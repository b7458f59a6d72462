import { getBridge } from '../bridge.ts';
import { reloadInProgress, reloadOrders } from './actions.ts';
import { applyOrderUpdate, pushToast, selectOrder, useAppStore } from './app-store.ts';
import { currentFormats, currentT } from '../i18n.ts';
import { orderOutcomeToast } from '../messages.ts';

/**
 * What main pushes, written into the store: one of its two writers (the other
 * is state/actions.ts). Main pushes one order per change, never the list: a
 * change to an order on the page shown replaces its row; a new order makes
 * the page ask again. Returns the unsubscribe function.
 */
export function subscribeToMain(): () => void {
  const bridge = getBridge();
  const { setState, getState } = useAppStore;
  const offs = [
    bridge.on('app:state', (state) => setState({ state })),
    bridge.on('app:balance', (balance) => {
      const current = getState().state;
      if (current) setState({ state: { ...current, balance } });
    }),
    bridge.on('app:order-updated', (order) => {
      const before = getState().pushedOrders[order.localId] ?? getState().activeOrders.find((o) => o.localId === order.localId);
      if (applyOrderUpdate(order)) void reloadOrders();
      // An order seen under way that has now finished (or stalled): say so in the app, OS notifications or not.
      const toast = before && before.state !== order.state ? orderOutcomeToast(order, currentT(), currentFormats()) : null;
      if (toast) pushToast({ ...toast, localId: order.localId });
    }),
    bridge.on('app:presets', (presets) => setState({ presets })),
    bridge.on('app:orders-reset', () => {
      const shown = getState().orderPage !== null;
      setState({ activeOrders: [], orderPage: null, pushedOrders: {}, recentOrders: [], selectedOrderId: null });
      void reloadInProgress();
      if (shown) void reloadOrders();
    }),
    bridge.on('app:open-order', ({ localId }) => selectOrder(localId)),
    bridge.on('app:navigate', ({ tab }) => setState({ tab, selectedOrderId: null })),
    bridge.on('app:notice', (notice) => setState({ notices: [...getState().notices, notice].slice(-5) })),
    bridge.on('app:wallets', (wallets) => setState({ wallets })),
    bridge.on('app:savings', (savings) => setState({ savings })),
    bridge.on('app:rules', (rules) => setState({ rules })),
    bridge.on('app:settings', (settings) => setState({ settings })),
  ];
  return () => offs.forEach((off) => off());
}
