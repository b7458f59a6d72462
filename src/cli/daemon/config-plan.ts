import { checkProfileName } from '../../core/credentials/account-input.ts';
import { normalizeNodeUrl } from '../../core/chain/node-url.ts';
import { trxToSun } from '../../core/base/money.ts';
import { DomainError } from '../../core/base/domain-error.ts';
import { isLoopbackHost } from '../../core/base/http/loopback.ts';
import { checkRuleDraft, type RuleDraft } from '../../core/rules/rule-draft.ts';
import type { Rule } from '../../core/rules/rule.ts';
import { normalizeBaseUrl } from '../../core/settings/base-url.ts';
import { watchedWalletSchema, type WatchedWallet } from '../../core/wallets/watched-wallet.ts';
import { cleanAddress } from '../../shared/order-rules.ts';
import { hasVersionSegment } from '../access.ts';
import { t, words } from '../i18n.ts';
import { nameError } from '../names.ts';
import type { DaemonFile } from './config-schema.ts';
import { parseListen } from './listen-address.ts';

/** A check the file failed, at the key it concerns. */
export interface ConfigProblem {
  path: Array<string | number>;
  message: string;
}

/** What the file sets for its profile, in the settings' own terms. */
export interface ProfilePlan {
  name: string;
  baseUrl: string;
  nodeUrl: string | null;
  /** The node's daily request budget for the wallet reads' plan and the 80 % alert (null: the file leaves it). */
  nodeDailyBudget: number | null;
  dailyLimitSun: bigint | null;
  lowBalanceSun: bigint | null;
  pollIntervalSeconds: number | null;
  wallets: WatchedWallet[];
  rules: Rule[];
}

export interface PlanContext {
  profileId: string;
  now: number;
  newId: () => string;
  /** The profile's wallets and rules as saved: a rule of the same name keeps its id, creation and acknowledgements. */
  before: { wallets: readonly WatchedWallet[]; rules: readonly Rule[] };
}

const RULE_KEYS: Readonly<Record<keyof RuleDraft, string>> = {
  name: 'name',
  address: 'wallet',
  enabled: 'enabled',
  keepTransfers: 'keep_transfers',
  topUpTransfers: 'top_up_transfers',
  option: 'buy',
  period: 'period',
  dailyCapTrx: 'daily_cap_trx',
  maxOrdersPerDay: 'max_orders_per_day',
  maxSunPerEnergy: 'max_sun_per_energy',
};

function attempt<T>(problems: ConfigProblem[], path: ConfigProblem['path'], work: () => T): T | null {
  try {
    return work();
  } catch (err) {
    // The checks throw a DomainError (its key and values, worded here in the file's language) or a CliError already in words.
    problems.push({ path, message: err instanceof DomainError ? words(err.text) : err instanceof Error ? err.message : String(err) });
    return null;
  }
}

function walletsOf(file: DaemonFile, context: PlanContext, problems: ConfigProblem[]): WatchedWallet[] {
  const wallets: WatchedWallet[] = [];
  file.wallets.forEach((w, i) => {
    const address = cleanAddress(w.address);
    const labelProblem = nameError(w.label, 'walletLabel');
    if (labelProblem !== null) {
      problems.push({ path: ['wallets', i, 'label'], message: labelProblem });
      return;
    }
    const kept = context.before.wallets.find((b) => b.address === address);
    const parsed = watchedWalletSchema.safeParse({
      id: kept?.id ?? context.newId(),
      profileId: context.profileId,
      address,
      label: w.label,
      plan: w.plan,
      exactRecipient: null,
      exactEnergy: null,
      topUpTransfers: w.top_up_transfers,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push({ path: ['wallets', i, String(issue.path[0] ?? 'address')], message: issue.message });
      }
      return;
    }
    const twice = wallets.find((o) => o.address === address || o.label.toLowerCase() === parsed.data.label.toLowerCase());
    if (twice) problems.push({ path: ['wallets', i, 'label'], message: t('config.walletTwice', { label: JSON.stringify(twice.label) }) });
    else wallets.push(parsed.data);
  });
  return wallets;
}

function rulesOf(file: DaemonFile, wallets: readonly WatchedWallet[], context: PlanContext, problems: ConfigProblem[]): Rule[] {
  const rules: Rule[] = [];
  file.rules.forEach((r, i) => {
    const wanted = r.wallet.trim();
    const wallet = wallets.find((w) => w.address === cleanAddress(wanted) || w.label.toLowerCase() === wanted.toLowerCase());
    if (!wallet) {
      problems.push({ path: ['rules', i, 'wallet'], message: t('config.noWallet', { wallet: JSON.stringify(wanted) }) });
      return;
    }
    const fast = r.buy === 'fast-recover';
    const draft: RuleDraft = {
      name: r.name,
      address: wallet.address,
      enabled: r.enabled,
      keepTransfers: r.keep_transfers,
      topUpTransfers: r.top_up_transfers,
      option: fast ? 'fast_recover' : r.buy === 'cheapest' ? 'cheapest' : 'timed',
      period: fast ? null : (r.period ?? '1h'),
      dailyCapTrx: String(r.daily_cap_trx),
      maxOrdersPerDay: r.max_orders_per_day,
      maxSunPerEnergy: r.max_sun_per_energy === undefined ? '' : String(r.max_sun_per_energy),
    };
    const before = context.before.rules.find((b) => b.name.toLowerCase() === r.name.trim().toLowerCase());
    const base = { id: context.newId(), profileId: context.profileId, now: context.now, rules, watched: wallets.map((w) => w.address) };
    const checked = checkRuleDraft(draft, before ? { ...base, before } : base);
    // The name is worded in the file's language here; the draft's check says the same in English.
    const nameProblem = nameError(r.name, 'rule');
    if (nameProblem !== null) problems.push({ path: ['rules', i, 'name'], message: nameProblem });
    if (checked.ok) rules.push(checked.rule);
    else {
      const told = checked.problems.filter((x) => x.field !== 'name' || nameProblem === null);
      for (const p of told) problems.push({ path: ['rules', i, RULE_KEYS[p.field]], message: words(p.text) });
    }
  });
  return rules;
}

/** An alert channel's address: https, or plain http only to this computer (a local relay, the tests' fakes). */
export function channelUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return t('config.badUrl');
  }
  if (url.username !== '' || url.password !== '') return t('config.urlCredentials');
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return null;
  return t('config.urlHttps');
}

/**
 * Everything the file says, checked as the app checks what a person enters
 * (the same rule checks, address checks, URL rules), without touching
 * anything: the daemon validates a file this way before it runs and before
 * a reload replaces the settings in force.
 */
export function planProfile(file: DaemonFile, context: PlanContext): { plan: ProfilePlan; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const name = attempt(problems, ['profile', 'name'], () => checkProfileName(file.profile.name)) ?? file.profile.name;
  const baseUrl = attempt(problems, ['profile', 'base_url'], () => normalizeBaseUrl(file.profile.base_url).url) ?? file.profile.base_url;
  if (!hasVersionSegment(baseUrl)) problems.push({ path: ['profile', 'base_url'], message: t('config.noVersion', { url: baseUrl }) });
  const nodeText = file.node.url;
  const nodeUrl = nodeText === undefined ? null : attempt(problems, ['node', 'url'], () => normalizeNodeUrl(nodeText));
  const sun = (value: string | number | undefined, key: string): bigint | null =>
    value === undefined ? null : attempt(problems, ['limits', key], () => trxToSun(String(value)));
  if (file.metrics.listen !== undefined) {
    const listen = file.metrics.listen;
    attempt(problems, ['metrics', 'listen'], () => parseListen(listen));
  }
  for (const channel of ['webhook', 'ntfy', 'telegram'] as const) {
    const address = channel === 'telegram' ? file.alerts.telegram?.api_url : file.alerts[channel]?.url;
    const problem = address === undefined ? null : channelUrlProblem(address);
    if (problem !== null) problems.push({ path: ['alerts', channel, channel === 'telegram' ? 'api_url' : 'url'], message: problem });
  }
  const wallets = walletsOf(file, context, problems);
  const rules = rulesOf(file, wallets, context, problems);
  const plan: ProfilePlan = {
    name,
    baseUrl,
    nodeUrl,
    nodeDailyBudget: file.node.daily_request_budget ?? null,
    dailyLimitSun: sun(file.limits.daily_limit_trx, 'daily_limit_trx'),
    lowBalanceSun: sun(file.limits.low_balance_trx, 'low_balance_trx'),
    pollIntervalSeconds: file.limits.poll_interval_seconds ?? null,
    wallets,
    rules,
  };
  return { plan, problems };
}
