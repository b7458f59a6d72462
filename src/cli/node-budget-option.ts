import { parseCountText } from '../shared/count-input.ts';
import { dailyBudgetProblem } from '../shared/node-budget.ts';
import { usageError } from './cli-error.ts';
import { words } from './i18n.ts';

/**
 * `--node-budget N|default`: the TRON node's daily request budget, checked as
 * the app's Settings check it (a whole number within the bounds, said with
 * them otherwise); `default` is null, the default for a provider key or none.
 */
export function nodeBudgetOption(text: string, command: string): number | null {
  if (text.trim().toLowerCase() === 'default') return null;
  const budget = parseCountText(text) ?? Number.NaN;
  const problem = dailyBudgetProblem(budget);
  if (problem !== null) throw usageError(words(problem), command);
  return budget;
}
