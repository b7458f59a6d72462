import type { PresetView } from '../../../shared/ipc.ts';
import { useQuote } from '../hooks/use-quote.ts';
import { quoteFastRecover, quoteTimed } from '../state/actions.ts';
import { Pending } from './BalanceCard.tsx';
import { Money } from './Money.tsx';

/** A preset's live price, as the tray menu shows it: "≈ 3.25 TRX", with over-the-cap said in words. */
export function PresetQuote({ preset }: { preset: PresetView }) {
  const quote = useQuote(`${preset.id}|${preset.kind}|${preset.resource}|${preset.count}|${preset.period ?? ''}`, () =>
    preset.kind === 'timed' ? quoteTimed({ type: preset.resource, count: preset.count, period: preset.period ?? '1h' }) : quoteFastRecover({ resourceType: preset.resource, count: preset.count }),
  );
  if (quote.error) return <span className="muted small">no price now</span>;
  if (!quote.quote) return <Pending short />;
  const overCap = BigInt(quote.quote.amountSun) > BigInt(preset.capSun);
  return (
    <span data-testid="preset-quote" className={overCap ? 'warn' : undefined}>
      ≈ <Money sun={quote.quote.amountSun} context="price" />
      {overCap && ' — over this preset’s cap: a tray click would refuse it'}
    </span>
  );
}
