import { notCheaperThanBurning } from '../../../shared/burn-cost.ts';
import type { PresetView } from '../../../shared/ipc.ts';
import { useQuote } from '../hooks/use-quote.ts';
import { useFormat, useT } from '../i18n.ts';
import { quoteFastRecover, quoteTimed } from '../state/actions.ts';
import { Pending } from './BalanceCard.tsx';
import { Money } from './Money.tsx';

/** A preset's live price, as the tray menu shows it: "≈ 3.25 TRX", with over-the-cap and not-cheaper-than-burning said in words. */
export function PresetQuote({ preset }: { preset: PresetView }) {
  const quote = useQuote(`${preset.id}|${preset.kind}|${preset.resource}|${preset.count}|${preset.period ?? ''}`, () =>
    preset.kind === 'timed'
      ? quoteTimed({ type: preset.resource, count: preset.count, period: preset.period ?? '1h' })
      : quoteFastRecover({ resourceType: preset.resource, count: preset.count }),
  );
  const t = useT();
  const f = useFormat();
  if (quote.error) return <span className="muted small">{t('quote.none')}</span>;
  if (!quote.quote) return <Pending short />;
  const overCap = BigInt(quote.quote.amountSun) > BigInt(preset.capSun);
  const burnSun = quote.quote.burnSun ?? null;
  const notCheaper = burnSun !== null && notCheaperThanBurning(BigInt(quote.quote.amountSun), BigInt(burnSun));
  return (
    <span data-testid="preset-quote" className={overCap || notCheaper ? 'warn' : undefined}>
      ≈ <Money sun={quote.quote.amountSun} context="price" />
      {overCap && t('quote.overCap')}
      {notCheaper && t('quote.notCheaper', { burn: f.trx(burnSun) })}
    </span>
  );
}
