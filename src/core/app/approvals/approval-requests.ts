// app/approvals: the questions main asks before money moves or a setting is raised, and their words.
import { translator } from '../../../shared/i18n/i18n.ts';
import { SOURCE_LANGUAGE, type Language } from '../../../shared/i18n/languages.ts';
import { notCheaperThanBurning } from '../../../shared/burn-cost.ts';
import type { LargeOrderFacts } from '../../../shared/large-order.ts';
import { shownName } from '../../../shared/user-names.ts';
import type { OrderIntent } from '../../orders/order-types.ts';
import type { SpendStatus } from '../../orders/spend-limit.ts';
import type { Preset } from '../../presets/preset.ts';
import { approvalRequest, wordsIn, type Words } from './approval-words.ts';
import type { ApprovalRequest } from '../ports.ts';

/**
 * The questions main asks before it spends, repoints or silences anything,
 * in plain words (approval-text.ts lays them out), in the app's language
 * (the dialogs catalogue, `request.*`; English unless told). Addresses stay in full.
 * Changes listed one a line (settings, auto top-up rules) are in change-approvals.ts.
 */

/** The host a base URL sends to ("api.example.com", "127.0.0.1:8787"); the text itself when it is not a URL. */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
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
  /** Why the order is large (shared/large-order.ts): "Large order: …", first among the notes. */
  largeOrder?: LargeOrderFacts | null;
  /** Set when the order is a run of this preset from the dashboard. */
  presetName?: string;
  /** What burning TRX for the order's energy would cost now; null or absent for bandwidth, or when the fee cannot be read. */
  burnSun?: bigint | null;
}

/** "Not cheaper than burning: …" when renting the energy costs as much as burning TRX for it, or more; it may still be bought. */
function aboveBurnNote(w: Words, intent: OrderIntent, costSun: bigint | null, burnSun: bigint | null | undefined): string[] {
  if (costSun === null || burnSun === null || burnSun === undefined || !notCheaperThanBurning(costSun, burnSun)) return [];
  const [cost, burn] = w.pair(costSun, burnSun);
  return [w.t('request.aboveBurn', { energy: w.count(intent.count ?? 0), cost, burn })];
}

/** "Large order: 325.00 TRX is 65 % of your balance (500.00 TRX). Check the amount before you buy.": the dashboard's words for it too. */
function largeNote(w: Words, costSun: bigint | null, large: LargeOrderFacts | null | undefined): string[] {
  if (costSun === null || !large) return [];
  if (large.by === 'amount') return [w.t('request.large.over', { cost: w.trx(costSun), over: w.trx(large.overSun) })];
  const [cost, balance] = w.pair(costSun, large.balanceSun);
  if (large.percent === null) return [w.t('request.large.wholeBalance', { cost, balance })];
  return [w.t('request.large.share', { cost, balance, percent: w.count(Number(large.percent)) })];
}

/** A paid order the dashboard asked for: what, for which address, at what cost, through which host. */
export function paidOrderApproval(facts: PaidApprovalFacts, language: Language = SOURCE_LANGUAGE): ApprovalRequest {
  const { intent, costSun, host } = facts;
  const w = wordsIn(language);
  const { t } = w;
  const notes = [
    ...aboveBurnNote(w, intent, costSun, facts.burnSun),
    ...largeNote(w, costSun, facts.largeOrder),
    ...(facts.limit ? [limitNote(w, facts.limit, costSun)] : []),
    ...(facts.demo ? [t('request.demoNote')] : []),
  ];
  const common = { address: intent.address, costSun, host, notes };
  const count = intent.count ?? 0;
  switch (intent.kind) {
    case 'activation':
      return approvalRequest({
        ...common,
        kind: 'activate',
        title: t('request.activate.title'),
        what: t('request.activate.what'),
        costNote: t('request.activate.costNote'),
        approveLabel: t('request.activate.approve'),
      });
    case 'reclaim':
      return approvalRequest({
        ...common,
        kind: 'reclaim',
        costSun: null,
        costNote: t('request.reclaim.costNote'),
        title: t('request.reclaim.title', { orderSn: intent.orderSn ?? '' }),
        what: t('request.reclaim.what'),
        approveLabel: t('request.reclaim.approve'),
      });
    default: {
      const words = orderWords(
        w,
        intent.kind === 'fast_recover' ? 'fast_recover' : 'timed',
        intent.resource ?? (intent.kind === 'net' ? 'net' : 'energy'),
        count,
        intent.period ?? null,
      );
      const price = costSun === null ? null : w.trx(costSun);
      return approvalRequest({
        ...common,
        kind: facts.presetName === undefined ? 'buy' : 'run_preset',
        title:
          facts.presetName === undefined
            ? t('request.buy.title', { words })
            : t('request.buy.presetTitle', { preset: shownName(facts.presetName), words }),
        what: price === null ? t('request.buy.what', { words }) : t('request.buy.whatPriced', { words, price }),
        approveLabel: price === null ? t('request.buy.approve') : t('request.buy.approvePriced', { price }),
      });
    }
  }
}

const presetWords = (w: Words, p: Preset): string => orderWords(w, p.kind, p.resource, p.count, p.period);

/** New or changed one-click top-up: its address and cap are what a tray click will spend, without asking again. */
export function presetApproval(
  before: Preset | undefined,
  after: Preset,
  host: string | null,
  demo: boolean,
  language: Language = SOURCE_LANGUAGE,
): ApprovalRequest {
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
  return approvalRequest({
    kind: 'save_preset',
    title: before
      ? t('request.preset.titleChange', { name: shownName(after.name) })
      : t('request.preset.titleAdd', { name: shownName(after.name) }),
    what: t('request.preset.what', { words: presetWords(w, after), cap: w.trx(after.capSun) }),
    address: after.address,
    amountSun: BigInt(after.capSun),
    host,
    changes,
    notes: demo ? [t('request.demoNote')] : [],
    approveLabel: t('request.preset.approve'),
  });
}

export function defaultPresetsApproval(
  presets: readonly Preset[],
  address: string,
  host: string | null,
  demo: boolean,
  language: Language = SOURCE_LANGUAGE,
): ApprovalRequest {
  const w = wordsIn(language);
  const { t } = w;
  return approvalRequest({
    kind: 'add_presets',
    title: t('request.presets.title', { count: presets.length }),
    what: t('request.presets.what'),
    address,
    host,
    changes: presets.map((p) => t('request.presets.change', { name: shownName(p.name), words: presetWords(w, p), cap: w.trx(p.capSun) })),
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
  const profile = shownName(plan.profileName);
  const send = t('request.connect.send', { key: plan.keyHint, url: plan.baseUrl, profile });
  const { existing } = plan;
  const keyChange = existing?.keyHint
    ? [t('request.connect.keyChange', { from: existing.keyHint, to: plan.keyHint })]
    : [t('request.connect.keyNew', { key: plan.keyHint })];
  if (!existing) {
    return approvalRequest({
      kind: 'connect',
      title: t('request.connect.titleNew', { host }),
      what: t('request.connect.whatNew', { send }),
      host,
      approveLabel: t('request.connect.approveNew'),
    });
  }
  if (existing.baseUrl === plan.baseUrl) {
    return approvalRequest({
      kind: 'connect',
      title: t('request.connect.titleReplace', { profile }),
      what: send,
      host,
      changes: keyChange,
      approveLabel: t('request.connect.approveReplace'),
    });
  }
  return approvalRequest({
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
  return approvalRequest({
    kind: 'remove_credentials',
    title: t('request.remove.title', { profile: shownName(profileName) }),
    what: t('request.remove.what', { host }),
    host,
    approveLabel: t('request.remove.approve'),
  });
}
