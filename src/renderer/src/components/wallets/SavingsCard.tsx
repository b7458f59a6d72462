import { useFormat, useT } from '../../i18n.ts';
import { useAppStore } from '../../state/app-store.ts';
import { RichText } from '../RichText.tsx';

/** "Saved X TRX this month": energy orders against what burning TRX for the same energy would have cost, figures by the one money rule. */
export function SavingsCard() {
  const savings = useAppStore((s) => s.savings);
  const t = useT();
  const f = useFormat();
  if (!savings || (savings.orders === 0 && savings.uncounted === 0)) return null;
  const saved = BigInt(savings.savedSun);
  const [spent, burned] = f.pair(savings.spentSun, savings.wouldHaveBurnedSun);
  const month = new Date(savings.monthStart).toLocaleString(f.language === 'en' ? undefined : f.language, { month: 'long' });
  return (
    <section className="card" aria-labelledby="savings-title">
      <h2 id="savings-title">{t('savings.title')}</h2>
      <p data-testid="savings">
        {saved >= 0n ? (
          <RichText k="savings.saved" values={{ amount: f.trx(saved) }} />
        ) : (
          <RichText k="savings.costMore" values={{ amount: f.trx(-saved) }} />
        )}
        {t('savings.detail', { count: savings.orders, n: f.count(savings.orders), month, spent, burned })}
      </p>
      {savings.uncounted > 0 && (
        <p className="muted small">{t('savings.uncounted', { count: savings.uncounted, n: f.count(savings.uncounted) })}</p>
      )}
    </section>
  );
}
