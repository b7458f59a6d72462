import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { dismissNotice, loadDashboard } from './state/actions.ts';
import { useAppStore } from './state/app-store.ts';
import { subscribeToMain } from './state/events.ts';
import { BuyPanel } from './components/BuyPanel.tsx';
import { ErrorMessage } from './components/ErrorMessage.tsx';
import { Header } from './components/Header.tsx';
import { OrdersPanel } from './components/OrdersPanel.tsx';
import { Overview } from './components/Overview.tsx';
import { SettingsPanel } from './components/SettingsPanel.tsx';
import { SmartPricePanel } from './components/SmartPricePanel.tsx';
import { Welcome } from './components/Welcome.tsx';
import { WalletsPanel } from './components/wallets/WalletsPanel.tsx';

function Notices() {
  const { notices, state } = useAppStore(useShallow((s) => ({ notices: s.notices, state: s.state })));
  const all = [...(state?.notices ?? []).map((message) => ({ level: 'warning' as const, message })), ...notices];
  if (all.length === 0) return null;
  return (
    <div className="notices">
      {all.map((n, i) => (
        <div key={`${i}-${n.message}`} className={`notice notice-${n.level}`} role="status">
          {n.message}
          {i >= (state?.notices.length ?? 0) && (
            <button type="button" className="link" onClick={() => dismissNotice(i - (state?.notices.length ?? 0))} aria-label="Dismiss">
              ×
            </button>
          )}
        </div>
      ))}
    </div>
  );
}

export function App() {
  const { state, tab, loading, loadError } = useAppStore(
    useShallow((s) => ({ state: s.state, tab: s.tab, loading: s.loading, loadError: s.loadError })),
  );
  useEffect(() => {
    const off = subscribeToMain();
    void loadDashboard();
    return off;
  }, []);

  return (
    <div className="app">
      <Header />
      <main>
        <ErrorMessage error={loadError} />
        <Notices />
        {loading && !state ? (
          <p className="muted">Loading…</p>
        ) : state?.mode === 'welcome' ? (
          <Welcome />
        ) : (
          <>
            {tab === 'overview' && <Overview />}
            {tab === 'wallets' && <WalletsPanel />}
            {tab === 'buy' && <BuyPanel />}
            {tab === 'orders' && <OrdersPanel />}
            {tab === 'prices' && <SmartPricePanel />}
            {tab === 'settings' && <SettingsPanel />}
          </>
        )}
      </main>
    </div>
  );
}
