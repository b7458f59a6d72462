import { useShallow } from 'zustand/react/shallow';
import type { KeyOf } from '../../../shared/i18n/catalogue.ts';
import { useT, useWords } from '../i18n.ts';
import { setTab } from '../state/actions.ts';
import { useAppStore, type Tab } from '../state/app-store.ts';

const TABS: Array<{ id: Tab; label: KeyOf<'renderer'> }> = [
  { id: 'overview', label: 'tabs.overview' },
  { id: 'wallets', label: 'tabs.wallets' },
  { id: 'buy', label: 'tabs.buy' },
  { id: 'orders', label: 'tabs.orders' },
  { id: 'prices', label: 'tabs.prices' },
  { id: 'settings', label: 'tabs.settings' },
];

export function Header() {
  const { info, state, tab } = useAppStore(useShallow((s) => ({ info: s.info, state: s.state, tab: s.tab })));
  const active = state?.profiles.find((p) => p.id === state.activeProfileId);
  const t = useT();
  const words = useWords();
  return (
    <header className="app-header">
      <div className="title-row">
        <h1>Energy Tray</h1>
        {info && (
          <span className="muted" aria-label={t('header.version')}>
            v{info.version}
          </span>
        )}
        {state?.mode === 'demo' && (
          <span className="badge badge-demo" role="status">
            {t('header.demo')}
          </span>
        )}
        {state?.mode === 'account' && active && <span className="badge">{active.name}</span>}
        {state?.polling.paused && (
          <span className="badge badge-warn" role="status">
            {state.polling.reason ? t('header.pausedBecause', { reason: words(state.polling.reason) }) : t('header.paused')}
          </span>
        )}
      </div>
      {state && state.mode !== 'welcome' && (
        <nav aria-label={t('header.sections')} className="tabs">
          {TABS.map((one) => (
            <button
              key={one.id}
              type="button"
              className={one.id === tab ? 'tab active' : 'tab'}
              aria-current={one.id === tab ? 'page' : undefined}
              onClick={() => setTab(one.id)}
            >
              {t(one.label)}
            </button>
          ))}
        </nav>
      )}
    </header>
  );
}
