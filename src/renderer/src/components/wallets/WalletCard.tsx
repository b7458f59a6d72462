import { useCallback, useState } from 'react';
import { shortenAddress } from '../../../../shared/format.ts';
import { useFormat, useT, useWords, type RendererT } from '../../i18n.ts';
import { Money } from '../Money.tsx';
import type { WalletView } from '../../../../shared/ipc.ts';
import { useCall } from '../../hooks/use-call.ts';
import { useNow } from '../../hooks/use-now.ts';
import { refreshWallet, removeWallet } from '../../state/actions.ts';
import { ErrorMessage } from '../ErrorMessage.tsx';
import { EnergyGauge } from './EnergyGauge.tsx';
import { TopUpPanel } from './TopUpPanel.tsx';
import { WalletForm } from './WalletForm.tsx';
import { coveredText, planText, transfers } from './wallet-text.ts';

const incomingWhat = (kind: string, what: string, t: RendererT): string =>
  kind === 'fast_recover' ? t('wallets.incomingFast', { what }) : what;

function Reading({ wallet }: { wallet: WalletView }) {
  const now = useNow(10_000);
  const t = useT();
  const f = useFormat();
  if (wallet.activated === false) return <p className="warn">{t('wallets.notActivated')}</p>;
  if (!wallet.energy || !wallet.covered || !wallet.bandwidth) return <p className="muted">{t('wallets.reading')}</p>;
  return (
    <>
      <dl className="facts wallet-facts">
        <dt>{t('wallets.energy')}</dt>
        <dd className="wallet-energy-cell">
          <span
            data-testid="wallet-energy"
            className={wallet.low ? 'low' : undefined}
            title={wallet.predicted ? t('wallets.predictedHint') : undefined}
          >
            {wallet.predicted && wallet.readAt !== null
              ? t('wallets.predicted', {
                  amount: f.count(wallet.energy.available),
                  age: f.age(wallet.readAt, Math.max(now, wallet.readAt)),
                })
              : f.count(wallet.energy.available)}
          </span>
          <EnergyGauge wallet={wallet} />
        </dd>
        <dt>{t('wallets.covers')}</dt>
        <dd data-testid="wallet-covered">
          {t('wallets.asPlanned', { transfers: transfers(wallet.covered.planned, t, f), covered: coveredText(wallet.covered, t, f) })}
        </dd>
        <dt>{t('wallets.bandwidth')}</dt>
        <dd>{t('wallets.bytes', { n: f.count(wallet.bandwidth.available) })}</dd>
        <dt>TRX</dt>
        <dd>
          {wallet.trxSun === null ? t('wallets.notReadYet') : <Money sun={wallet.trxSun} context="balance" />}
          {/* TRX is read less often than the energy (every 20 minutes, and after the wallet sends something). */}
          {wallet.trxReadAt !== null && now - wallet.trxReadAt >= 60_000 && (
            <span className="muted small">{t('wallets.trxRead', { age: f.age(wallet.trxReadAt, now) })}</span>
          )}
        </dd>
      </dl>
      <p className="muted small" data-testid="wallet-read">
        {t('wallets.read', {
          age: wallet.readAt === null ? '—' : f.age(wallet.readAt, Math.max(now, wallet.readAt)),
          plan: planText(wallet, t, f),
        })}
        {wallet.fastUntil !== null && t('wallets.watchingClosely')}
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
  const t = useT();
  const f = useFormat();
  const words = useWords();
  return (
    <section
      className={`card wallet${wallet.low ? ' wallet-low' : ''}`}
      aria-label={t('wallets.walletNamed', { label: wallet.label })}
      data-testid="wallet-card"
    >
      <div className="card-head">
        <h2>
          {wallet.label} <span className="muted mono small">{shortenAddress(wallet.address, 6, 4)}</span>
        </h2>
        <div className="row">
          <button type="button" onClick={() => void refresh.run()} disabled={refresh.pending}>
            {refresh.pending ? t('wallets.readingShort') : t('wallets.refresh')}
          </button>
          {wallet.activated !== false && (
            <button type="button" className="primary" aria-expanded={open === 'top-up'} onClick={() => toggle('top-up')}>
              {t('wallets.topUp')}
            </button>
          )}
          {full && (
            <>
              <button
                type="button"
                aria-expanded={open === 'edit'}
                onClick={() => toggle('edit')}
                aria-label={t('wallets.editNamed', { label: wallet.label })}
              >
                {t('wallets.edit')}
              </button>
              <button type="button" onClick={() => void remove.run()} aria-label={t('wallets.removeNamed', { label: wallet.label })}>
                {t('wallets.remove')}
              </button>
            </>
          )}
        </div>
      </div>
      <Reading wallet={wallet} />
      {wallet.low && <p className="warn">{t('wallets.low')}</p>}
      {wallet.error && <p className="warn small">{t('wallets.readFailed', { error: words(wallet.error) })}</p>}
      {wallet.incoming.length > 0 && (
        <ul className="plain small" aria-label={t('wallets.onItsWay')}>
          {wallet.incoming.map((o) => (
            <li key={o.localId}>
              {t('wallets.incoming', {
                what: incomingWhat(
                  o.kind,
                  o.count === null ? t('wallets.energyAny') : t('common.energyAmount', { amount: f.count(o.count) }),
                  t,
                ),
                state: o.state === 'stalled' ? t('wallets.stalled') : t('wallets.inProgress'),
              })}
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
