import { useCallback, useState } from 'react';
import { formatAge, formatCount, shortenAddress } from '../../../../shared/format.ts';
import { Money } from '../Money.tsx';
import type { WalletView } from '../../../../shared/ipc.ts';
import { useCall } from '../../hooks/use-call.ts';
import { useNow } from '../../hooks/use-now.ts';
import { refreshWallet, removeWallet } from '../../state/actions.ts';
import { ErrorMessage } from '../ErrorMessage.tsx';
import { TopUpPanel } from './TopUpPanel.tsx';
import { WalletForm } from './WalletForm.tsx';
import { coveredText, planText, transfers } from './wallet-text.ts';

function Reading({ wallet }: { wallet: WalletView }) {
  const now = useNow(10_000);
  if (wallet.activated === false) {
    return <p className="warn">Not activated on the TRON network: it cannot send USDT or receive energy until it is (Buy → Activate an address).</p>;
  }
  if (!wallet.energy || !wallet.covered || !wallet.bandwidth) return <p className="muted">Reading from the TRON node…</p>;
  return (
    <>
      <dl className="facts wallet-facts">
        <dt>Energy</dt>
        <dd data-testid="wallet-energy" className={wallet.low ? 'low' : undefined}>
          {formatCount(wallet.energy.available)}
        </dd>
        <dt>Covers</dt>
        <dd data-testid="wallet-covered">
          {transfers(wallet.covered.planned)} as planned · {coveredText(wallet.covered)}
        </dd>
        <dt>Bandwidth</dt>
        <dd>{formatCount(wallet.bandwidth.available)} bytes</dd>
        <dt>TRX</dt>
        <dd>
          {wallet.trxSun === null ? 'not read yet' : <Money sun={wallet.trxSun} context="balance" />}
          {/* TRX is read less often than the energy (every 20 minutes, and after the wallet sends something). */}
          {wallet.trxReadAt !== null && now - wallet.trxReadAt >= 60_000 && <span className="muted small"> · read {formatAge(wallet.trxReadAt, now)}</span>}
        </dd>
      </dl>
      <p className="muted small" data-testid="wallet-read">
        Read {wallet.readAt === null ? '—' : formatAge(wallet.readAt, Math.max(now, wallet.readAt))} · {planText(wallet)}
        {wallet.fastUntil !== null && ' · watching closely for arriving energy'}
      </p>
    </>
  );
}

/**
 * One watched wallet: what the node last said (energy, what it covers,
 * bandwidth, TRX, when), energy orders on their way, and "Top up". `full`
 * adds editing and removing (the Wallets tab).
 */
export function WalletCard({ wallet, full = false }: { wallet: WalletView; full?: boolean }) {
  const [open, setOpen] = useState<'top-up' | 'edit' | null>(null);
  const refresh = useCall(useCallback(() => refreshWallet(wallet.id), [wallet.id]));
  const remove = useCall(useCallback(() => removeWallet(wallet.id), [wallet.id]));
  const toggle = (what: 'top-up' | 'edit') => setOpen(open === what ? null : what);
  return (
    <section className={`card wallet${wallet.low ? ' wallet-low' : ''}`} aria-label={`Wallet ${wallet.label}`} data-testid="wallet-card">
      <div className="card-head">
        <h2>
          {wallet.label} <span className="muted mono small">{shortenAddress(wallet.address, 6, 4)}</span>
        </h2>
        <div className="row">
          <button type="button" onClick={() => void refresh.run()} disabled={refresh.pending}>
            {refresh.pending ? 'Reading…' : 'Refresh'}
          </button>
          {wallet.activated !== false && (
            <button type="button" className="primary" aria-expanded={open === 'top-up'} onClick={() => toggle('top-up')}>
              Top up
            </button>
          )}
          {full && (
            <>
              <button type="button" aria-expanded={open === 'edit'} onClick={() => toggle('edit')} aria-label={`Edit ${wallet.label}`}>
                Edit
              </button>
              <button type="button" onClick={() => void remove.run()} aria-label={`Remove ${wallet.label}`}>
                Remove
              </button>
            </>
          )}
        </div>
      </div>
      <Reading wallet={wallet} />
      {wallet.low && <p className="warn">Not enough energy for one transfer: the next one burns TRX.</p>}
      {wallet.error && <p className="warn small">The last reading failed: {wallet.error}</p>}
      {wallet.incoming.length > 0 && (
        <ul className="plain small" aria-label="Energy on its way">
          {wallet.incoming.map((o) => (
            <li key={o.localId}>
              On its way: {o.kind === 'fast_recover' ? 'fast recover of ' : ''}
              {o.count === null ? 'energy' : `${formatCount(o.count)} energy`} ({o.state === 'stalled' ? 'stalled' : 'in progress'})
            </li>
          ))}
        </ul>
      )}
      <ErrorMessage error={refresh.error ?? remove.error} />
      {open === 'top-up' && <TopUpPanel wallet={wallet} />}
      {open === 'edit' && <WalletForm wallet={wallet} onDone={() => setOpen(null)} />}
    </section>
  );
}
