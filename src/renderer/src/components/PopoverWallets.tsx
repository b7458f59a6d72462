import { useRef } from 'react';
import type { WalletView } from '../../../shared/ipc.ts';
import { useFormat, useT, type RendererT } from '../i18n.ts';
import { openDashboard } from '../state/actions.ts';
import { PaidOrderFeedback } from './PaidOrderFeedback.tsx';
import { EnergyGauge } from './wallets/EnergyGauge.tsx';
import { useTopUp } from './wallets/use-top-up.tsx';
import { transfers } from './wallets/wallet-text.ts';

type Status = 'ok' | 'low' | 'arriving' | 'unknown';

function statusOf(wallet: WalletView): Status {
  if (wallet.arrival?.waiting) return 'arriving';
  if (!wallet.covered || wallet.activated === false) return 'unknown';
  if (wallet.low) return 'low';
  return BigInt(wallet.covered.planned) >= BigInt(wallet.topUpTransfers) ? 'ok' : 'low';
}

const STATUS_WORDS = { ok: 'popover.statusOk', low: 'popover.statusLow', arriving: 'popover.statusArriving', unknown: 'popover.statusUnknown' } as const;

/** What stands where the Top up button would, when there is none to press. */
function noOfferText(wallet: WalletView, t: RendererT): string {
  if (wallet.activated === false) return t('popover.notActivated');
  if (!wallet.covered) return t('popover.reading');
  if (wallet.arrival?.waiting) return t('popover.arriving');
  return BigInt(wallet.covered.planned) >= BigInt(wallet.topUpTransfers) ? t('popover.covered') : t('popover.quoting');
}

/**
 * One dense row per watched wallet: a status dot, the label (opens the
 * wallet in the dashboard), how many transfers its energy pays for, the
 * gauge against its next N transfers, and "Top up N · ≈ X TRX" when energy
 * is missing. The button opens the dashboard's own confirmation, then main's
 * approval. An offer exists only from a reading taken after the last order
 * for the address finished (main sees to it); until then the row says the
 * energy is arriving.
 */
function WalletRow({ wallet }: { wallet: WalletView }) {
  const t = useT();
  const f = useFormat();
  const actionRef = useRef<HTMLButtonElement>(null);
  const labelRef = useRef<HTMLButtonElement>(null);
  const offer = wallet.offer;
  const live = offer !== null && !wallet.arrival?.waiting;
  const topUp = useTopUp(wallet, 'popover', () => (actionRef.current ?? labelRef.current)?.focus());
  const status = statusOf(wallet);
  return (
    <li className="pop-wallet" data-pop-row="" data-testid="popover-wallet" data-status={status}>
      <div className="pop-wallet-line">
        <span className={`dot dot-${status}`} aria-hidden="true" />
        <span className="visually-hidden">{t(STATUS_WORDS[status])}</span>
        <button
          type="button"
          ref={labelRef}
          className="link pop-label"
          data-pop-primary={live ? undefined : ''}
          aria-label={t('popover.detailsNamed', { label: wallet.label })}
          onClick={() => void openDashboard('wallets')}
        >
          {wallet.label}
        </button>
        <span className="pop-transfers" data-testid="popover-transfers">
          {wallet.covered ? transfers(wallet.covered.planned, t, f) : t('popover.reading')}
        </span>
      </div>
      <div className="pop-wallet-line">
        <EnergyGauge wallet={wallet} />
        {live ? (
          <button
            type="button"
            ref={actionRef}
            className="primary pop-action"
            data-pop-primary=""
            data-offer-address={wallet.address}
            data-offer-basis={offer.basisAt}
            data-money={offer.costSun}
            disabled={topUp.buy.pending || topUp.buy.locked || topUp.confirming}
            // The name starts with the words shown (what a voice user says), then whose wallet it is.
            aria-label={t('popover.topUpNamed', { action: t('popover.topUp', { n: f.count(offer.transfers), cost: f.trx(offer.costSun) }), label: wallet.label })}
            title={f.exact(offer.costSun)}
            onClick={() => topUp.ask(offer)}
          >
            {t('popover.topUp', { n: f.count(offer.transfers), cost: f.trx(offer.costSun) })}
          </button>
        ) : (
          <span className={`pop-state small ${status === 'low' ? 'warn' : 'muted'}`} data-testid="popover-state">
            {noOfferText(wallet, t)}
          </span>
        )}
      </div>
      {topUp.confirmation}
      <PaidOrderFeedback order={topUp.buy} />
    </li>
  );
}

export function PopoverWallets({ wallets }: { wallets: readonly WalletView[] }) {
  const t = useT();
  return (
    <section className="pop-section" aria-labelledby="pop-wallets">
      <h2 id="pop-wallets">{t('popover.wallets')}</h2>
      <ul className="plain pop-wallets">
        {wallets.map((w) => (
          <WalletRow key={w.id} wallet={w} />
        ))}
      </ul>
    </section>
  );
}
