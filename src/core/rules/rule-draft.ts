import { addressProblemText, cleanAddress } from '../../shared/order-rules.ts';
import { msg, sunValue, type Message } from '../../shared/i18n/message.ts';
import { nameProblem, nameProblemText, type NameProblem } from '../../shared/user-names.ts';
import { trxToSun, unitsToDecimalString } from '../base/money.ts';
import { tronAddressProblem } from '../base/tron-address.ts';
import { MAX_TOP_UP_TRANSFERS } from '../wallets/watched-wallet.ts';
import { MAX_SUN_PER_ENERGY } from './burn-ceiling.ts';
import {
  MAX_RULE_CAP_SUN,
  MAX_RULE_ORDERS_PER_DAY,
  MAX_RULES_PER_PROFILE,
  RULE_NAME_MAX,
  RULE_OPTIONS,
  RULE_PERIODS,
  ruleSchema,
  type Rule,
  type RuleOption,
} from './rule.ts';

/**
 * A rule as the person enters it (the dashboard's editor, a CLI flag): the
 * cap in TRX as typed. Checked here into a Rule, each problem named with its
 * field in words a person can act on; nothing is saved unless all pass.
 */
export interface RuleDraft {
  name: string;
  address: string;
  enabled: boolean;
  keepTransfers: number;
  topUpTransfers: number;
  option: RuleOption;
  period: string | null;
  /** "20", "6.5": TRX with at most six decimals. */
  dailyCapTrx: string;
  maxOrdersPerDay: number;
  /** The price ceiling in SUN per energy as typed; empty or absent: the burn price (the chain's energy fee). */
  maxSunPerEnergy?: string;
}

export interface RuleProblem {
  field: keyof RuleDraft;
  text: Message;
}

export interface RuleDraftContext {
  /** The new rule's id (ignored when editing: the rule keeps its own). */
  id: string;
  profileId: string;
  now: number;
  /** The rule being edited; absent for a new one. */
  before?: Rule;
  /** The profile's rules (the edited one may be among them). */
  rules: readonly Rule[];
  /** The profile's watched addresses: a rule needs the wallet's energy plan. */
  watched: readonly string[];
}

export type RuleDraftCheck = { ok: true; rule: Rule } | { ok: false; problems: RuleProblem[] };

const TRX_TEXT = /^(\d{1,7})(\.\d{1,6})?$/;

/** The daily cap as typed, in TRX, to SUN; what is wrong when it is not a usable amount. */
export function parseCapTrx(text: string): { ok: true; sun: bigint } | { ok: false; text: Message } {
  const trimmed = text.trim();
  if (!TRX_TEXT.test(trimmed)) return { ok: false, text: msg('errors:ruleDraft.capFormat') };
  const sun = trxToSun(trimmed);
  if (sun <= 0n) return { ok: false, text: msg('errors:ruleDraft.capPositive') };
  if (sun > MAX_RULE_CAP_SUN) return { ok: false, text: msg('errors:ruleDraft.capMost', { most: sunValue(MAX_RULE_CAP_SUN) }) };
  return { ok: true, sun };
}

const isWhole = (n: number, min: number, max: number): boolean => Number.isInteger(n) && n >= min && n <= max;

/** A name that cannot be saved, in words: the character it holds, or its length. */
const nameWords = (problem: NameProblem): Message =>
  problem.kind === 'character' ? nameProblemText(problem, 'rule') : msg('errors:ruleDraft.nameLength', { max: RULE_NAME_MAX });

/** The price ceiling as typed: null (follow the burn price) when empty; a message when it is not a usable number. */
export function parseCeiling(text: string | undefined): { ok: true; sun: bigint | null } | { ok: false; text: Message } {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { ok: true, sun: null };
  const sun = /^\d{1,7}$/.test(trimmed) ? BigInt(trimmed) : 0n;
  if (sun < 1n || sun > MAX_SUN_PER_ENERGY) {
    return { ok: false, text: msg('errors:ruleDraft.ceiling', { most: Number(MAX_SUN_PER_ENERGY) }) };
  }
  return { ok: true, sun };
}

function addressProblems(address: string, context: RuleDraftContext): RuleProblem[] {
  const problem = tronAddressProblem(address);
  if (problem !== null) return [{ field: 'address', text: addressProblemText(problem) }];
  if (!context.watched.includes(address)) return [{ field: 'address', text: msg('errors:ruleDraft.notWatched') }];
  const taken = context.rules.some((r) => r.address === address && r.id !== context.before?.id);
  return taken ? [{ field: 'address', text: msg('errors:ruleDraft.addressTaken') }] : [];
}

function transferProblems(draft: RuleDraft): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if (!isWhole(draft.keepTransfers, 1, MAX_TOP_UP_TRANSFERS)) {
    problems.push({ field: 'keepTransfers', text: msg('errors:ruleDraft.keep', { most: MAX_TOP_UP_TRANSFERS }) });
  }
  if (!isWhole(draft.topUpTransfers, 1, MAX_TOP_UP_TRANSFERS)) {
    problems.push({ field: 'topUpTransfers', text: msg('errors:ruleDraft.topUp', { most: MAX_TOP_UP_TRANSFERS }) });
  } else if (isWhole(draft.keepTransfers, 1, MAX_TOP_UP_TRANSFERS) && draft.topUpTransfers < draft.keepTransfers) {
    problems.push({ field: 'topUpTransfers', text: msg('errors:ruleDraft.topUpBelowKeep', { count: draft.keepTransfers }) });
  }
  return problems;
}

function purchaseProblems(draft: RuleDraft): RuleProblem[] {
  if (!RULE_OPTIONS.includes(draft.option)) return [{ field: 'option', text: msg('errors:ruleDraft.option') }];
  if (draft.option === 'fast_recover') {
    return draft.period === null ? [] : [{ field: 'period', text: msg('errors:ruleDraft.fastNoPeriod') }];
  }
  if (draft.period === null || !RULE_PERIODS.includes(draft.period)) {
    return [{ field: 'period', text: msg('errors:ruleDraft.period', { periods: RULE_PERIODS.join(', ') }) }];
  }
  return [];
}

/** Checks a draft into the rule to save: a new one, or `before` changed (its id, creation and acknowledgements kept). */
export function checkRuleDraft(draft: RuleDraft, context: RuleDraftContext): RuleDraftCheck {
  const name = draft.name.trim();
  const address = cleanAddress(draft.address);
  const cap = parseCapTrx(draft.dailyCapTrx);
  const named = nameProblem(draft.name, 'rule');
  const ceiling = parseCeiling(draft.maxSunPerEnergy);
  const problems: RuleProblem[] = [
    ...(named === null ? [] : [{ field: 'name' as const, text: nameWords(named) }]),
    ...addressProblems(address, context),
    ...transferProblems(draft),
    ...purchaseProblems(draft),
    ...(cap.ok ? [] : [{ field: 'dailyCapTrx' as const, text: cap.text }]),
    ...(ceiling.ok ? [] : [{ field: 'maxSunPerEnergy' as const, text: ceiling.text }]),
    ...(isWhole(draft.maxOrdersPerDay, 1, MAX_RULE_ORDERS_PER_DAY)
      ? []
      : [{ field: 'maxOrdersPerDay' as const, text: msg('errors:ruleDraft.maxOrders', { most: MAX_RULE_ORDERS_PER_DAY }) }]),
  ];
  if (!context.before && context.rules.length >= MAX_RULES_PER_PROFILE) {
    problems.push({ field: 'address', text: msg('errors:ruleDraft.tooMany', { most: MAX_RULES_PER_PROFILE }) });
  }
  if (problems.length > 0 || !cap.ok || !ceiling.ok) return { ok: false, problems };
  const { before } = context;
  // A rule moved to another address starts afresh there: unknown outcomes of that address before now are not its own.
  const fresh = !before || before.address !== address;
  const candidate: Rule = {
    id: before?.id ?? context.id,
    profileId: before?.profileId ?? context.profileId,
    address,
    name,
    enabled: draft.enabled,
    keepTransfers: draft.keepTransfers,
    topUpTransfers: draft.topUpTransfers,
    option: draft.option,
    period: draft.option === 'fast_recover' ? null : draft.period,
    dailyCapSun: cap.sun.toString(),
    maxOrdersPerDay: draft.maxOrdersPerDay,
    maxSunPerEnergy: ceiling.sun === null ? null : ceiling.sun.toString(),
    createdAt: before?.createdAt ?? Math.floor(context.now),
    unknownCheckedAt: fresh ? Math.floor(context.now) : before.unknownCheckedAt,
  };
  const parsed = ruleSchema.safeParse(candidate);
  if (!parsed.success) return { ok: false, problems: [{ field: 'name', text: msg('errors:ruleDraft.invalid') }] };
  return { ok: true, rule: parsed.data };
}

/** The draft of a stored rule, for the editor. */
export function draftOf(rule: Rule): RuleDraft {
  return {
    name: rule.name,
    address: rule.address,
    enabled: rule.enabled,
    keepTransfers: rule.keepTransfers,
    topUpTransfers: rule.topUpTransfers,
    option: rule.option,
    period: rule.period,
    dailyCapTrx: unitsToDecimalString(BigInt(rule.dailyCapSun)),
    maxOrdersPerDay: rule.maxOrdersPerDay,
    maxSunPerEnergy: rule.maxSunPerEnergy ?? '',
  };
}
