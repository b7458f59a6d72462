import { useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { shortenAddress } from '../../../shared/format.ts';
import { useFormat, useT } from '../i18n.ts';
import { resourceAmount } from './order-text.ts';
import type { PresetView } from '../../../shared/ipc.ts';
import { useCall } from '../hooks/use-call.ts';
import { useNow } from '../hooks/use-now.ts';
import { useRowKeys } from '../hooks/use-row-keys.ts';
import { hidePopover, openDashboard, setPollingPaused } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { balanceAgeText, Pending } from './BalanceCard.tsx';
import { ErrorMessage } from './ErrorMessage.tsx';
import { Money } from './Money.tsx';
import { PresetQuote } from './PresetQuote.tsx';
import { InProgressList, RecentOutcomes } from './OrderProgress.tsx';
import { PopoverWallets } from './PopoverWallets.tsx';
import { ServiceBanner } from './ServiceBanner.tsx';
import { Toasts } from './Toasts.tsx';
import '../popover.css';

const showOrder = (localId: string): void => void openDashboard(null, localId);
const hideThePopover = (): void => void hidePopover();

function PresetLine({ preset }: { preset: PresetView }) {
  const t = useT();
  const f = useFormat();
  return (
    <li data-pop-row="">
      <strong>{preset.name}</strong>
      <span className="muted small">
        {' '}
        {resourceAmount(preset.count, preset.resource, t, f)}
        {preset.period ? t('popover.period', { period: preset.period }) : ''} →{' '}
        <span title={preset.address}>{shortenAddress(preset.address, 4, 4)}</span>
      </span>{' '}
      <PresetQuote preset={preset} />
    </li>
  );
}

/** Without watched wallets, the presets with live quotes (run from the tray menu or the dashboard). */
function Presets() {
  const presets = useAppStore((s) => s.presets);
  const t = useT();
  return (
    <section className="pop-section" aria-labelledby="pop-presets">
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

/** The balances on one line, with how fresh they are (never "just now" while the service does not answer). */
function BalanceLine() {
  const { balance, status } = useAppStore(
    useShallow((s) => ({ balance: s.state?.balance ?? null, status: s.state?.service.status ?? 'unknown' })),
  );
  const now = useNow();
  const t = useT();
  const f = useFormat();
  const stale = balance?.stale || status === 'unreachable' || status === 'auth_failed';
  return (
    <section className="pop-balance" aria-labelledby="pop-balance-title" aria-busy={!balance && status === 'unknown'}>
      <h2 id="pop-balance-title" className="visually-hidden">
        {t('balance.title')}
      </h2>
      <span data-testid="balance-trx" className={balance?.low ? 'low' : undefined}>
        {balance ? <Money sun={balance.trxSun} context="balance" /> : <Pending short />}
      </span>
      <span aria-hidden="true"> · </span>
      <span data-testid="balance-usdt">
        {balance ? <Money sun={balance.usdtMicros} context="balance" unit="USDT" /> : <Pending short />}
      </span>
      <span className={`small pop-age ${stale ? 'warn' : 'muted'}`} data-testid="balance-updated">
        {balanceAgeText(balance, status, now, t, f)}
      </span>
    </section>
  );
}

/** Open dashboard, and Pause (main asks before polling stops) or Resume. */
function Footer() {
  const { paused, connected } = useAppStore(
    useShallow((s) => ({ paused: s.state?.polling.paused ?? false, connected: (s.state?.mode ?? 'welcome') !== 'welcome' })),
  );
  const pause = useCall(setPollingPaused);
  const t = useT();
  return (
    <footer className="pop-footer">
      {paused && <p className="warn small">{t('popover.paused')}</p>}
      <ErrorMessage error={pause.error} />
      <div className="pop-footer-buttons">
        <button type="button" className="primary" onClick={() => void openDashboard()}>
          {t('common.openDashboard')}
        </button>
        {connected && (
          <button type="button" onClick={() => void pause.run(!paused)} disabled={pause.pending}>
            {paused ? t('popover.resume') : t('popover.pause')}
          </button>
        )}
      </div>
    </footer>
  );
}

/**
 * The tray popover (Windows, macOS) at 380 px: the balances on one line, a
 * dense row per watched wallet that tops it up in place, the orders in
 * progress and the last outcomes, and a footer with Open dashboard and Pause.
 */
export function Popover() {
  const { mode, wallets } = useAppStore(useShallow((s) => ({ mode: s.state?.mode ?? null, wallets: s.wallets.wallets })));
  const t = useT();
  const rows = useRef<HTMLElement>(null);
  useRowKeys(rows, hideThePopover);
  return (
    <div className="popover">
      <header className="popover-head">
        <h1>Energy Tray</h1>
        {mode === 'demo' && <span className="badge badge-demo">{t('common.demo')}</span>}
      </header>
      <ServiceBanner compact />
      {mode === 'welcome' ? (
        <p className="card compact">{t('popover.notConnected')}</p>
      ) : (
        <main className="pop-main" ref={rows}>
          <BalanceLine />
          {wallets.length > 0 ? <PopoverWallets wallets={wallets} /> : <Presets />}
          <section className="pop-section" aria-labelledby="pop-active">
            <h2 id="pop-active">{t('popover.inProgress')}</h2>
            <InProgressList onOpen={showOrder} />
          </section>
          <section className="pop-section" aria-labelledby="pop-recent">
            <h2 id="pop-recent">{t('popover.recent')}</h2>
            <RecentOutcomes limit={3} onOpen={showOrder} />
          </section>
          <p className="muted small pop-keys" aria-hidden="true">
            {t('popover.keys')}
          </p>
        </main>
      )}
      <Footer />
      <Toasts showOrder={false} />
    </div>
  );
}
