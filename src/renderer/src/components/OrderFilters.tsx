import { KIND_FILTERS, STATUS_FILTERS, type FilterForm } from './order-filter.ts';
import { useT } from '../i18n.ts';

/** Status, kind, address, dates and search: the form only; the panel turns it into a query. */
export function OrderFilters({ form, onChange }: { form: FilterForm; onChange(form: FilterForm): void }) {
  const t = useT();
  const set = <K extends keyof FilterForm>(key: K, value: FilterForm[K]): void => onChange({ ...form, [key]: value });
  return (
    <div className="order-filters">
      <div role="group" aria-label={t('orderFilters.byStatus')} className="segmented">
        {STATUS_FILTERS.map((f) => (
          <button key={f.id} type="button" aria-pressed={form.status === f.id} onClick={() => set('status', f.id)}>
            {t(f.label)}
          </button>
        ))}
      </div>
      <div className="filter-fields">
        <label>
          {t('orderFilters.search')}
          <input
            type="search"
            value={form.text}
            placeholder={t('orderFilters.searchPlaceholder')}
            maxLength={128}
            onChange={(e) => set('text', e.target.value)}
          />
        </label>
        <label>
          {t('orderFilters.kind')}
          <select value={form.kind} onChange={(e) => set('kind', e.target.value as FilterForm['kind'])}>
            {KIND_FILTERS.map((k) => (
              <option key={k.id} value={k.id}>
                {t(k.label)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('orderList.address')}
          <input
            className="address-input"
            value={form.address}
            placeholder={t('address.placeholder')}
            maxLength={64}
            spellCheck={false}
            onChange={(e) => set('address', e.target.value)}
          />
        </label>
        <label>
          {t('orderFilters.from')}
          <input type="date" value={form.from} onChange={(e) => set('from', e.target.value)} />
        </label>
        <label>
          {t('orderFilters.to')}
          <input type="date" value={form.to} onChange={(e) => set('to', e.target.value)} />
        </label>
      </div>
    </div>
  );
}
