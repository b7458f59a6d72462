import { z } from 'zod';
import { msg, sunPair, sunValue, type Message, type MessageValue } from '../../shared/i18n/message.ts';
import { DomainError } from '../base/domain-error.ts';
import { trxToSun, type Sun } from '../base/money.ts';
import { tronAddressProblem } from '../base/tron-address.ts';

/**
 * The assistant allowance (issue 27): what an AI assistant connected through
 * `energy-tray mcp` may buy without asking again: TRX a day, TRX an order,
 * and for which addresses (the profile's watched wallets, or a list). Off by
 * default (no allowance stored for the profile); created or raised only with
 * an approval main draws (or the same words asked on the terminal), lowered
 * or turned off without one. It counts against the daily spending limit too:
 * a purchase must fit both.
 */

/** The most an allowance may hold per day or per order: a typo of 1000000 for 100 is refused, not approved by reflex. */
export const MAX_ALLOWANCE_SUN = 100_000n * 1_000_000n;
/** Addresses an allowance may list. */
export const MAX_ALLOWANCE_ADDRESSES = 20;

const sunText = z.string().regex(/^[1-9]\d{0,20}$/, 'a whole number of SUN');

/** As stored in the settings file (`assistantAllowances`, one per profile). */
export const storedAllowanceSchema = z
  .object({
    profileId: z.string().min(1).max(100),
    dailySun: sunText,
    perOrderSun: sunText,
    /** Only the profile's watched wallets (the default); else exactly `addresses`. */
    watchedOnly: z.boolean(),
    addresses: z.array(z.string().max(64)).max(MAX_ALLOWANCE_ADDRESSES),
    /** When the person approved it last (ms). */
    approvedAt: z.number().int().nonnegative(),
  })
  .strict();

export type StoredAllowance = z.output<typeof storedAllowanceSchema>;

export interface Allowance {
  profileId: string;
  dailySun: Sun;
  perOrderSun: Sun;
  watchedOnly: boolean;
  addresses: readonly string[];
  approvedAt: number;
}

/** What a person asks for: amounts in TRX as typed ("20", "2.5"). */
export interface AllowanceDraft {
  dailyTrx: string;
  perOrderTrx: string;
  watchedOnly: boolean;
  addresses: readonly string[];
}

export type AllowanceField = 'dailyTrx' | 'perOrderTrx' | 'addresses';
/** Why a draft cannot be saved: a field and a problem, worded by whoever shows it (its catalogue). */
export type AllowanceProblem =
  | { field: 'dailyTrx' | 'perOrderTrx'; problem: 'not_a_number' | 'zero' | 'too_large' }
  | { field: 'perOrderTrx'; problem: 'above_daily' }
  | { field: 'addresses'; problem: 'empty' | 'too_many' | 'duplicate' }
  | { field: 'addresses'; problem: 'invalid'; address: string };

const TRX_TEXT = /^\d{1,12}(\.\d{1,6})?$/;

function amountProblem(text: string): { sun: Sun } | { problem: 'not_a_number' | 'zero' | 'too_large' } {
  const trimmed = text.trim();
  if (!TRX_TEXT.test(trimmed)) return { problem: 'not_a_number' };
  const sun = trxToSun(trimmed);
  if (sun <= 0n) return { problem: 'zero' };
  return sun > MAX_ALLOWANCE_SUN ? { problem: 'too_large' } : { sun };
}

/** The allowance a draft asks for, or every problem it has (nothing is saved then). */
export function checkAllowanceDraft(
  draft: AllowanceDraft,
  profileId: string,
  now: number,
): { ok: true; allowance: Allowance } | { ok: false; problems: AllowanceProblem[] } {
  const problems: AllowanceProblem[] = [];
  const daily = amountProblem(draft.dailyTrx);
  const perOrder = amountProblem(draft.perOrderTrx);
  if ('problem' in daily) problems.push({ field: 'dailyTrx', problem: daily.problem });
  if ('problem' in perOrder) problems.push({ field: 'perOrderTrx', problem: perOrder.problem });
  if ('sun' in daily && 'sun' in perOrder && perOrder.sun > daily.sun) problems.push({ field: 'perOrderTrx', problem: 'above_daily' });
  const addresses = draft.watchedOnly ? [] : draft.addresses.map((a) => a.trim());
  if (!draft.watchedOnly) {
    if (addresses.length === 0) problems.push({ field: 'addresses', problem: 'empty' });
    if (addresses.length > MAX_ALLOWANCE_ADDRESSES) problems.push({ field: 'addresses', problem: 'too_many' });
    const bad = addresses.find((a) => tronAddressProblem(a) !== null);
    if (bad !== undefined) problems.push({ field: 'addresses', problem: 'invalid', address: bad });
    if (new Set(addresses).size !== addresses.length) problems.push({ field: 'addresses', problem: 'duplicate' });
  }
  if (problems.length > 0 || !('sun' in daily) || !('sun' in perOrder)) return { ok: false, problems };
  return {
    ok: true,
    allowance: { profileId, dailySun: daily.sun, perOrderSun: perOrder.sun, watchedOnly: draft.watchedOnly, addresses, approvedAt: now },
  };
}

export const toStoredAllowance = (a: Allowance): StoredAllowance => ({
  profileId: a.profileId,
  dailySun: a.dailySun.toString(),
  perOrderSun: a.perOrderSun.toString(),
  watchedOnly: a.watchedOnly,
  addresses: [...a.addresses],
  approvedAt: a.approvedAt,
});

/**
 * The profile's allowance from the settings file's list, or null (off). An
 * entry that does not read as an allowance (a hand edit, a later version's)
 * counts as off: nothing is allowed that the person did not approve.
 */
export function allowanceOf(stored: readonly unknown[] | undefined, profileId: string): Allowance | null {
  for (const entry of stored ?? []) {
    const parsed = storedAllowanceSchema.safeParse(entry);
    if (!parsed.success || parsed.data.profileId !== profileId) continue;
    const a = parsed.data;
    const perOrderSun = BigInt(a.perOrderSun);
    const dailySun = BigInt(a.dailySun);
    if (perOrderSun > dailySun || dailySun > MAX_ALLOWANCE_SUN) return null;
    if (!a.watchedOnly && (a.addresses.length === 0 || a.addresses.some((x) => tronAddressProblem(x) !== null))) return null;
    return {
      profileId,
      dailySun,
      perOrderSun,
      watchedOnly: a.watchedOnly,
      addresses: a.watchedOnly ? [] : a.addresses,
      approvedAt: a.approvedAt,
    };
  }
  return null;
}

/**
 * The settings file's list with the profile's allowance replaced (or removed: null), every other
 * profile's kept as it is; undefined when none is left (the field leaves the file).
 */
export function withAllowance(
  stored: ReadonlyArray<Record<string, unknown>> | undefined,
  profileId: string,
  next: Allowance | null,
): Array<Record<string, unknown>> | undefined {
  const others = (stored ?? []).filter((entry) => entry['profileId'] !== profileId);
  const list = next === null ? others : [...others, toStoredAllowance(next)];
  return list.length === 0 ? undefined : list;
}

/**
 * What in a change lets an assistant spend more or elsewhere, and so needs
 * the person's approval: created, a figure raised, or addresses it did not
 * cover before (a list growing, or a switch between the watched wallets,
 * which change on their own, and a list). Lowering or narrowing asks nothing.
 */
export function allowanceRaises(before: Allowance | null, after: Allowance): Array<'created' | 'daily' | 'per_order' | 'addresses'> {
  if (before === null) return ['created'];
  const raises: Array<'daily' | 'per_order' | 'addresses'> = [];
  if (after.dailySun > before.dailySun) raises.push('daily');
  if (after.perOrderSun > before.perOrderSun) raises.push('per_order');
  const wider =
    before.watchedOnly !== after.watchedOnly || (!after.watchedOnly && after.addresses.some((a) => !before.addresses.includes(a)));
  if (wider) raises.push('addresses');
  return raises;
}

export type AllowanceRefusal = 'off' | 'address' | 'per_order' | 'per_day';

export interface PurchaseFacts {
  address: string;
  costSun: Sun;
  /** The profile's watched wallets now. */
  watched: readonly string[];
  /** What the assistant's orders count today (AssistantOrders.assistantDay). */
  spentTodaySun: Sun;
}

/** Whether one purchase fits the allowance: null when it does, else which part refuses it. */
export function allowanceVerdict(allowance: Allowance | null, p: PurchaseFacts): AllowanceRefusal | null {
  if (allowance === null) return 'off';
  const covered = allowance.watchedOnly ? p.watched.includes(p.address) : allowance.addresses.includes(p.address);
  if (!covered) return 'address';
  if (p.costSun > allowance.perOrderSun) return 'per_order';
  return p.spentTodaySun + p.costSun > allowance.dailySun ? 'per_day' : null;
}

const REFUSAL_KEYS = {
  off: 'notices:assistant.off',
  address: 'notices:assistant.address',
  per_order: 'notices:assistant.perOrder',
  per_day: 'notices:assistant.perDay',
} as const;

/** Why an allowance refused, in words (the notices catalogue), and the cost: each exact where the rule would make them read the same. */
export function refusalWords(why: string, costSun: Sun | null, limitSun: Sun | null): { why: Message; cost: MessageValue } {
  const [cost, limit] = costSun === null || limitSun === null ? [null, null] : sunPair(costSun, limitSun);
  const limitValue: MessageValue = limit ?? (limitSun === null ? '' : sunValue(limitSun));
  // A refusal stored by a later version with a reason this one does not know reads as the allowance being off.
  const known = why === 'per_order' || why === 'per_day' || why === 'address' ? why : 'off';
  const words = known === 'per_order' || known === 'per_day' ? msg(REFUSAL_KEYS[known], { limit: limitValue }) : msg(REFUSAL_KEYS[known]);
  return { why: words, cost: cost ?? (costSun === null ? '?' : sunValue(costSun)) };
}

/** The allowance refused a purchase: nothing was journaled or sent. */
export class AllowanceRefusedError extends DomainError {
  override readonly name = 'AllowanceRefusedError';
  readonly why: AllowanceRefusal;
  /** The allowance that refused it (null: off). */
  readonly allowance: Allowance | null;
  readonly limitSun: Sun | null;
  readonly costSun: Sun;
  readonly spentTodaySun: Sun;

  constructor(why: AllowanceRefusal, allowance: Allowance | null, costSun: Sun, spentTodaySun: Sun) {
    const limitSun = why === 'per_order' ? (allowance?.perOrderSun ?? null) : why === 'per_day' ? (allowance?.dailySun ?? null) : null;
    // The MCP server and the app word it from their catalogues (why and the figures); the message is for logs.
    super(msg('errors:assistant.refused', { why: refusalWords(why, limitSun === null ? null : costSun, limitSun).why }));
    this.why = why;
    this.allowance = allowance;
    this.limitSun = limitSun;
    this.costSun = costSun;
    this.spentTodaySun = spentTodaySun;
  }
}
