import type { ResourceType } from '../../../shared/ipc.ts';
import { OFFERED_PERIODS } from '../../../shared/order-rules.ts';

/** Energy or bandwidth; `onChange` gets the new resource (callers fix up a period that no longer applies). */
export function ResourceField({ id, value, onChange }: { id: string; value: ResourceType; onChange(next: ResourceType): void }) {
  return (
    <div className="field">
      <label htmlFor={id}>Resource</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as ResourceType)}>
        <option value="energy">Energy</option>
        <option value="net">Bandwidth</option>
      </select>
    </div>
  );
}

/** The periods the app offers for `resource` (src/shared/order-rules.ts). */
export function PeriodField({ id, resource, value, onChange }: { id: string; resource: ResourceType; value: string; onChange(next: string): void }) {
  return (
    <div className="field">
      <label htmlFor={id}>Period</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {OFFERED_PERIODS[resource].map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </select>
    </div>
  );
}
