import type { NodeBudgetView } from '../../../../shared/ipc.ts';
import { useFormat, useT } from '../../i18n.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The node's daily request budget running short (core/chain/request-budget.ts
 * widens what it can instead of failing): what was used, and what the wallets
 * do to last the day. Nothing while the budget lasts as planned.
 */
export function NodeBudgetNotice({ budget }: { budget: NodeBudgetView | null | undefined }) {
  const t = useT();
  const f = useFormat();
  if (!budget || budget.short.length === 0) return null;
  const lines = [t('nodeBudget.short', { used: f.count(budget.usedToday), budget: f.count(budget.budget) })];
  if (budget.short.includes('no_refresh') || budget.refreshMs === null) lines.push(t('nodeBudget.noRefresh'));
  else if (budget.short.includes('refresh_widened')) {
    // In the unit that keeps the figure true: a widened 20-minute refresh is not "every 1 hour".
    const { refreshMs } = budget;
    if (refreshMs < HOUR_MS) lines.push(t('nodeBudget.refreshMinutes', { count: Math.max(1, Math.ceil(refreshMs / MINUTE_MS)) }));
    else lines.push(t('nodeBudget.refreshHours', { count: Math.ceil(refreshMs / HOUR_MS) }));
  }
  if (budget.short.includes('events_paced')) lines.push(t('nodeBudget.eventsPaced'));
  if (budget.short.includes('follow_widened')) lines.push(t('nodeBudget.followWidened', { count: budget.followEverySeconds }));
  return (
    <p className="warn small" role="status" data-testid="node-budget-short">
      {lines.join(' ')}
    </p>
  );
}
