import { useShallow } from 'zustand/react/shallow';
import { formatCount, shortenAddress } from '../../../shared/format.ts';
import type { PresetView } from '../../../shared/ipc.ts';
import { useQuote } from '../hooks/use-quote.ts';
import { openDashboard, quoteFastRecover, quoteTimed } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { BalanceCard, Pending } from './BalanceCard.tsx';
import { Money } from './Money.tsx';
import { InProgressList, RecentOutcomes } from './OrderProgress.tsx';
import { ServiceBanner } from './ServiceBanner.tsx';
import { Toasts } from './Toasts.tsx';

const showOrder = (localId: string): void => void openDashboard(null, localId);

function PresetQuote({ preset }: { preset: PresetView }) {
  const quote = useQuote(`${preset.id}|${preset.kind}|${preset.resource}|${preset.count}|${preset.period ?? ''}`, () =>
    preset.kind === 'timed' ? quoteTimed({ type: preset.resource, count: preset.count, period: preset.period ?? '1h' }) : quoteFastRecover({ resourceType: preset.resource, count: preset.count }),
  );
  return (
    <li>
      <strong>{preset.name}</strong>
      <span className="muted small">
        {' '}
        {formatCount(preset.count)} {preset.resource === 'net' ? 'bandwidth' : 'energy'}
        {preset.period ? ` (${preset.period})` : ''} → <span title={preset.address}>{shortenAddress(preset.address, 4, 4)}</span>
      </span>{' '}
      <span data-testid="preset-quote">{quote.quote ? <>≈ <Money sun={quote.quote.amountSun} context="price" /></> : quote.error ? 'no quote' : <Pending short />}</span>
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
            <PresetQuote key={p.id} preset={p} />
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
