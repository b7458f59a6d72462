/**
 * When an order counts as large enough to say so in words, before the money
 * moves: over a share of the TRX balance, or over a fixed amount. Both the
 * dashboard's confirmation and main's approval word these facts, so the two
 * never disagree about what is large.
 */
export interface LargeOrderRule {
  /** Percent of the TRX balance (1–100). */
  percentOfBalance: number;
  /** Integer SUN. */
  overSun: bigint;
}

export const DEFAULT_LARGE_ORDER_PERCENT = 10;
/** 20 TRX: about six default top-ups. */
export const DEFAULT_LARGE_ORDER_SUN = 20_000_000n;

/** Whole percent of `part` in `whole`, rounded down by integer arithmetic; null without a positive whole. */
function percentOf(part: bigint, whole: bigint | null): bigint | null {
  if (whole === null || whole <= 0n) return null;
  return (part * 100n) / whole;
}

/**
 * Why an order is large, for words in any language (the dashboard's `large.*`,
 * main's approval `request.large.*`): a share of the balance (percent null:
 * all of it or more), or over the fixed amount.
 */
export type LargeOrderFacts = { by: 'share'; percent: bigint | null; balanceSun: bigint } | { by: 'amount'; overSun: bigint };

export function largeOrderFacts(costSun: bigint, balanceSun: bigint | null, rule: LargeOrderRule): LargeOrderFacts | null {
  const percent = percentOf(costSun, balanceSun);
  const overShare = balanceSun !== null && balanceSun > 0n && costSun * 100n > balanceSun * BigInt(rule.percentOfBalance);
  const overAmount = costSun > rule.overSun;
  if (!overShare && !overAmount) return null;
  if (overShare && percent !== null && balanceSun !== null) return { by: 'share', percent: percent >= 100n ? null : percent, balanceSun };
  return { by: 'amount', overSun: rule.overSun };
}
