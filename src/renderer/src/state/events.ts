import { getBridge } from '../bridge.ts';
import { selectOrder, upsertOrder, useAppStore } from './app-store.ts';

/**
 * What main pushes, written into the store: one of its two writers (the other
 * is state/actions.ts). Returns the unsubscribe function.
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
    bridge.on('app:order-updated', upsertOrder),
    bridge.on('app:presets', (presets) => setState({ presets })),
    bridge.on('app:orders', (orders) => setState({ orders, selectedOrderId: null })),
    bridge.on('app:open-order', ({ localId }) => selectOrder(localId)),
    bridge.on('app:navigate', ({ tab }) => setState({ tab, selectedOrderId: null })),
    bridge.on('app:notice', (notice) => setState({ notices: [...getState().notices, notice].slice(-5) })),
    bridge.on('app:wallets', (wallets) => setState({ wallets })),
    bridge.on('app:savings', (savings) => setState({ savings })),
  ];
  return () => offs.forEach((off) => off());
}
