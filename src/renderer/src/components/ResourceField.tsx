import type { ResourceType } from '../../../shared/ipc.ts';
import { OFFERED_PERIODS } from '../../../shared/order-rules.ts';
import { useT } from '../i18n.ts';

/** Energy or bandwidth; `onChange` gets the new resource (callers fix up a period that no longer applies). */
export function ResourceField({ id, value, onChange }: { id: string; value: ResourceType; onChange(next: ResourceType): void }) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{t('buy.resource')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as ResourceType)}>
        <option value="energy">{t('buy.energy')}</option>
        <option value="net">{t('buy.bandwidth')}</option>
      </select>
    </div>
  );
}

/** The periods the app offers for `resource` (src/shared/order-rules.ts). */
export function PeriodField({
  id,
  resource,
  value,
  onChange,
}: {
  id: string;
  resource: ResourceType;
  value: string;
  onChange(next: string): void;
}) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{t('buy.period')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {OFFERED_PERIODS[resource].map((p) => (
          <option key={p} value={p}>
            {t('buy.periodOption', { period: p })}
          </option>
        ))}
      </select>
    </div>
  );
}
