import type { Message } from '../../shared/i18n/message.ts';
import { notCheaperThanBurning } from '../../shared/burn-cost.ts';
import type { Sun } from '../base/money.ts';
import { energyBurnSun } from '../wallets/need-estimate.ts';
import type { Decision, OrderOffer } from './decision.ts';
import { words } from './decision-words.ts';
import type { Rule } from './rule.ts';

/**
 * Energy Tray exists so that renting energy costs less than burning TRX for
 * it. A purchase it decides on by itself (auto top-up) is therefore only
 * made below the burn cost of the same energy at the chain's live energy fee
 * (getEnergyFee × energy): at it or above it renting saves nothing, and the
 * quote is refused (`above_burn_cost`). Nor above the rule's own ceiling in
 * SUN per energy when it has one (at the ceiling it may buy). Without the fee the burn cost is unknown, and
 * nothing is bought: the rule waits until the fee can be read.
 */

/** The chain's energy fee (SUN per energy unit), read with the quotes, or why it could not be read. */
export type EnergyFeeResult = { ok: true; sun: Sun } | { ok: false; text: Message };

/** The largest ceiling a rule may carry: far above any energy fee TRON has had (at most 420 SUN so far). */
export const MAX_SUN_PER_ENERGY = 100_000n;

/** The rule's own ceiling in SUN per energy; null: only the burn price bounds it. */
export const ruleCeilingSun = (rule: Pick<Rule, 'maxSunPerEnergy'>): bigint | null =>
  rule.maxSunPerEnergy === null ? null : BigInt(rule.maxSunPerEnergy);

/** Whether the rule's ceiling is above the burn price: then only the burn price binds, until the fee rises past the ceiling. */
export const ceilingAboveBurn = (ceilingSun: bigint, energyFeeSun: bigint | null): boolean =>
  energyFeeSun === null || ceilingSun > energyFeeSun;

function refusal(offer: OrderOffer, reason: 'above_burn_cost' | 'above_price_ceiling', text: Message): Decision {
  return { kind: 'refuse', reason, text, offer };
}

/**
 * The burn ceiling of one priced offer: a decision when it may not be bought
 * (the fee unknown, the quote at or above the burn cost, above the rule's
 * own ceiling), null when it may: one SUN below the burn cost is bought.
 */
export function burnCeiling(offer: OrderOffer, fee: EnergyFeeResult | undefined, rule: Pick<Rule, 'maxSunPerEnergy'>): Decision | null {
  if (!fee || !fee.ok) {
    return { kind: 'paused', reason: 'burn_cost_unknown', text: words.burnCostUnknown(fee ? fee.text : null) };
  }
  const energy = BigInt(offer.count);
  const burnSun = energyBurnSun(energy, fee.sun);
  const costSun = offer.quotedSun;
  if (notCheaperThanBurning(costSun, burnSun)) return refusal(offer, 'above_burn_cost', words.aboveBurnCost(offer.count, costSun, burnSun));
  const perEnergy = ruleCeilingSun(rule);
  if (perEnergy === null) return null;
  const ceilingSun = energy * perEnergy;
  if (offer.quotedSun <= ceilingSun) return null;
  return refusal(offer, 'above_price_ceiling', words.aboveCeiling(offer.count, costSun, ceilingSun, perEnergy));
}
