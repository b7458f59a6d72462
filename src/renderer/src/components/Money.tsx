import type { MoneyContext } from '../../../shared/format.ts';
import { useFormat } from '../i18n.ts';

/**
 * An amount of TRX (or USDT) in the dashboard's one money format: fixed
 * decimals for the context, the exact amount on hover.
 */
export function Money({ sun, context, unit = 'TRX', testId }: { sun: string | bigint; context: MoneyContext; unit?: string; testId?: string }) {
  const f = useFormat();
  return (
    <span className="money" title={`${f.amount(sun, 2)} ${unit}`} data-testid={testId}>
      {f.money(sun, context, unit)}
    </span>
  );
}
