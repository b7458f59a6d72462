import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { IpcError, OrderView } from '../../../shared/ipc.ts';
import { useDebounced } from '../hooks/use-debounced.ts';
import { exportOrders, queryOrders, selectOrder } from '../state/actions.ts';
import { ORDER_PAGE_SIZE, useAppStore } from '../state/app-store.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { useFormat, useT } from '../i18n.ts';
import { OrderDetail } from './OrderDetail.tsx';
import { OrderFilters } from './OrderFilters.tsx';
import { OrderList } from './OrderList.tsx';
import { SpendTotals } from './SpendTotals.tsx';
import { SpendChart } from './charts/SpendChart.tsx';
import { RecentDecisions } from './rules/DecisionList.tsx';
import { EMPTY_FILTER, toFilterView, type FilterForm } from './order-filter.ts';

/** The order shown in detail: from the page, the orders in progress or a recent push; null when only main knows it. */
function useSelectedOrder(): { selectedOrderId: string | null; known: OrderView | null } {
  return useAppStore(
    useShallow((s) => {
      const id = s.selectedOrderId;
      const known =
        id === null
          ? null
          : (s.orderPage?.orders.find((o) => o.localId === id) ??
            s.activeOrders.find((o) => o.localId === id) ??
            s.pushedOrders[id] ??
            null);
      return { selectedOrderId: id, known };
    }),
  );
}

function ExportButton({ filter }: { filter: ReturnType<typeof toFilterView> }) {
  const [state, setState] = useState<{ pending: boolean; saved: string | null; error: IpcError | null }>({
    pending: false,
    saved: null,
    error: null,
  });
  const t = useT();
  const f = useFormat();
  const savedWords = (rows: number, fileName: string | null | undefined): string =>
    fileName
      ? t('ordersPanel.savedTo', { count: rows, n: f.count(rows), file: fileName })
      : t('ordersPanel.savedFile', { count: rows, n: f.count(rows) });
  const run = async (): Promise<void> => {
    setState({ pending: true, saved: null, error: null });
    const result = await exportOrders(filter);
    if (!result.ok) setState({ pending: false, saved: null, error: result.error });
    else setState({ pending: false, saved: result.value.saved ? savedWords(result.value.rows, result.value.fileName) : null, error: null });
  };
  return (
    <div className="export">
      <button type="button" onClick={() => void run()} disabled={state.pending}>
        {state.pending ? t('ordersPanel.exporting') : t('ordersPanel.export')}
      </button>
      {state.saved && (
        <span role="status" className="muted small">
          {' '}
          {state.saved}
        </span>
      )}
      <ErrorMessage error={state.error} />
    </div>
  );
}

/** The order history a page at a time: filters and search, grouped by day, export and totals of what the filter shows. */
export function OrdersPanel() {
  const { page, selectedOrderId, known } = { page: useAppStore((s) => s.orderPage), ...useSelectedOrder() };
  const [form, setForm] = useState<FilterForm>(EMPTY_FILTER);
  const t = useT();
  const f = useFormat();
  // Typing in search or address asks main once the typing pauses; buttons and dates ask at once.
  const text = useDebounced(form.text, 250);
  const address = useDebounced(form.address, 250);
  const filter = useMemo(() => toFilterView({ ...form, text, address }), [form, text, address]);
  const filterKey = JSON.stringify(filter);
  // Another filter starts again at the newest page.
  const [paging, setPaging] = useState({ key: filterKey, offset: 0 });
  const offset = paging.key === filterKey ? paging.offset : 0;
  const setOffset = (next: number): void => setPaging({ key: filterKey, offset: next });
  useEffect(() => {
    void queryOrders({ ...filter, offset, limit: ORDER_PAGE_SIZE });
    // filterKey stands for filter's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey, offset]);

  if (selectedOrderId) return <OrderDetail localId={selectedOrderId} known={known} onBack={() => selectOrder(null)} />;

  const total = page?.total ?? 0;
  const filtered = filterKey !== '{}';
  return (
    <section className="card" aria-labelledby="orders-title">
      <div className="card-head">
        <h2 id="orders-title">{t('tabs.orders')}</h2>
        <ExportButton filter={filter} />
      </div>
      <SpendChart />
      <OrderFilters form={form} onChange={setForm} />
      {filtered && page !== null && total > 0 && (
        <p className="muted small" role="status" data-testid="result-count">
          {t('ordersPanel.matching', { count: total, n: f.count(total) })}
        </p>
      )}
      <SpendTotals filter={filter} />
      {page === null ? (
        <p className="muted">{t('ordersPanel.loading')}</p>
      ) : page.orders.length === 0 ? (
        <p className="muted">{filtered ? t('ordersPanel.noMatch') : t('ordersPanel.none')}</p>
      ) : (
        <>
          <OrderList orders={page.orders} />
          <nav className="pager" aria-label={t('ordersPanel.pages')}>
            <span className="muted small" role="status">
              {t('ordersPanel.range', {
                first: f.count(page.offset + 1),
                last: f.count(page.offset + page.orders.length),
                total: f.count(total),
              })}
            </span>
            <button type="button" disabled={page.offset === 0} onClick={() => setOffset(Math.max(0, page.offset - ORDER_PAGE_SIZE))}>
              {t('ordersPanel.newer')}
            </button>
            <button
              type="button"
              disabled={page.offset + page.orders.length >= total}
              onClick={() => setOffset(page.offset + ORDER_PAGE_SIZE)}
            >
              {t('ordersPanel.older')}
            </button>
          </nav>
        </>
      )}
      <RecentDecisions />
    </section>
  );
}
