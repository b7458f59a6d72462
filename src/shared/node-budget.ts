import { msg, type Message } from './i18n/message.ts';

/**
 * A TRON node provider's daily request quota, as the settings take it. TronGrid
 * documents 100,000 requests a day for an account's key
 * (developers.tron.network/reference/rate-limits) and none for requests
 * without a key, which it limits harder and by IP: the default without one is
 * half. Any other provider or an own node: the person sets what it allows.
 */
export const KEYED_DAILY_BUDGET = 100_000;
export const KEYLESS_DAILY_BUDGET = 50_000;
/** The smallest budget the settings take: a day of following the chain once a minute, with a few reads. */
export const MIN_DAILY_BUDGET = 2_000;
export const MAX_DAILY_BUDGET = 100_000_000;

export function defaultDailyBudget(hasKey: boolean): number {
  return hasKey ? KEYED_DAILY_BUDGET : KEYLESS_DAILY_BUDGET;
}

/** Why a daily budget is refused, with the bounds (null: the settings take it). Shared by the IPC schema, the core and the CLI. */
export function dailyBudgetProblem(budget: number): Message | null {
  if (Number.isInteger(budget) && budget >= MIN_DAILY_BUDGET && budget <= MAX_DAILY_BUDGET) return null;
  return msg('errors:app.nodeBudgetRange', { min: MIN_DAILY_BUDGET, max: MAX_DAILY_BUDGET });
}
