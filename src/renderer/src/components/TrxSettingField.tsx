import { useState } from 'react';
import { formatTrx, formatUnits } from '../../../shared/format.ts';
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
  what: string;
  onSave: (sun: string) => void;
}) {
  const [text, setText] = useState<string | null>(null);
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
            setError(`Enter an amount of TRX such as 10 or 2.5 (at most 6 decimals). The ${props.what} was not changed.`);
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
        {error ?? props.hint(formatTrx(props.valueSun))}
      </span>
    </div>
  );
}
