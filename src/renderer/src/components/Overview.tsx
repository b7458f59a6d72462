import { selectOrder } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { BalanceCard } from './BalanceCard.tsx';
import { OrderStateChip } from './OrderStateChip.tsx';
import { PresetsPanel } from './PresetsPanel.tsx';
import { describeOrder } from './order-text.ts';
import { shortenAddress } from '../../../shared/format.ts';
import { setTab } from '../state/actions.ts';
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
  const active = useAppStore((s) => s.activeOrders);
  return (
    <div className="stack">
      <BalanceCard />
      <WalletCards />
      <SavingsCard />
      <PresetsPanel />
      <section className="card" aria-labelledby="active-title">
        <h2 id="active-title">In progress</h2>
        {active.length === 0 ? (
          <p className="muted">Nothing in progress.</p>
        ) : (
          <ul className="plain">
            {active.map((o) => (
              <li key={o.localId}>
                <button type="button" className="link" onClick={() => selectOrder(o.localId)}>
                  {describeOrder(o)} → {shortenAddress(o.address)}
                </button>{' '}
                <OrderStateChip state={o.state} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
