import { msg, type Message } from '../../shared/i18n/message.ts';
import { cleanAddress } from '../../shared/order-rules.ts';
import { unitsToDecimalString } from '../base/money.ts';
import { tronAddressProblem } from '../base/tron-address.ts';
import type { RuleDraft } from './rule-draft.ts';
import type { Rule, RuleOption } from './rule.ts';
import type { WatchedWallet } from '../wallets/watched-wallet.ts';

/**
 * The "plan" column of a wallets CSV (docs/cli.md): words separated by
 * spaces, empty for a wallet watched with the defaults.
 * - the wallet: `new` (recipients usually new to USDT; default: they hold it),
 *   `exact=<recipient>:<energy>` (one recipient's dry-run figure),
 *   `transfers=N` (the tray's "top up for N transfers", default 2);
 * - an auto top-up rule, named as the wallet: `keep=N topup=M cap=TRX`
 *   (all three), with `buy=timed|fast-recover|cheapest` (default timed),
 *   `period=1h` (timed and cheapest), `orders=N` a day (default 4),
 *   `max-sun-per-energy=N` (default the burn price) and `off` (kept, not buying).
 */
export interface WalletPlan {
  plan: WatchedWallet['plan'];
  exactRecipient: string | null;
  exactEnergy: string | null;
  topUpTransfers: number;
  rule: Omit<RuleDraft, 'name' | 'address'> | null;
}

const DEFAULT_TOP_UP = 2;
const DEFAULT_ORDERS = 4;
const DEFAULT_PERIOD = '1h';
const BUY_WORDS: Readonly<Record<string, RuleOption>> = { timed: 'timed', 'fast-recover': 'fast_recover', cheapest: 'cheapest' };
const KEYS = ['exact', 'transfers', 'keep', 'topup', 'cap', 'buy', 'period', 'orders', 'max-sun-per-energy'] as const;
type Key = (typeof KEYS)[number];

/** A whole number as written (no sign, no decimals): the value, or null. */
const whole = (text: string): number | null => (/^\d{1,9}$/.test(text) ? Number(text) : null);

/** Reads a plan; a message naming the word at fault when it cannot be read. Ranges are checked with the rule and the wallet. */
export function parsePlan(text: string): { ok: true; plan: WalletPlan } | { ok: false; message: Message } {
  const values = new Map<Key, string>();
  let recipients: 'holder' | 'new' | null = null;
  let off = false;
  for (const word of text
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '')) {
    if (word === 'new' || word === 'holder') recipients = word;
    else if (word === 'off') off = true;
    else {
      const at = word.indexOf('=');
      const key = KEYS.find((k) => k === word.slice(0, at));
      if (at < 0 || key === undefined)
        return { ok: false, message: msg('errors:csv.plan.unknownWord', { word: JSON.stringify(word), words: planWords() }) };
      if (values.has(key)) return { ok: false, message: msg('errors:csv.plan.twice', { key }) };
      values.set(key, word.slice(at + 1));
    }
  }
  const exact = values.get('exact');
  let exactRecipient: string | null = null;
  let exactEnergy: string | null = null;
  if (exact !== undefined) {
    const [recipient = '', energy = ''] = exact.split(':');
    if (tronAddressProblem(cleanAddress(recipient)) !== null || !/^[1-9]\d{0,9}$/.test(energy)) {
      return { ok: false, message: msg('errors:csv.plan.exact') };
    }
    if (recipients !== null) return { ok: false, message: msg('errors:csv.plan.twoPlans', { other: recipients }) };
    exactRecipient = cleanAddress(recipient);
    exactEnergy = energy;
  }
  const transfers = values.get('transfers');
  const topUpTransfers = transfers === undefined ? DEFAULT_TOP_UP : whole(transfers);
  if (topUpTransfers === null) return { ok: false, message: msg('errors:csv.plan.transfersWhole') };
  const rule = rulePlan(values, off);
  if (!rule.ok) return rule;
  const plan = exactRecipient !== null ? 'exact' : (recipients ?? 'holder');
  return { ok: true, plan: { plan, exactRecipient, exactEnergy, topUpTransfers, rule: rule.rule } };
}

function rulePlan(
  values: ReadonlyMap<Key, string>,
  off: boolean,
): { ok: true; rule: WalletPlan['rule'] } | { ok: false; message: Message } {
  const ruleKeys: readonly Key[] = ['keep', 'topup', 'cap', 'buy', 'period', 'orders', 'max-sun-per-energy'];
  const given = ruleKeys.filter((k) => values.has(k));
  if (given.length === 0) {
    return off ? { ok: false, message: msg('errors:csv.plan.offAlone') } : { ok: true, rule: null };
  }
  const missing = (['keep', 'topup', 'cap'] as const).filter((k) => !values.has(k));
  if (missing.length > 0) {
    return { ok: false, message: msg('errors:csv.plan.ruleNeeds', { missing: missing.map((k) => `${k}=`).join(', ') }) };
  }
  const keep = whole(values.get('keep')!);
  const topUp = whole(values.get('topup')!);
  const orders = values.has('orders') ? whole(values.get('orders')!) : DEFAULT_ORDERS;
  if (keep === null || topUp === null || orders === null) return { ok: false, message: msg('errors:csv.plan.wholeNumbers') };
  const buy = values.get('buy') ?? 'timed';
  const option = BUY_WORDS[buy];
  if (option === undefined) return { ok: false, message: msg('errors:csv.plan.buy', { got: JSON.stringify(buy) }) };
  const period = option === 'fast_recover' ? (values.get('period') ?? null) : (values.get('period') ?? DEFAULT_PERIOD);
  return {
    ok: true,
    rule: {
      enabled: !off,
      keepTransfers: keep,
      topUpTransfers: topUp,
      option,
      period,
      dailyCapTrx: values.get('cap')!,
      maxOrdersPerDay: orders,
      maxSunPerEnergy: values.get('max-sun-per-energy') ?? '',
    },
  };
}

/** The plan's words as written in a file (syntax, not prose). */
const planWords = (): string => ['new', 'holder', 'off', ...KEYS.map((k) => `${k}=`)].join(', ');

/** The plan column that reads back as this wallet and its rule (defaults left out). */
export function planText(wallet: WatchedWallet, rule: Rule | undefined): string {
  const words: string[] = [];
  if (wallet.plan === 'new') words.push('new');
  if (wallet.plan === 'exact') words.push(`exact=${wallet.exactRecipient}:${wallet.exactEnergy}`);
  if (wallet.topUpTransfers !== DEFAULT_TOP_UP) words.push(`transfers=${wallet.topUpTransfers}`);
  if (rule) {
    words.push(`keep=${rule.keepTransfers}`, `topup=${rule.topUpTransfers}`, `cap=${unitsToDecimalString(BigInt(rule.dailyCapSun))}`);
    const buy = Object.entries(BUY_WORDS).find(([, option]) => option === rule.option)![0];
    if (buy !== 'timed') words.push(`buy=${buy}`);
    if (rule.period !== null && rule.period !== DEFAULT_PERIOD) words.push(`period=${rule.period}`);
    if (rule.maxOrdersPerDay !== DEFAULT_ORDERS) words.push(`orders=${rule.maxOrdersPerDay}`);
    if (rule.maxSunPerEnergy !== null) words.push(`max-sun-per-energy=${rule.maxSunPerEnergy}`);
    if (!rule.enabled) words.push('off');
  }
  return words.join(' ');
}
