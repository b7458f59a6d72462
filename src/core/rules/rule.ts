import { z } from 'zod';
import { parseStoredList, type StoredList } from '../base/stored-list.ts';
import { OFFERED_PERIODS } from '../../shared/order-rules.ts';
import type { TopUpOption } from '../../shared/views.ts';
import { NAME_MAX } from '../../shared/user-names.ts';
import { tronAddressProblem } from '../base/tron-address.ts';
import { MAX_TOP_UP_TRANSFERS, MAX_WATCHED_PER_PROFILE } from '../wallets/watched-wallet.ts';

/**
 * An auto top-up rule: for one watched address of a profile, keep at least
 * `keepTransfers` transfers' worth of energy (planned with that wallet's
 * energy per transfer); when fewer are covered, buy what `topUpTransfers`
 * transfers lack, as a timed rental, a fast recover, or whichever of the two
 * is cheaper at that moment, within a daily cap in SUN and a number of orders
 * a day. Stored with the profile's settings (nothing here is secret) and
 * validated on load: an invalid entry is dropped with a notice.
 */

/** What a rule buys: a timed rental for its period, a fast recover, or the cheaper of the two when it buys. */
export type RuleOption = TopUpOption | 'cheapest';
export const RULE_OPTIONS = ['timed', 'fast_recover', 'cheapest'] as const satisfies readonly RuleOption[];

/** The periods a rule may rent for: the ones the app offers for energy (a typo would be refused forever, unattended). */
export const RULE_PERIODS: readonly string[] = OFFERED_PERIODS.energy;

export const RULE_NAME_MAX = NAME_MAX.rule;
/** One rule per watched address. */
export const MAX_RULES_PER_PROFILE = MAX_WATCHED_PER_PROFILE;
/** One order every 15 minutes, all day: more than any wallet needs, few enough to bound a runaway. */
export const MAX_RULE_ORDERS_PER_DAY = 96;
/** A daily cap beyond a million TRX is a typo, not a plan. */
export const MAX_RULE_CAP_SUN = 1_000_000n * 1_000_000n;
/** A ceiling in SUN per energy: a whole number, at most 100,000 (burn-ceiling.ts MAX_SUN_PER_ENERGY). */
const SUN_PER_ENERGY_TEXT = /^[1-9]\d{0,4}$|^100000$/;

// The checks' messages are codes: a stored rule that fails them is left out with a notice, and a draft is checked in words (rule-draft.ts).
const sunText = z
  .string()
  .regex(/^[1-9]\d{0,17}$/, 'sunAboveZero')
  .refine((s) => BigInt(s) <= MAX_RULE_CAP_SUN, 'atMostMillionTrx');

export const ruleSchema = z
  .object({
    id: z.string().min(1).max(128),
    profileId: z.string().min(1).max(128),
    address: z.string().refine((a) => tronAddressProblem(a) === null, 'tronAddress'),
    name: z.string().trim().min(1).max(RULE_NAME_MAX),
    enabled: z.boolean(),
    /** Buy when fewer than this many transfers are covered. */
    keepTransfers: z.number().int().min(1).max(MAX_TOP_UP_TRANSFERS),
    /** When buying, cover this many transfers (at least keepTransfers, so one order lasts a while). */
    topUpTransfers: z.number().int().min(1).max(MAX_TOP_UP_TRANSFERS),
    option: z.enum(RULE_OPTIONS),
    /** The rental period of "timed" and "cheapest"; null for fast recover. */
    period: z
      .string()
      .refine((p) => RULE_PERIODS.includes(p), 'offeredPeriod')
      .nullable(),
    /** The most the rule's orders may count in one local day, SUN as a decimal string (JSON has no bigint). */
    dailyCapSun: sunText,
    maxOrdersPerDay: z.number().int().min(1).max(MAX_RULE_ORDERS_PER_DAY),
    /**
     * The most the rule pays per energy unit, SUN as a decimal string; null
     * (and in files written before it existed): the burn price. It never buys
     * above the burn price either way (burn-ceiling.ts).
     */
    maxSunPerEnergy: z.string().regex(SUN_PER_ENERGY_TEXT, 'sunPerEnergyRange').nullable().default(null),
    createdAt: z.number().int().min(0),
    /**
     * Orders for the address whose outcome is unknown stop the rule until the
     * person has looked: the ones created at or before this moment have been.
     */
    unknownCheckedAt: z.number().int().min(0),
  })
  .strict()
  .refine((r) => r.topUpTransfers >= r.keepTransfers, {
    // A stored rule is checked against these (never shown: a rule that fails them is left out with a notice).
    message: 'topUpBelowKeep',
    path: ['topUpTransfers'],
  })
  .refine((r) => (r.option === 'fast_recover') === (r.period === null), {
    message: 'periodForOption',
    path: ['period'],
  });

export type Rule = z.infer<typeof ruleSchema>;

/** The stored rules of every profile: an invalid entry, or one repeating an id or an address of its profile, is left out and counted. */
export function parseStoredRules(stored: readonly unknown[]): StoredList<Rule> {
  return parseStoredList(stored, ruleSchema, (r) => [`id:${r.id}`, `at:${r.profileId}|${r.address}`]);
}

/** The cap as SUN. */
export const ruleCapSun = (rule: Pick<Rule, 'dailyCapSun'>): bigint => BigInt(rule.dailyCapSun);

/** The person has looked at the unknown outcomes so far: the rule may buy again (its caps still hold). */
export function acknowledgeUnknown(rule: Rule, now: number): Rule {
  return { ...rule, unknownCheckedAt: Math.max(rule.unknownCheckedAt, Math.floor(now)) };
}
