import { formatMoney, formatMoneyExact, type MoneyContext } from '../../../shared/format.ts';

/**
 * An amount of TRX (or USDT) in the dashboard's one money format: fixed
 * decimals for the context, the exact amount on hover.
 */
export function Money({ sun, context, unit = 'TRX', testId }: { sun: string | bigint; context: MoneyContext; unit?: string; testId?: string }) {
  return (
    <span className="money" title={formatMoneyExact(sun, unit)} data-testid={testId}>
      {formatMoney(sun, context, unit)}
    </span>
  );
}
