import type { MoneyContext } from '../../../shared/format.ts';
import { useFormat } from '../i18n.ts';

/**
 * An amount of TRX (or USDT) in the one money format (shared/money-text.ts):
 * two decimals, the exact amount on hover. `data-money` carries the SUN, so a
 * test can find every figure one order is shown with.
 */
export function Money({
  sun,
  context = 'price',
  unit = 'TRX',
  testId,
}: {
  sun: string | bigint;
  context?: MoneyContext;
  unit?: string;
  testId?: string;
}) {
  const f = useFormat();
  return (
    <span className="money" title={f.exact(sun, unit)} data-testid={testId} data-money={String(sun)}>
      {f.money(sun, context, unit)}
    </span>
  );
}
