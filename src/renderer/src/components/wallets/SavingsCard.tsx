import { formatTrx } from '../../../../shared/format.ts';
import { useAppStore } from '../../state/app-store.ts';

/** "Saved X TRX this month": energy orders against what burning TRX for the same energy would have cost, exact in SUN. */
export function SavingsCard() {
  const savings = useAppStore((s) => s.savings);
  if (!savings || (savings.orders === 0 && savings.uncounted === 0)) return null;
  const saved = BigInt(savings.savedSun);
  const month = new Date(savings.monthStart).toLocaleString(undefined, { month: 'long' });
  return (
    <section className="card" aria-labelledby="savings-title">
      <h2 id="savings-title">This month</h2>
      <p data-testid="savings">
        {saved >= 0n ? (
          <>
            Saved <strong>{formatTrx(saved)}</strong> this month
          </>
        ) : (
          <>
            Renting cost <strong>{formatTrx(-saved)}</strong> more than burning this month
          </>
        )}
        : {savings.orders} energy order{savings.orders === 1 ? '' : 's'} in {month} cost {formatTrx(savings.spentSun)}; burning TRX for the same energy
        would have cost {formatTrx(savings.wouldHaveBurnedSun)}.
      </p>
      {savings.uncounted > 0 && (
        <p className="muted small">{savings.uncounted} order(s) are not counted: the chain's energy fee could not be read when they succeeded.</p>
      )}
    </section>
  );
}
