import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { dismissNotice, loadDashboard } from './state/actions.ts';
import { useAppStore } from './state/app-store.ts';
import { useLanguage, useT, useWords } from './i18n.ts';
import { subscribeToMain } from './state/events.ts';
import { focusViewHeading, useFocusRescue } from './hooks/use-focus-rescue.ts';
import { BuyPanel } from './components/BuyPanel.tsx';
import { ErrorMessage } from './components/ErrorMessage.tsx';
import { Header, tabId, VIEW_PANEL_ID } from './components/Header.tsx';
import { OrdersPanel } from './components/OrdersPanel.tsx';
import { Overview } from './components/Overview.tsx';
import { Popover } from './components/Popover.tsx';
import { ServiceBanner } from './components/ServiceBanner.tsx';
import { SettingsPanel } from './components/SettingsPanel.tsx';
import { SmartPricePanel } from './components/SmartPricePanel.tsx';
import { Toasts } from './components/Toasts.tsx';
import { Welcome } from './components/Welcome.tsx';
import { WalletsPanel } from './components/wallets/WalletsPanel.tsx';

function Notices() {
  const { notices, state } = useAppStore(useShallow((s) => ({ notices: s.notices, state: s.state })));
  const t = useT();
  const words = useWords();
  // Main's notices are messages of the catalogues: worded here, in the dashboard's language.
  const kept = (state?.notices ?? []).map((message) => ({ level: 'warning' as const, message: words(message) }));
  const all = [...kept, ...notices.map((n) => ({ level: n.level, message: words(n.message) }))];
  if (all.length === 0) return null;
  return (
    <div className="notices">
      {all.map((n, i) => (
        <div key={`${i}-${n.message}`} className={`notice notice-${n.level}`} role="status">
          {n.message}
          {i >= (state?.notices.length ?? 0) && (
            <button
              type="button"
              className="link"
              onClick={() => dismissNotice(i - (state?.notices.length ?? 0))}
              aria-label={t('common.dismiss')}
            >
              ×
            </button>
          )}
        </div>
      ))}
    </div>
  );
}

/** Skeleton cards while the first answers are on their way (never a bare "Loading…"). */
function Skeleton() {
  const t = useT();
  return (
    <div className="stack" aria-busy="true" aria-label={t('common.loading')}>
      {[0, 1, 2].map((i) => (
        <div key={i} className="card skeleton-card">
          <span className="skeleton skeleton-title" />
          <span className="skeleton" />
        </div>
      ))}
    </div>
  );
}

/** Focus is on a tab of the section tabs: a tab opened from there keeps it (arrow keys go on from the tab). */
const focusInTabList = (): boolean => document.activeElement?.getAttribute('role') === 'tab';

/**
 * Which view is shown; when it changes, focus goes to its heading (or, back
 * from an order, to that order's row), unless the change came from the tab
 * list, where focus stays on the tab.
 */
function useViewFocus(view: string, selectedOrderId: string | null): void {
  const previous = useRef<{ view: string; order: string | null } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = { view, order: selectedOrderId };
    if (!before || (before.view === view && before.order === selectedOrderId)) return;
    if (before.order === selectedOrderId && focusInTabList()) return;
    if (before.order && !selectedOrderId && view === 'orders') {
      requestAnimationFrame(() => {
        const row = document.querySelector<HTMLElement>(`[data-order-open="${CSS.escape(before.order ?? '')}"]`);
        if (row) row.focus();
        else focusViewHeading();
      });
      return;
    }
    focusViewHeading();
  }, [view, selectedOrderId]);
}

function Dashboard() {
  const { state, tab, loading, loadError, selectedOrderId } = useAppStore(
    useShallow((s) => ({ state: s.state, tab: s.tab, loading: s.loading, loadError: s.loadError, selectedOrderId: s.selectedOrderId })),
  );
  useViewFocus(state?.mode === 'welcome' ? 'welcome' : state ? tab : 'loading', selectedOrderId);
  const tabbed = state !== null && state.mode !== 'welcome';
  // The page scrolls inside <main>; the header stays, and the toasts have a strip of their own below, so they never cover a control.
  return (
    <div className="app">
      <div className="app-top">
        <Header />
        <ServiceBanner />
      </div>
      {/* Focusable (one tab stop) so the view can be scrolled from the keyboard even where it holds no control. */}
      <main className="app-main" tabIndex={0}>
        <div className="app-content" {...(tabbed ? { id: VIEW_PANEL_ID, role: 'tabpanel', 'aria-labelledby': tabId(tab) } : {})}>
          <ErrorMessage error={loadError} />
          <Notices />
          {loading && !state ? (
            <Skeleton />
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
        </div>
      </main>
      <Toasts />
    </div>
  );
}

/** The tray window loads the same page with #popover. */
export const isPopoverRoute = (): boolean => globalThis.location?.hash === '#popover';

/** The document speaks the app's language: screen readers pronounce it, and the browser hyphenates by its rules. */
function useDocumentLanguage(): void {
  const language = useLanguage();
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
}

export function App() {
  useDocumentLanguage();
  useEffect(() => {
    const off = subscribeToMain();
    void loadDashboard();
    return off;
  }, []);
  useFocusRescue();
  return isPopoverRoute() ? <Popover /> : <Dashboard />;
}
