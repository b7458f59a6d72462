import { ENERGY_PER_TRANSFER_TO_HOLDER, ENERGY_PER_TRANSFER_TO_NEW_ADDRESS } from '../../../src/core/chain/usdt.ts';
import type { Rule } from '../../../src/core/rules/rule.ts';
import { kindOf, MERCHANT_WALLETS, type WalletTraffic } from '../traffic-model.ts';

/**
 * The soak's settings: one rule per merchant wallet of the traffic model, as
 * its owner would set it up, and the global daily limit. Tuning belongs here
 * (what each rule keeps and buys, its caps), never in the measurement.
 */

const TRX = 1_000_000n;

export interface WalletRuleSettings {
  /** The watched wallet's energy per transfer (the Wallets view's setting). */
  perTransfer: bigint;
  rule: Pick<Rule, 'keepTransfers' | 'topUpTransfers' | 'option' | 'period' | 'dailyCapSun' | 'maxOrdersPerDay'>;
}

/**
 * Every rule buys fast recovers: the energy stays a day, and energy used
 * on the chain comes back within 24 hours, so a day's hold serves more than
 * its count; a 1-hour rental expires with the floor unused whenever the
 * wallet is quiet (nights, for payroll the whole evening), and cost more than
 * burning in a trial of this soak (1.05 × for exchange-hot, 1.58 × for payroll).
 * - payroll (office hours, 92 % holders, sharp batches of ~25 in 20 min):
 *   planned with holder transfers, keeps 6 and tops up to 12, enough to ride
 *   a batch between readings.
 * - exchange-hot (day and night, a third to new addresses, frequent bursts):
 *   planned with new-address transfers, keeps 6 and tops up to 24: a
 *   spike above the burn price stops every purchase (issue 21's ceiling: a
 *   fast recover at 4.83 × list is 290 SUN per energy, burning 100), and the
 *   week's longest, two hours of the busy morning on day 6, drains a smaller
 *   floor. With 3 and 9 the week covered 98.45 % (all 21 misses in that
 *   spike), on the polling watcher as on the block-following one.
 * - shop (a dozen a day, half to new addresses): keeps 2, tops up to 3.
 * Caps: about twice a typical day at list prices; a spike is refused once
 * its price no longer fits in what is left. The global limit is above their sum.
 */
export const RULE_SETTINGS: Readonly<Record<string, WalletRuleSettings>> = {
  payroll: {
    perTransfer: ENERGY_PER_TRANSFER_TO_HOLDER,
    rule: { keepTransfers: 6, topUpTransfers: 12, option: 'fast_recover', period: null, dailyCapSun: String(600n * TRX), maxOrdersPerDay: 12 },
  },
  'exchange-hot': {
    perTransfer: ENERGY_PER_TRANSFER_TO_NEW_ADDRESS,
    rule: { keepTransfers: 6, topUpTransfers: 24, option: 'fast_recover', period: null, dailyCapSun: String(2_500n * TRX), maxOrdersPerDay: 24 },
  },
  shop: {
    perTransfer: ENERGY_PER_TRANSFER_TO_NEW_ADDRESS,
    rule: { keepTransfers: 2, topUpTransfers: 3, option: 'fast_recover', period: null, dailyCapSun: String(100n * TRX), maxOrdersPerDay: 8 },
  },
};

export const GLOBAL_DAILY_LIMIT_SUN = 3_000n * TRX;

/** A fleet's settings: each wallet as its kind's rule, and the global limit grown with the number of rules. */
export function fleetSettings(wallets: readonly WalletTraffic[]): { settings: Record<string, WalletRuleSettings>; globalLimitSun: bigint } {
  const settings = Object.fromEntries(wallets.map((w) => [w.label, RULE_SETTINGS[kindOf(w.label)]!]));
  return { settings, globalLimitSun: (GLOBAL_DAILY_LIMIT_SUN * BigInt(wallets.length)) / BigInt(MERCHANT_WALLETS.length) };
}

/** The mean energy a wallet's day takes, from its traffic profile: what the fixed daily rental is sized to. */
export function meanDailyEnergy(wallet: WalletTraffic): bigint {
  const newShare = BigInt(Math.round(wallet.newRecipientShare * 1000));
  const perTransfer = (ENERGY_PER_TRANSFER_TO_NEW_ADDRESS * newShare + ENERGY_PER_TRANSFER_TO_HOLDER * (1000n - newShare)) / 1000n;
  return perTransfer * BigInt(Math.round(wallet.transfersPerDay));
}

export { MERCHANT_WALLETS };
