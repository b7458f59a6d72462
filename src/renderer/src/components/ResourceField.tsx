import type { ResourceType } from '../../../shared/ipc.ts';

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
