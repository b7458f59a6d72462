import { useShallow } from 'zustand/react/shallow';
import { formatCount, shortenAddress } from '../../../shared/format.ts';
import type { PresetView } from '../../../shared/ipc.ts';
import { openDashboard } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { BalanceCard } from './BalanceCard.tsx';
import { PresetQuote } from './PresetQuote.tsx';
import { InProgressList, RecentOutcomes } from './OrderProgress.tsx';
import { ServiceBanner } from './ServiceBanner.tsx';
import { Toasts } from './Toasts.tsx';

const showOrder = (localId: string): void => void openDashboard(null, localId);

function PresetLine({ preset }: { preset: PresetView }) {
  return (
    <li>
      <strong>{preset.name}</strong>
      <span className="muted small">
        {' '}
        {formatCount(preset.count)} {preset.resource === 'net' ? 'bandwidth' : 'energy'}
        {preset.period ? ` (${preset.period})` : ''} → <span title={preset.address}>{shortenAddress(preset.address, 4, 4)}</span>
      </span>{' '}
      <PresetQuote preset={preset} />
    </li>
  );
}

/** Watched wallets with their energy; without any, the presets with live quotes. */
function Watched() {
  const { wallets, presets } = useAppStore(useShallow((s) => ({ wallets: s.wallets.wallets, presets: s.presets })));
  if (wallets.length > 0) {
    return (
      <section className="card compact" aria-labelledby="pop-wallets">
        <h2 id="pop-wallets">Wallets</h2>
        <ul className="plain status-list">
          {wallets.map((w) => (
            <li key={w.id}>
              <strong>{w.label}</strong>{' '}
              <span className={w.low ? 'warn' : 'muted'}>{w.energy ? `${formatCount(w.energy.available)} energy` : 'reading…'}</span>
              {w.covered && <span className="muted small"> · {w.covered.planned} transfers</span>}
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section className="card compact" aria-labelledby="pop-presets">
      <h2 id="pop-presets">One-click top-ups</h2>
      {presets.length === 0 ? (
        <p className="muted small">No presets yet: add them in the dashboard.</p>
      ) : (
        <ul className="plain status-list">
          {presets.slice(0, 4).map((p) => (
            <PresetLine key={p.id} preset={p} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The tray popover (Windows, macOS): a glance at 380 px. Buying happens from
 * the tray menu or the dashboard; here everything opens the dashboard.
 */
export function Popover() {
  const state = useAppStore((s) => s.state);
  return (
    <div className="popover">
      <header className="popover-head">
        <h1>Energy Tray</h1>
        {state?.mode === 'demo' && <span className="badge badge-demo">Demo</span>}
        <button type="button" className="primary" onClick={() => void openDashboard()}>
          Open dashboard
        </button>
      </header>
      <ServiceBanner compact />
      {state?.mode === 'welcome' ? (
        <p className="card compact">Not connected yet. Open the dashboard to connect your account or try the demo.</p>
      ) : (
        <main className="stack">
          <BalanceCard compact />
          <Watched />
          <section className="card compact" aria-labelledby="pop-active">
            <h2 id="pop-active">In progress</h2>
            <InProgressList onOpen={showOrder} />
          </section>
          <section className="card compact" aria-labelledby="pop-recent">
            <h2 id="pop-recent">Recent</h2>
            <RecentOutcomes limit={3} onOpen={showOrder} />
          </section>
        </main>
      )}
      <Toasts showOrder={false} />
    </div>
  );
}
