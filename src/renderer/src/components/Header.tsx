import { useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { KeyOf } from '../../../shared/i18n/catalogue.ts';
import { useT, useWords } from '../i18n.ts';
import { tabKeyTarget, tabShortcut, useTabShortcuts } from '../hooks/use-tab-keys.ts';
import { pausedWords } from '../messages.ts';
import { setTab } from '../state/actions.ts';
import { useAppStore, type Tab } from '../state/app-store.ts';

export const TABS: ReadonlyArray<{ id: Tab; label: KeyOf<'renderer'> }> = [
  { id: 'overview', label: 'tabs.overview' },
  { id: 'wallets', label: 'tabs.wallets' },
  { id: 'buy', label: 'tabs.buy' },
  { id: 'orders', label: 'tabs.orders' },
  { id: 'prices', label: 'tabs.prices' },
  { id: 'settings', label: 'tabs.settings' },
];

export const tabId = (tab: Tab): string => `tab-${tab}`;
export const VIEW_PANEL_ID = 'view-panel';

/**
 * The sections as a real tab list (WAI-ARIA tabs, selection follows focus):
 * one tab stop, arrow keys and Home/End move between the tabs and open them,
 * Tab goes on into the view. Ctrl/⌘+1…6 jump there from anywhere.
 */
function SectionTabs({ tab }: { tab: Tab }) {
  const t = useT();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: React.KeyboardEvent): void => {
    const next = tabKeyTarget(e.key, TABS.findIndex((one) => one.id === tab), TABS.length);
    if (next === null) return;
    e.preventDefault();
    setTab(TABS[next]!.id);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={t('header.sections')} className="tabs" onKeyDown={onKeyDown}>
      {TABS.map((one, i) => {
        const selected = one.id === tab;
        return (
          <button
            key={one.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={tabId(one.id)}
            type="button"
            role="tab"
            className={selected ? 'tab active' : 'tab'}
            aria-selected={selected}
            aria-controls={VIEW_PANEL_ID}
            aria-keyshortcuts={tabShortcut(i)}
            tabIndex={selected ? 0 : -1}
            onClick={() => setTab(one.id)}
          >
            {t(one.label)}
          </button>
        );
      })}
    </div>
  );
}

const openTabAt = (index: number): boolean => {
  const target = TABS[index];
  if (target) setTab(target.id);
  return target !== undefined;
};

export function Header() {
  const { info, state, tab } = useAppStore(useShallow((s) => ({ info: s.info, state: s.state, tab: s.tab })));
  const active = state?.profiles.find((p) => p.id === state.activeProfileId);
  const t = useT();
  const words = useWords();
  const showTabs = state !== null && state.mode !== 'welcome';
  const paused = state ? pausedWords(state.polling, t, words) : null;
  useTabShortcuts(showTabs, openTabAt);
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
        {paused && (
          <span className="badge badge-warn" role="status">
            {paused}
          </span>
        )}
      </div>
      {showTabs && <SectionTabs tab={tab} />}
    </header>
  );
}
