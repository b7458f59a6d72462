import { setTab } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { BalanceCard } from './BalanceCard.tsx';
import { InProgressList, RecentOutcomes } from './OrderProgress.tsx';
import { PresetsPanel } from './PresetsPanel.tsx';
import { SavingsCard } from './wallets/SavingsCard.tsx';
import { WalletCard } from './wallets/WalletCard.tsx';

function WalletCards() {
  const wallets = useAppStore((s) => s.wallets.wallets);
  if (wallets.length === 0) {
    return (
      <section className="card" aria-labelledby="no-wallets-title">
        <h2 id="no-wallets-title">Sending wallets</h2>
        <p className="muted">
          Watch the wallet you send USDT from to see its energy, how many transfers it covers, and top up exactly what is missing.{' '}
          <button type="button" className="link" onClick={() => setTab('wallets')}>
            Watch a wallet
          </button>
        </p>
      </section>
    );
  }
  return (
    <>
      {wallets.map((w) => (
        <WalletCard key={w.id} wallet={w} />
      ))}
    </>
  );
}

export function Overview() {
  return (
    <div className="stack">
      <BalanceCard />
      <section className="card" aria-labelledby="active-title">
        <h2 id="active-title">In progress</h2>
        <InProgressList />
      </section>
      <section className="card" aria-labelledby="recent-title">
        <h2 id="recent-title">Recent outcomes</h2>
        <RecentOutcomes />
      </section>
      <WalletCards />
      <SavingsCard />
      <PresetsPanel />
    </div>
  );
}
