import { formatAge, formatTrx, formatUsdt } from '../../../shared/format.ts';
import { useCall } from '../hooks/use-call.ts';
import { useNow } from '../hooks/use-now.ts';
import { refreshBalance } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { ErrorMessage } from './ErrorMessage.tsx';

export function BalanceCard() {
  const balance = useAppStore((s) => s.state?.balance ?? null);
  const now = useNow();
  const refresh = useCall(refreshBalance);
  return (
    <section className="card" aria-labelledby="balance-title">
      <div className="card-head">
        <h2 id="balance-title">Balance</h2>
        <button type="button" onClick={() => void refresh.run()} disabled={refresh.pending}>
          {refresh.pending ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <dl className="balances">
        <div>
          <dt>TRX</dt>
          <dd data-testid="balance-trx" className={balance?.low ? 'low' : undefined}>
            {balance ? formatTrx(balance.trxSun, 2) : '—'}
          </dd>
        </div>
        <div>
          <dt>USDT</dt>
          <dd data-testid="balance-usdt">{balance ? formatUsdt(balance.usdtMicros) : '—'}</dd>
        </div>
      </dl>
      <p className="muted" data-testid="balance-updated">
        {balance
          ? `Updated ${formatAge(balance.updatedAt, Math.max(now, balance.updatedAt))}${balance.stale ? ' — stale, the service is not answering' : ''}`
          : 'Loading balance…'}
      </p>
      {balance?.low && <p className="warn">Your TRX balance is below your low-balance threshold.</p>}
      <ErrorMessage error={refresh.error} />
    </section>
  );
}
