import { useShallow } from 'zustand/react/shallow';
import { formatAge } from '../../../shared/format.ts';
import { useCall } from '../hooks/use-call.ts';
import { useNow } from '../hooks/use-now.ts';
import { refreshBalance } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { Money } from './Money.tsx';

/** A placeholder the size of the value, announced as not known yet. */
export const Pending = ({ short = false }: { short?: boolean }) => (
  <>
    <span className={short ? 'skeleton skeleton-short' : 'skeleton'} aria-hidden="true" />
    <span className="visually-hidden">not known yet</span>
  </>
);

/** What the line under the balance says: never "updated just now" next to "the service is not answering". */
export function balanceAgeText(balance: { updatedAt: number; stale: boolean } | null, status: string, now: number): string {
  if (!balance) return status === 'unreachable' ? 'No balance yet: the service is not answering.' : status === 'auth_failed' ? 'No balance: the API key was refused.' : 'Reading the balance…';
  const age = formatAge(balance.updatedAt, Math.max(now, balance.updatedAt));
  if (status === 'unreachable' || status === 'auth_failed') return `Last read ${age}; not current while the service does not answer.`;
  return balance.stale ? `Last read ${age} (stale)` : `Updated ${age}`;
}

export function BalanceCard({ compact = false }: { compact?: boolean }) {
  const { balance, status } = useAppStore(useShallow((s) => ({ balance: s.state?.balance ?? null, status: s.state?.service.status ?? 'unknown' })));
  const now = useNow();
  const refresh = useCall(refreshBalance);
  const waiting = !balance && status === 'unknown';
  // A failed refresh is the banner's to tell (it clears with the condition); other errors stay here.
  const error = refresh.error && refresh.error.code !== 'network' && refresh.error.code !== 'server' && status !== 'ok' ? refresh.error : null;
  return (
    <section className={`card${compact ? ' compact' : ''}`} aria-labelledby="balance-title" aria-busy={waiting}>
      <div className="card-head">
        <h2 id="balance-title">Balance</h2>
        {!compact && (
          <button type="button" onClick={() => void refresh.run()} disabled={refresh.pending}>
            {refresh.pending ? 'Refreshing…' : 'Refresh'}
          </button>
        )}
      </div>
      <dl className="balances">
        <div>
          <dt>TRX</dt>
          <dd data-testid="balance-trx" className={balance?.low ? 'low' : undefined}>
            {balance ? <Money sun={balance.trxSun} context="balance" /> : <Pending />}
          </dd>
        </div>
        <div>
          <dt>USDT</dt>
          <dd data-testid="balance-usdt">{balance ? <Money sun={balance.usdtMicros} context="balance" unit="USDT" /> : <Pending />}</dd>
        </div>
      </dl>
      <p className={balance?.stale || status === 'unreachable' ? 'warn small' : 'muted small'} data-testid="balance-updated">
        {balanceAgeText(balance, status, now)}
      </p>
      {balance?.low && <p className="warn">Your TRX balance is below your low-balance threshold.</p>}
      <ErrorMessage error={error} />
    </section>
  );
}
