import { useState } from 'react';
import { formatUnits } from '../../../shared/format.ts';
import type { KeyOf } from '../../../shared/i18n/catalogue.ts';
import { useFormat, useT } from '../i18n.ts';
import { trxTextToSun } from './PresetEditor.tsx';

/**
 * An amount of TRX in the settings, typed as text and saved on blur as SUN.
 * Text that is not an amount is said so and changes nothing.
 */
export function TrxSettingField(props: {
  id: string;
  label: string;
  valueSun: string;
  /** What the hint says about the saved value ("Now 10.00 TRX."). */
  hint: (formatted: string) => string;
  /** What is not changed by text that is not an amount (a catalogue key: "threshold"). */
  what: KeyOf<'renderer'>;
  onSave: (sun: string) => void;
}) {
  const [text, setText] = useState<string | null>(null);
  const t = useT();
  const f = useFormat();
  const [error, setError] = useState<string | null>(null);
  const shown = text ?? formatUnits(props.valueSun, 0).replace(/,/g, '');
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        className="amount"
        inputMode="decimal"
        value={shown}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          if (text === null) return;
          const sun = trxTextToSun(shown);
          if (sun === null) {
            setError(t('trxField.invalid', { what: t(props.what) }));
            return;
          }
          setError(null);
          setText(null);
          if (sun !== props.valueSun) props.onSave(sun);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${props.id}-hint`}
      />
      <span id={`${props.id}-hint`} className={error ? 'field-error' : 'hint'}>
        {error ?? props.hint(f.trx(props.valueSun))}
      </span>
    </div>
  );
}
