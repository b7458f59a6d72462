import { useEffect, useId, useState } from 'react';
import { cleanAddress } from '../../../shared/order-rules.ts';
import { checkAddress } from '../state/actions.ts';
import { useDebounced } from '../hooks/use-debounced.ts';
import { errorMessageWords } from '../messages.ts';
import { useT, useWords } from '../i18n.ts';

/** A TRON address input that main validates (base58check) as you type. */
export function AddressField(props: { value: string; onChange(value: string): void; onValidity?(valid: boolean): void; label?: string }) {
  const { value, onChange, onValidity } = props;
  const id = useId();
  const t = useT();
  const words = useWords();
  const settled = useDebounced(cleanAddress(value), 150);
  const [answer, setAnswer] = useState<{ address: string; valid: boolean; reason: string | null } | null>(null);
  useEffect(() => {
    if (settled === '') return;
    let live = true;
    void checkAddress(settled).then((result) => {
        if (!live) return;
        const valid = result.ok && result.value.valid;
        const why = result.ok ? result.value.reason && words(result.value.reason) : errorMessageWords(result.error, words);
        setAnswer({ address: settled, valid, reason: valid ? null : why });
      });
    return () => {
      live = false;
    };
  }, [settled, words]);
  const current = answer && answer.address === cleanAddress(value) ? answer : null;
  const valid = current?.valid ?? false;
  const reason = current?.reason ?? null;
  useEffect(() => onValidity?.(valid), [valid, onValidity]);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label ?? t('address.receiving')}</label>
      <input
        id={id}
        className="address-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t('address.placeholder')}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={reason ? true : undefined}
        aria-describedby={reason ? `${id}-error` : undefined}
      />
      {reason && (
        <span id={`${id}-error`} className="field-error">
          {reason}
        </span>
      )}
    </div>
  );
}
