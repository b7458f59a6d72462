import { useFormat, useT } from '../i18n.ts';
import { setTab } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { BalanceCard } from './BalanceCard.tsx';
import { InProgressList, RecentOutcomes } from './OrderProgress.tsx';
import { PresetsPanel } from './PresetsPanel.tsx';
import { SavingsCard } from './wallets/SavingsCard.tsx';
import { fewWallets } from './wallets/attention.ts';
import { WalletCard } from './wallets/WalletCard.tsx';

function WalletCards() {
  const wallets = useAppStore((s) => s.wallets.wallets);
  const t = useT();
  const f = useFormat();
  if (wallets.length === 0) {
    return (
      <section className="card" aria-labelledby="no-wallets-title">
        <h2 id="no-wallets-title">{t('overview.sendingWallets')}</h2>
        <p className="muted">
          {t('overview.watchHint')}{' '}
          <button type="button" className="link" onClick={() => setTab('wallets')}>
            {t('overview.watchWallet')}
          </button>
        </p>
      </section>
    );
  }
  const { shown, more } = fewWallets(wallets, t, f);
  return (
    <>
      {shown.map((w) => (
        <WalletCard key={w.id} wallet={w} />
      ))}
      {more !== null && (
        <p className="muted" data-testid="more-wallets">
          <button type="button" className="link" onClick={() => setTab('wallets')}>
            {more}
          </button>
        </p>
      )}
    </>
  );
}

export function Overview() {
  const t = useT();
  return (
    <div className="stack">
      <BalanceCard />
      <section className="card" aria-labelledby="active-title">
        <h2 id="active-title">{t('overview.inProgress')}</h2>
        <InProgressList />
      </section>
      <section className="card" aria-labelledby="recent-title">
        <h2 id="recent-title">{t('overview.recentOutcomes')}</h2>
        <RecentOutcomes />
      </section>
      <WalletCards />
      <SavingsCard />
      <PresetsPanel />
    </div>
  );
}
