import type { WalletView } from '../../../../shared/ipc.ts';
import { useFormat, useT } from '../../i18n.ts';
import { transfers } from './wallet-text.ts';
import '../../gauge.css';

/** Marks between transfers up to this many; more would be a comb. */
const MAX_TICKS = 12;

/**
 * The wallet's energy against what its next N transfers need (N: its top-up
 * size), one segment a transfer: full and green when they are covered, amber
 * while some are, red when not one is. A meter for screen readers, with the
 * figures in words.
 */
export function EnergyGauge({ wallet }: { wallet: WalletView }) {
  const t = useT();
  const f = useFormat();
  if (!wallet.energy || !wallet.covered) return null;
  const count = wallet.topUpTransfers;
  const need = BigInt(wallet.energyPerTransfer) * BigInt(count);
  const available = BigInt(wallet.energy.available);
  const shown = available > need ? need : available;
  const percent = need === 0n ? 100 : Number((shown * 1000n) / need) / 10;
  const covered = BigInt(wallet.covered.planned);
  const level = covered >= BigInt(count) ? 'ok' : covered >= 1n ? 'some' : 'low';
  const ticks = count > 1 && count <= MAX_TICKS ? Array.from({ length: count - 1 }, (_, i) => ((i + 1) * 100) / count) : [];
  return (
    <span
      className={`gauge gauge-${level}`}
      role="meter"
      aria-label={t('gauge.label', { label: wallet.label })}
      aria-valuemin={0}
      aria-valuemax={Number(need)}
      aria-valuenow={Number(shown)}
      aria-valuetext={t('gauge.text', { energy: f.count(available), need: f.count(need), transfers: transfers(count, t, f) })}
      data-testid="energy-gauge"
      data-level={level}
    >
      <svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <rect className="gauge-track" x="0" y="0" width="100" height="10" />
        <rect className="gauge-fill" x="0" y="0" width={percent} height="10" />
        {ticks.map((x) => (
          <line key={x} className="gauge-tick" x1={x} x2={x} y1="0" y2="10" vectorEffect="non-scaling-stroke" />
        ))}
      </svg>
    </span>
  );
}
