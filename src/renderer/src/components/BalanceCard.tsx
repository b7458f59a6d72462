import { useShallow } from 'zustand/react/shallow';
import { ENGLISH_FORMATS, ENGLISH_T, useFormat, useT, type Formats, type RendererT } from '../i18n.ts';
import { useCall } from '../hooks/use-call.ts';
import { useNow } from '../hooks/use-now.ts';
import { refreshBalance } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { Money } from './Money.tsx';

/** A dash, announced as not known: the state is known (the service refused or is down), there is nothing coming to wait for. */
export function NotKnown() {
  const t = useT();
  return (
    <>
      <span className="muted" aria-hidden="true">
        —
      </span>
      <span className="visually-hidden">{t('common.notKnown')}</span>
    </>
  );
}

/** A placeholder the size of the value, announced as not known yet. */
export function Pending({ short = false }: { short?: boolean }) {
  const t = useT();
  return (
    <>
      <span className={short ? 'skeleton skeleton-short' : 'skeleton'} aria-hidden="true" />
      <span className="visually-hidden">{t('common.notKnownYet')}</span>
    </>
  );
}

/** What the line under the balance says: never "updated just now" next to "the service is not answering". */
export function balanceAgeText(
  balance: { updatedAt: number; stale: boolean } | null,
  status: string,
  now: number,
  t: RendererT = ENGLISH_T,
  f: Formats = ENGLISH_FORMATS,
): string {
  if (!balance)
    return status === 'unreachable' ? t('balance.unreachable') : status === 'auth_failed' ? t('balance.authFailed') : t('balance.reading');
  const age = f.age(balance.updatedAt, Math.max(now, balance.updatedAt));
  if (status === 'unreachable' || status === 'auth_failed') return t('balance.lastReadNotCurrent', { age });
  return balance.stale ? t('balance.lastReadStale', { age }) : t('balance.updated', { age });
}

export function BalanceCard({ compact = false }: { compact?: boolean }) {
  const { balance, status } = useAppStore(
    useShallow((s) => ({ balance: s.state?.balance ?? null, status: s.state?.service.status ?? 'unknown' })),
  );
  const now = useNow();
  const refresh = useCall(refreshBalance);
  const t = useT();
  const f = useFormat();
  const waiting = !balance && status === 'unknown';
  // A failed refresh is the banner's to tell (it clears with the condition); other errors stay here.
  const error =
    refresh.error && refresh.error.code !== 'network' && refresh.error.code !== 'server' && status !== 'ok' ? refresh.error : null;
  return (
    <section className={`card${compact ? ' compact' : ''}`} aria-labelledby="balance-title" aria-busy={waiting}>
      <div className="card-head">
        <h2 id="balance-title">{t('balance.title')}</h2>
        {!compact && (
          <button type="button" onClick={() => void refresh.run()} disabled={refresh.pending}>
            {refresh.pending ? t('balance.refreshing') : t('balance.refresh')}
          </button>
        )}
      </div>
      <dl className="balances">
        <div>
          <dt>TRX</dt>
          <dd data-testid="balance-trx" className={balance?.low ? 'low' : undefined}>
            {balance ? <Money sun={balance.trxSun} context="balance" /> : waiting ? <Pending /> : <NotKnown />}
          </dd>
        </div>
        <div>
          <dt>USDT</dt>
          <dd data-testid="balance-usdt">
            {balance ? <Money sun={balance.usdtMicros} context="balance" unit="USDT" /> : waiting ? <Pending /> : <NotKnown />}
          </dd>
        </div>
      </dl>
      <p className={balance?.stale || status === 'unreachable' ? 'warn small' : 'muted small'} data-testid="balance-updated">
        {balanceAgeText(balance, status, now, t, f)}
      </p>
      {balance?.low && <p className="warn">{t('balance.low')}</p>}
      <ErrorMessage error={error} />
    </section>
  );
}
