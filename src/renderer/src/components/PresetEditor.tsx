import { useId, useState } from 'react';
import { formatUnits } from '../../../shared/format.ts';
import type { PresetKindView, PresetView } from '../../../shared/ipc.ts';
import { MIN_COUNT } from '../../../shared/order-rules.ts';
import { onSubmitted, useAddressInput, useResourcePeriod } from '../hooks/use-order-inputs.ts';
import { savePreset } from '../state/actions.ts';
import { useCall } from '../hooks/use-call.ts';
import { useEscape } from '../hooks/use-escape.ts';
import { AddressField } from './AddressField.tsx';
import { parseCount } from './count-text.ts';
import { ErrorMessage } from './ErrorMessage.tsx';
import { PeriodField, ResourceField } from './ResourceField.tsx';
import { useT } from '../i18n.ts';
import { refusedNameText } from './name-text.ts';

/** "3.5" TRX → "3500000" SUN, by string manipulation only (no float arithmetic on money). */
export function trxTextToSun(text: string): string | null {
  const m = /^(\d{1,12})(?:\.(\d{0,6}))?$/.exec(text.trim());
  if (!m) return null;
  return (BigInt(m[1] ?? '0') * 1_000_000n + BigInt((m[2] ?? '').padEnd(6, '0') || '0')).toString();
}

export function PresetEditor({ preset, onDone }: { preset: PresetView | null; onDone(): void }) {
  // Unique ids: "Add preset" and "Edit" can be open at the same time.
  const uid = useId();
  const t = useT();
  const id = (name: string): string => `${uid}-${name}`;
  const [name, setName] = useState(preset?.name ?? '');
  const [kind, setKind] = useState<PresetKindView>(preset?.kind ?? 'timed');
  const { resource, period, setPeriod, changeResource } = useResourcePeriod(preset?.resource, preset?.period ?? '1h');
  const [countText, setCountText] = useState(String(preset?.count ?? 65000));
  const address = useAddressInput(preset?.address, preset !== null);
  const [capText, setCapText] = useState(preset ? formatUnits(preset.capSun, 0).replace(/,/g, '') : '5');
  const save = useCall(savePreset);
  const [touched, setTouched] = useState(preset !== null);
  useEscape(onDone);

  const count = parseCount(countText);
  const min = kind === 'timed' ? MIN_COUNT[resource] : 1;
  const capSun = trxTextToSun(capText);
  const problems = [
    name.trim() === '' && touched ? t('presetEditor.nameMissing') : refusedNameText(name, t),
    // The minimum as the field takes it (ungrouped), the way it is typed.
    count === null || count < min ? t('presetEditor.amountMin', { min }) : null,
    capSun === null ? t('presetEditor.capInvalid') : null,
  ].filter((p): p is string => p !== null);

  return (
    <form
      className="form preset-editor"
      aria-label={preset ? t('presets.editNamed', { name: preset.name }) : t('presetEditor.new')}
      onSubmit={onSubmitted(() => {
        setTouched(true);
        if (name.trim() === '' || problems.length > 0 || !address.valid || count === null || capSun === null) return;
        void save
          .run({
            ...(preset ? { id: preset.id } : {}),
            name: name.trim(),
            kind,
            resource,
            period: kind === 'timed' ? period : null,
            count,
            address: address.clean,
            capSun,
          })
          .then((next) => {
            if (next) onDone();
          });
      })}
    >
      <div className="row">
        <div className="field">
          <label htmlFor={id('name')}>{t('presetEditor.name')}</label>
          <input
            id={id('name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(true)}
            maxLength={80}
            autoFocus
          />
        </div>
        <div className="field">
          <label htmlFor={id('kind')}>{t('orderFilters.kind')}</label>
          <select id={id('kind')} value={kind} onChange={(e) => setKind(e.target.value as PresetKindView)}>
            <option value="timed">{t('presetEditor.timed')}</option>
            <option value="fast_recover">{t('presetEditor.fastRecover')}</option>
          </select>
        </div>
        <ResourceField id={id('resource')} value={resource} onChange={changeResource} />
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor={id('count')}>{t('buy.amount')}</label>
          <input id={id('count')} inputMode="numeric" value={countText} onChange={(e) => setCountText(e.target.value)} />
        </div>
        {kind === 'timed' && <PeriodField id={id('period')} resource={resource} value={period} onChange={setPeriod} />}
        <div className="field">
          <label htmlFor={id('cap')}>{t('presetEditor.cap')}</label>
          <input id={id('cap')} inputMode="decimal" value={capText} onChange={(e) => setCapText(e.target.value)} />
        </div>
      </div>
      <AddressField {...address.field} />
      {problems.length > 0 && (
        <ul className="field-error">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div className="row">
        <button type="submit" className="primary" disabled={save.pending || problems.length > 0 || !address.valid || name.trim() === ''}>
          {t('presetEditor.save')}
        </button>
        <button type="button" onClick={onDone}>
          {t('confirm.cancel')}
        </button>
      </div>
      <ErrorMessage error={save.error} />
    </form>
  );
}
