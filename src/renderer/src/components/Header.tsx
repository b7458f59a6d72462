import { useShallow } from 'zustand/react/shallow';
import { setTab } from '../state/actions.ts';
import { useAppStore, type Tab } from '../state/app-store.ts';

const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'overview', label: 'Overview' },
  { id: 'wallets', label: 'Wallets' },
  { id: 'buy', label: 'Buy' },
  { id: 'orders', label: 'Orders' },
  { id: 'prices', label: 'Prices' },
  { id: 'settings', label: 'Settings' },
];

export function Header() {
  const { info, state, tab } = useAppStore(useShallow((s) => ({ info: s.info, state: s.state, tab: s.tab })));
  const active = state?.profiles.find((p) => p.id === state.activeProfileId);
  return (
    <header className="app-header">
      <div className="title-row">
        <h1>Energy Tray</h1>
        {info && (
          <span className="muted" aria-label="version">
            v{info.version}
          </span>
        )}
        {state?.mode === 'demo' && (
          <span className="badge badge-demo" role="status">
            Demo — no real funds
          </span>
        )}
        {state?.mode === 'account' && active && <span className="badge">{active.name}</span>}
        {state?.polling.paused && (
          <span className="badge badge-warn" role="status">
            Paused{state.polling.reason ? `: ${state.polling.reason}` : ''}
          </span>
        )}
      </div>
      {state && state.mode !== 'welcome' && (
        <nav aria-label="Sections" className="tabs">
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              className={t.id === tab ? 'tab active' : 'tab'}
              aria-current={t.id === tab ? 'page' : undefined}
              onClick={() => setTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </nav>
      )}
    </header>
  );
}
