import { selectOrder } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { BalanceCard } from './BalanceCard.tsx';
import { OrderStateChip } from './OrderStateChip.tsx';
import { PresetsPanel } from './PresetsPanel.tsx';
import { describeOrder } from './order-text.ts';
import { shortenAddress } from '../../../shared/format.ts';

export function Overview() {
  const active = useAppStore((s) => s.activeOrders);
  return (
    <div className="stack">
      <BalanceCard />
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
