import { addressGroups, type LookAlike } from '../../../shared/look-alike.ts';
import { CopyButton } from './CopyButton.tsx';
import { useT } from '../i18n.ts';

/**
 * An address in full, in groups of four so it can be compared character by
 * character; with `lookAlike`, the characters that differ from the known
 * address it imitates are marked.
 */
export function AddressFull({ address, lookAlike }: { address: string; lookAlike?: LookAlike | null }) {
  const differs = new Set(lookAlike?.differsAt ?? []);
  const t = useT();
  return (
    <span className="address-full">
      <span className="mono" data-testid="address-full" aria-label={address}>
        {addressGroups(address).map((g) => (
          <span key={g.start} className="address-group">
            {[...g.text].map((ch, i) => (differs.has(g.start + i) ? <mark key={i}>{ch}</mark> : ch))}
          </span>
        ))}
      </span>
      <CopyButton text={address} label={t('copy.address')} />
    </span>
  );
}
