import { useState } from 'react';

/** Copies an address, order id or tx id; says so for a moment, or that it could not. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState<'copied' | 'failed' | null>(null);
  const copy = (): void => {
    void navigator.clipboard
      .writeText(text)
      .then(() => setDone('copied'))
      .catch(() => setDone('failed'))
      .finally(() => setTimeout(() => setDone(null), 2000));
  };
  return (
    <button type="button" className="copy" onClick={copy} aria-label={`${label}: ${text}`} title={label}>
      {done === 'copied' ? 'Copied' : done === 'failed' ? 'Select and copy' : 'Copy'}
    </button>
  );
}
