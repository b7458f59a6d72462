import { useState } from 'react';
import { useT } from '../i18n.ts';

/** Copies an address, order id or tx id; says so for a moment, or that it could not. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState<'copied' | 'failed' | null>(null);
  const t = useT();
  const copy = (): void => {
    void navigator.clipboard
      .writeText(text)
      .then(() => setDone('copied'))
      .catch(() => setDone('failed'))
      .finally(() => setTimeout(() => setDone(null), 2000));
  };
  return (
    <button type="button" className="copy" onClick={copy} aria-label={t('copy.labelled', { label, text })} title={label}>
      {done === 'copied' ? t('copy.copied') : done === 'failed' ? t('copy.failed') : t('copy.copy')}
    </button>
  );
}
