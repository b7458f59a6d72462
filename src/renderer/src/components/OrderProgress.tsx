import { shortenAddress } from '../../../shared/format.ts';
import type { OrderView } from '../../../shared/ipc.ts';
import { useNow } from '../hooks/use-now.ts';
import { useFormat, useT } from '../i18n.ts';
import { delegatedUntil } from '../../../shared/order-rules.ts';
import { elapsedWords } from '../messages.ts';
import { selectOrder } from '../state/actions.ts';
import { useAppStore } from '../state/app-store.ts';
import { Money } from './Money.tsx';
import { OrderStateChip } from './OrderStateChip.tsx';
import { RelativeTime } from './RelativeTime.tsx';
import { describeOrder } from './order-text.ts';

/** A timed order that succeeded is delegated until its period ends: "active until 14:05 · 45 min left". */
export function activeUntil(order: OrderView, now: number): { until: number; leftMs: number } | null {
  const until = delegatedUntil(order);
  return until !== null && until > now ? { until, leftMs: until - now } : null;
}

function Open({ order, onOpen }: { order: OrderView; onOpen?: (localId: string) => void }) {
  const t = useT();
  const f = useFormat();
  return (
    <button
      type="button"
      className="link"
      data-order-open={order.localId}
      onClick={() => (onOpen ?? selectOrder)(order.localId)}
      title={order.address}
    >
      {t('orders.to', { what: describeOrder(order, t, f), address: shortenAddress(order.address, 4, 4) })}
    </button>
  );
}

/** Orders submitting or running, each with how long it has been under way. */
export function InProgressList({ onOpen }: { onOpen?: (localId: string) => void }) {
  const active = useAppStore((s) => s.activeOrders);
  const now = useNow(1000);
  const t = useT();
  if (active.length === 0) return <p className="muted">{t('progress.nothing')}</p>;
  return (
    <ul className="plain status-list">
      {active.map((o) => (
        <li key={o.localId} data-testid="in-progress-row">
          <Open order={o} onOpen={onOpen} /> <OrderStateChip state={o.state} />{' '}
          <span className="muted small elapsed" data-testid="elapsed">
            {t('progress.for', { elapsed: elapsedWords(o.createdAt, now, t) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The last few finished orders: outcome, cost (and whether it was charged), time remaining of a timed rental. */
export function RecentOutcomes({ limit = 5, onOpen }: { limit?: number; onOpen?: (localId: string) => void }) {
  const recent = useAppStore((s) => s.recentOrders);
  const now = useNow(15_000);
  const t = useT();
  const f = useFormat();
  if (recent.length === 0) return <p className="muted">{t('progress.noneFinished')}</p>;
  return (
    <ul className="plain status-list" data-testid="recent-outcomes">
      {recent.slice(0, limit).map((o) => {
        const active = activeUntil(o, now);
        return (
          <li key={o.localId}>
            <Open order={o} onOpen={onOpen} /> <OrderStateChip state={o.state} />{' '}
            <span className="muted small">
              <RelativeTime at={o.finishedAt ?? o.updatedAt} now={now} />
              {o.chargedSun ? (
                <>
                  {t('progress.charged')}
                  <Money sun={o.chargedSun} context="price" />
                </>
              ) : o.state === 'failed' ? (
                t('progress.noCharge')
              ) : null}
              {active && (
                <>
                  {t('progress.activeUntil')}
                  <time dateTime={new Date(active.until).toISOString()}>
                    {new Date(active.until).toLocaleTimeString(f.language, { hour: '2-digit', minute: '2-digit' })}
                  </time>
                  {t('progress.left', { left: elapsedWords(now, now + active.leftMs, t) })}
                </>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
