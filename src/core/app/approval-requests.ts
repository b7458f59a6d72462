import { translator, type Translate } from '../../shared/i18n/i18n.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import { formatCountIn } from '../../shared/i18n/locale-format.ts';
import { moneyPairText, moneyText } from '../../shared/money-text.ts';
import type { SettingsPatch } from '../../shared/views.ts';
import type { Settings } from '../settings/settings-schema.ts';
import type { OrderIntent } from '../orders/order-types.ts';
import type { SpendStatus } from '../orders/spend-limit.ts';
import type { Preset } from '../presets/preset.ts';
import type { RuleChange } from '../rules/rule-approval.ts';
import type { ApprovalRequest } from './ports.ts';

/**
 * The questions main asks before it spends, repoints or silences anything,
 * in plain words (approval-text.ts lays them out), in the app's language
 * (the dialogs catalogue, `request.*`; English unless told). Addresses stay in full.
 */

/** The host a base URL sends to ("api.example.com", "127.0.0.1:8787"); the text itself when it is not a URL. */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** The dialogs catalogue and amounts in one language. */
interface Words {
  t: Translate<'dialogs'>;
  trx: (sun: bigint | string) => string;
  /** "from → to" of a change: exact where the rule would make them read the same. */
  pair: (from: bigint | string, to: bigint | string) => [string, string];
  count: (n: number) => string;
}

function wordsIn(language: Language): Words {
  return { t: translator(language, 'dialogs'), trx: (sun) => moneyText(sun, language), pair: (a, b) => moneyPairText(a, b, language), count: (n) => formatCountIn(n, language) };
}

function request(fields: Partial<ApprovalRequest> & Pick<ApprovalRequest, 'kind' | 'title' | 'what' | 'approveLabel'>): ApprovalRequest {
  return { amountSun: null, address: null, costSun: null, costNote: null, host: null, changes: [], notes: [], ...fields };
}

/** "65,000 energy for 1h" / "a one-time top-up of 65,000 energy" */
function orderWords(w: Words, kind: 'timed' | 'fast_recover', resource: 'energy' | 'net', count: number, period: string | null): string {
  const values = { amount: w.count(count), unit: resource === 'net' ? w.t('request.bandwidth') : w.t('request.energy') };
  return kind === 'timed' ? w.t('request.timedWords', { ...values, period: period ?? '?' }) : w.t('request.fastWords', values);
}

function limitNote(w: Words, limit: SpendStatus, costSun: bigint | null): string {
  const after = limit.leftSun - (costSun ?? 0n);
  return w.t('request.limitNote', { spent: w.trx(limit.spentSun), limit: w.trx(limit.limitSun), left: w.trx(after < 0n ? 0n : after) });
}

export interface PaidApprovalFacts {
  intent: OrderIntent;
  costSun: bigint | null;
  host: string;
  demo: boolean;
  /** Today's spend against the limit, for a quoted order. */
  limit: SpendStatus | null;
  /** "Large order: …" (shared/large-order.ts), first among the notes. */
  largeOrder?: string | null;
  /** Set when the order is a run of this preset from the dashboard. */
  presetName?: string;
}

/** A paid order the dashboard asked for: what, for which address, at what cost, through which host. */
export function paidOrderApproval(facts: PaidApprovalFacts, language: Language = SOURCE_LANGUAGE): ApprovalRequest {
  const { intent, costSun, host } = facts;
  const w = wordsIn(language);
  const { t } = w;
  const notes = [...(facts.largeOrder ? [facts.largeOrder] : []), ...(facts.limit ? [limitNote(w, facts.limit, costSun)] : []), ...(facts.demo ? [t('request.demoNote')] : [])];
  const common = { address: intent.address, costSun, host, notes };
  const count = intent.count ?? 0;
  switch (intent.kind) {
    case 'activation':
      return request({
        ...common,
        kind: 'activate',
        title: t('request.activate.title'),
        what: t('request.activate.what'),
        costNote: t('request.activate.costNote'),
        approveLabel: t('request.activate.approve'),
      });
    case 'reclaim':
      return request({
        ...common,
        kind: 'reclaim',
        costSun: null,
        costNote: t('request.reclaim.costNote'),
        title: t('request.reclaim.title', { orderSn: intent.orderSn ?? '' }),
        what: t('request.reclaim.what'),
        approveLabel: t('request.reclaim.approve'),
      });
    default: {
      const words = orderWords(w, intent.kind === 'fast_recover' ? 'fast_recover' : 'timed', intent.resource ?? (intent.kind === 'net' ? 'net' : 'energy'), count, intent.period ?? null);
      const price = costSun === null ? null : w.trx(costSun);
      return request({
        ...common,
        kind: facts.presetName === undefined ? 'buy' : 'run_preset',
        title: facts.presetName === undefined ? t('request.buy.title', { words }) : t('request.buy.presetTitle', { preset: facts.presetName, words }),
        what: price === null ? t('request.buy.what', { words }) : t('request.buy.whatPriced', { words, price }),
        approveLabel: price === null ? t('request.buy.approve') : t('request.buy.approvePriced', { price }),
      });
    }
  }
}

const presetWords = (w: Words, p: Preset): string => orderWords(w, p.kind, p.resource, p.count, p.period);

/** New or changed one-click top-up: its address and cap are what a tray click will spend, without asking again. */
export function presetApproval(before: Preset | undefined, after: Preset, host: string | null, demo: boolean, language: Language = SOURCE_LANGUAGE): ApprovalRequest {
  const w = wordsIn(language);
  const { t } = w;
  const changes: string[] = [];
  if (before) {
    const [from, to] = [presetWords(w, before), presetWords(w, after)];
    if (from !== to) changes.push(t('request.preset.changeBuys', { from, to }));
    if (before.address !== after.address) changes.push(t('request.preset.changeAddress', { from: before.address, to: after.address }));
    if (before.capSun !== after.capSun) {
      const [from, to] = w.pair(before.capSun, after.capSun);
      changes.push(t('request.preset.changeCap', { from, to }));
    }
  }
  return request({
    kind: 'save_preset',
    title: before ? t('request.preset.titleChange', { name: after.name }) : t('request.preset.titleAdd', { name: after.name }),
    what: t('request.preset.what', { words: presetWords(w, after), cap: w.trx(after.capSun) }),
    address: after.address,
    amountSun: BigInt(after.capSun),
    host,
    changes,
    notes: demo ? [t('request.demoNote')] : [],
    approveLabel: t('request.preset.approve'),
  });
}

export function defaultPresetsApproval(presets: readonly Preset[], address: string, host: string | null, demo: boolean, language: Language = SOURCE_LANGUAGE): ApprovalRequest {
  const w = wordsIn(language);
  const { t } = w;
  return request({
    kind: 'add_presets',
    title: t('request.presets.title', { count: presets.length }),
    what: t('request.presets.what'),
    address,
    host,
    changes: presets.map((p) => t('request.presets.change', { name: p.name, words: presetWords(w, p), cap: w.trx(p.capSun) })),
    notes: demo ? [t('request.demoNote')] : [],
    approveLabel: t('request.presets.approve'),
  });
}

/** Where a connect sends the key, and what it replaces. */
export interface ConnectPlan {
  profileName: string;
  existing: { baseUrl: string; keyHint: string | null } | null;
  baseUrl: string;
  keyHint: string;
}

export function connectApproval(plan: ConnectPlan, language: Language = SOURCE_LANGUAGE): ApprovalRequest {
  const t = translator(language, 'dialogs');
  const host = hostOf(plan.baseUrl);
  const profile = plan.profileName;
  const send = t('request.connect.send', { key: plan.keyHint, url: plan.baseUrl, profile });
  const { existing } = plan;
  const keyChange = existing?.keyHint ? [t('request.connect.keyChange', { from: existing.keyHint, to: plan.keyHint })] : [t('request.connect.keyNew', { key: plan.keyHint })];
  if (!existing) {
    return request({ kind: 'connect', title: t('request.connect.titleNew', { host }), what: t('request.connect.whatNew', { send }), host, approveLabel: t('request.connect.approveNew') });
  }
  if (existing.baseUrl === plan.baseUrl) {
    return request({ kind: 'connect', title: t('request.connect.titleReplace', { profile }), what: send, host, changes: keyChange, approveLabel: t('request.connect.approveReplace') });
  }
  return request({
    kind: 'connect',
    title: t('request.connect.titleMove', { profile, host }),
    what: t('request.connect.whatMove', { send }),
    host,
    changes: [t('request.connect.changeUrl', { from: existing.baseUrl, to: plan.baseUrl }), ...keyChange],
    approveLabel: t('request.connect.approveMove'),
  });
}

export function removeCredentialsApproval(profileName: string, baseUrl: string, language: Language = SOURCE_LANGUAGE): ApprovalRequest {
  const t = translator(language, 'dialogs');
  const host = hostOf(baseUrl);
  return request({
    kind: 'remove_credentials',
    title: t('request.remove.title', { profile: profileName }),
    what: t('request.remove.what', { host }),
    host,
    approveLabel: t('request.remove.approve'),
  });
}

/** The parts of a settings patch that silence the view of money or raise a limit; lowering a limit asks nothing. */
export function riskySettingsChanges(current: Settings, patch: SettingsPatch, language: Language = SOURCE_LANGUAGE): SettingsChange[] {
  const { t, pair } = wordsIn(language);
  const changes: SettingsChange[] = [];
  if (current.notificationsEnabled && patch.notificationsEnabled === false) {
    changes.push({
      title: t('request.settings.notificationsTitle'),
      what: t('request.settings.notificationsWhat'),
      change: t('request.settings.notificationsChange'),
      amountSun: null,
    });
  }
  if (patch.dailyLimitSun !== undefined && BigInt(patch.dailyLimitSun) > BigInt(current.dailyLimitSun)) {
    const to = BigInt(patch.dailyLimitSun);
    const [from, amount] = pair(current.dailyLimitSun, to);
    changes.push({
      title: t('request.settings.limitTitle', { amount }),
      what: t('request.settings.limitWhat', { amount }),
      change: t('request.settings.limitChange', { from, to: amount }),
      amountSun: to,
    });
  }
  const largerPercent = patch.largeOrderPercent !== undefined && patch.largeOrderPercent > current.largeOrderPercent;
  const largerAmount = patch.largeOrderSun !== undefined && BigInt(patch.largeOrderSun) > BigInt(current.largeOrderSun);
  if (largerPercent || largerAmount) {
    const percent = patch.largeOrderPercent ?? current.largeOrderPercent;
    const amount = patch.largeOrderSun ?? current.largeOrderSun;
    changes.push({
      title: t('request.settings.largeTitle'),
      what: t('request.settings.largeWhat', { percent, amount: pair(current.largeOrderSun, amount)[1] }),
      change: t('request.settings.largeChange', { fromPercent: current.largeOrderPercent, fromAmount: pair(current.largeOrderSun, amount)[0], percent, amount: pair(current.largeOrderSun, amount)[1] }),
      amountSun: BigInt(amount),
    });
  }
  if (patch.lowBalanceThresholdSun !== undefined && BigInt(patch.lowBalanceThresholdSun) < BigInt(current.lowBalanceThresholdSun)) {
    const to = BigInt(patch.lowBalanceThresholdSun);
    const [from, amount] = pair(current.lowBalanceThresholdSun, to);
    changes.push({
      title: t('request.settings.lowTitle', { amount }),
      what: t('request.settings.lowWhat', { amount }),
      change: t('request.settings.lowChange', { from, to: amount }),
      amountSun: to,
    });
  }
  return changes;
}

/** A settings change that silences the view of money or raises a limit. */
export interface SettingsChange {
  title: string;
  what: string;
  change: string;
  amountSun: bigint | null;
}

/**
 * One change is titled by itself and names its amount; several share a
 * general title and no single amount (settings and auto top-up edits).
 */
function listedChanges(changes: readonly SettingsChange[], severalTitle: string): Pick<ApprovalRequest, 'title' | 'what' | 'amountSun' | 'changes'> {
  const only = changes.length === 1 ? changes[0] : undefined;
  return {
    title: only ? only.title : severalTitle,
    what: changes.map((c) => c.what).join(' '),
    amountSun: only ? only.amountSun : null,
    changes: changes.map((c) => c.change),
  };
}

export function settingsApproval(changes: readonly SettingsChange[], language: Language = SOURCE_LANGUAGE): ApprovalRequest {
  const t = translator(language, 'dialogs');
  return request({ kind: 'settings', ...listedChanges(changes, t('request.settings.title')), approveLabel: t('request.settings.approve') });
}

/**
 * An auto top-up rule that may spend more or elsewhere without asking again
 * (created, moved, a cap raised, turned on): what it buys, for which address
 * in full, within which caps, through which host.
 */
export function autoTopUpApproval(changes: readonly RuleChange[], facts: { address: string; host: string; demo: boolean }, language: Language = SOURCE_LANGUAGE): ApprovalRequest {
  const t = translator(language, 'dialogs');
  return request({
    kind: 'auto_top_up',
    ...listedChanges(changes, t('request.autoTopUp.title')),
    address: facts.address,
    host: facts.host,
    notes: [t('request.autoTopUp.note'), ...(facts.demo ? [t('request.demoNote')] : [])],
    approveLabel: t('request.autoTopUp.approve'),
  });
}

/** Resuming every rule after "Pause all auto top-ups". */
export function resumeAutoTopUpsApproval(rules: ReadonlyArray<{ name: string; address: string; capSun: bigint }>, language: Language = SOURCE_LANGUAGE): ApprovalRequest {
  const { t, trx } = wordsIn(language);
  return request({
    kind: 'resume_auto_top_ups',
    title: t('request.autoTopUp.resumeTitle'),
    what: t('request.autoTopUp.resumeWhat', { count: rules.length }),
    changes: rules.map((r) => t('request.autoTopUp.resumeChange', { name: r.name, address: r.address, cap: trx(r.capSun) })),
    approveLabel: t('request.autoTopUp.resumeApprove'),
  });
}
