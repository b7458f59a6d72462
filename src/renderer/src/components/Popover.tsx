import { useShallow } from 'zustand/react/shallow';
import { shortenAddress } from '../../../shared/format.ts';
import { useFormat, useT } from '../i18n.ts';
import { resourceAmount } from './order-text.ts';
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
  const t = useT();
  const f = useFormat();
  return (
    <li>
      <strong>{preset.name}</strong>
      <span className="muted small">
        {' '}
        {resourceAmount(preset.count, preset.resource, t, f)}
        {preset.period ? t('popover.period', { period: preset.period }) : ''} → <span title={preset.address}>{shortenAddress(preset.address, 4, 4)}</span>
      </span>{' '}
      <PresetQuote preset={preset} />
    </li>
  );
}

/** Watched wallets with their energy; without any, the presets with live quotes. */
function Watched() {
  const { wallets, presets } = useAppStore(useShallow((s) => ({ wallets: s.wallets.wallets, presets: s.presets })));
  const t = useT();
  const f = useFormat();
  if (wallets.length > 0) {
    return (
      <section className="card compact" aria-labelledby="pop-wallets">
        <h2 id="pop-wallets">{t('popover.wallets')}</h2>
        <ul className="plain status-list">
          {wallets.map((w) => (
            <li key={w.id}>
              <strong>{w.label}</strong>{' '}
              <span className={w.low ? 'warn' : 'muted'}>{w.energy ? t('popover.energy', { amount: f.count(w.energy.available) }) : t('popover.reading')}</span>
              {w.covered && <span className="muted small">{t('popover.transfers', { count: w.covered.planned, n: f.count(w.covered.planned) })}</span>}
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section className="card compact" aria-labelledby="pop-presets">
      <h2 id="pop-presets">{t('popover.oneClick')}</h2>
      {presets.length === 0 ? (
        <p className="muted small">{t('popover.noPresets')}</p>
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
  const t = useT();
  return (
    <div className="popover">
      <header className="popover-head">
        <h1>Energy Tray</h1>
        {state?.mode === 'demo' && <span className="badge badge-demo">{t('common.demo')}</span>}
        <button type="button" className="primary" onClick={() => void openDashboard()}>
          {t('common.openDashboard')}
        </button>
      </header>
      <ServiceBanner compact />
      {state?.mode === 'welcome' ? (
        <p className="card compact">{t('popover.notConnected')}</p>
      ) : (
        <main className="stack">
          <BalanceCard compact />
          <Watched />
          <section className="card compact" aria-labelledby="pop-active">
            <h2 id="pop-active">{t('popover.inProgress')}</h2>
            <InProgressList onOpen={showOrder} />
          </section>
          <section className="card compact" aria-labelledby="pop-recent">
            <h2 id="pop-recent">{t('popover.recent')}</h2>
            <RecentOutcomes limit={3} onOpen={showOrder} />
          </section>
        </main>
      )}
      <Toasts showOrder={false} />
    </div>
  );
}
