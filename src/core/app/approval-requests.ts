import { formatCount, formatTrx } from '../../shared/format.ts';
import type { SettingsPatch } from '../../shared/views.ts';
import type { Settings } from '../settings/settings-schema.ts';
import type { OrderIntent } from '../orders/order-types.ts';
import type { SpendStatus } from '../orders/spend-limit.ts';
import type { Preset } from '../presets/preset.ts';
import type { RuleChange } from '../rules/rule-approval.ts';
import type { ApprovalRequest } from './ports.ts';

/**
 * The questions main asks before it spends, repoints or silences anything,
 * in plain words (approval-text.ts lays them out). Addresses stay in full.
 */

/** The host a base URL sends to ("api.example.com", "127.0.0.1:8787"); the text itself when it is not a URL. */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

const DEMO_NOTE = 'Demo — no real funds: this goes to the built-in simulator.';

function request(fields: Partial<ApprovalRequest> & Pick<ApprovalRequest, 'kind' | 'title' | 'what' | 'approveLabel'>): ApprovalRequest {
  return { amountSun: null, address: null, costSun: null, costNote: null, host: null, changes: [], notes: [], ...fields };
}

const resourceWord = (resource: 'energy' | 'net' | null | undefined): string => (resource === 'net' ? 'bandwidth' : 'energy');

/** "65,000 energy for 1h" / "a one-time top-up of 65,000 energy" */
function orderWords(kind: 'timed' | 'fast_recover', resource: 'energy' | 'net', count: number, period: string | null): string {
  const amount = `${formatCount(count)} ${resourceWord(resource)}`;
  return kind === 'timed' ? `${amount} for ${period ?? '?'}` : `a one-time top-up of ${amount}`;
}

function limitNote(limit: SpendStatus, costSun: bigint | null): string {
  const after = limit.leftSun - (costSun ?? 0n);
  return `Daily spending limit: ${formatTrx(limit.spentSun)} of ${formatTrx(limit.limitSun)} spent today; ${formatTrx(after < 0n ? 0n : after)} left after this.`;
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
export function paidOrderApproval(facts: PaidApprovalFacts): ApprovalRequest {
  const { intent, costSun, host } = facts;
  const notes = [...(facts.largeOrder ? [facts.largeOrder] : []), ...(facts.limit ? [limitNote(facts.limit, costSun)] : []), ...(facts.demo ? [DEMO_NOTE] : [])];
  const common = { address: intent.address, costSun, host, notes };
  const count = intent.count ?? 0;
  switch (intent.kind) {
    case 'activation':
      return request({
        ...common,
        kind: 'activate',
        title: 'Activate this TRON address?',
        what: 'Activate the address below on TRON. The service deducts its activation fee from your balance.',
        costNote: 'not quoted: the service has no price query for an activation and deducts its fee',
        approveLabel: 'Activate',
      });
    case 'reclaim':
      return request({
        ...common,
        kind: 'reclaim',
        costSun: null,
        costNote: 'nothing is charged for a reclaim',
        title: `Reclaim the resources of order ${intent.orderSn ?? ''}?`,
        what: 'End the delegation of this order to the address below before its period is over. The service documents no refund.',
        approveLabel: 'Reclaim',
      });
    default: {
      const words = orderWords(intent.kind === 'fast_recover' ? 'fast_recover' : 'timed', intent.resource ?? (intent.kind === 'net' ? 'net' : 'energy'), count, intent.period ?? null);
      const price = costSun === null ? '' : ` for ${formatTrx(costSun)}`;
      return request({
        ...common,
        kind: facts.presetName === undefined ? 'buy' : 'run_preset',
        title: facts.presetName === undefined ? `Buy ${words}?` : `Run “${facts.presetName}”: buy ${words}?`,
        what: `Buy ${words}${price} for the address below. Paid from your balance at the service; it cannot be undone.`,
        approveLabel: `Buy${price}`,
      });
    }
  }
}

const presetWords = (p: Preset): string => orderWords(p.kind, p.resource, p.count, p.period);

/** New or changed one-click top-up: its address and cap are what a tray click will spend, without asking again. */
export function presetApproval(before: Preset | undefined, after: Preset, host: string | null, demo: boolean): ApprovalRequest {
  const changes: string[] = [];
  if (before) {
    if (presetWords(before) !== presetWords(after)) changes.push(`Buys: ${presetWords(before)} → ${presetWords(after)}`);
    if (before.address !== after.address) changes.push(`Address: ${before.address} → ${after.address}`);
    if (before.capSun !== after.capSun) changes.push(`Spending cap: ${formatTrx(before.capSun)} → ${formatTrx(after.capSun)}`);
  }
  return request({
    kind: 'save_preset',
    title: before ? `Change the one-click top-up “${after.name}”?` : `Add the one-click top-up “${after.name}”?`,
    what: `One click in the tray will then buy ${presetWords(after)} for the address below, for at most ${formatTrx(after.capSun)} each time, without asking again.`,
    address: after.address,
    amountSun: BigInt(after.capSun),
    host,
    changes,
    notes: demo ? [DEMO_NOTE] : [],
    approveLabel: 'Save top-up',
  });
}

export function defaultPresetsApproval(presets: readonly Preset[], address: string, host: string | null, demo: boolean): ApprovalRequest {
  return request({
    kind: 'add_presets',
    title: `Add ${presets.length} one-click top-ups for this address?`,
    what: 'One click in the tray will then buy each of these for the address below, up to its cap, without asking again.',
    address,
    host,
    changes: presets.map((p) => `${p.name}: ${presetWords(p)}, at most ${formatTrx(p.capSun)}`),
    notes: demo ? [DEMO_NOTE] : [],
    approveLabel: 'Add top-ups',
  });
}

/** Where a connect sends the key, and what it replaces. */
export interface ConnectPlan {
  profileName: string;
  existing: { baseUrl: string; keyHint: string | null } | null;
  baseUrl: string;
  keyHint: string;
}

export function connectApproval(plan: ConnectPlan): ApprovalRequest {
  const host = hostOf(plan.baseUrl);
  const send = `Send the API key ending in …${plan.keyHint} and a signature made with its secret to ${plan.baseUrl} to check them; if the service accepts them, keep them in the system keychain for the profile “${plan.profileName}”.`;
  const { existing } = plan;
  const keyChange = existing?.keyHint ? [`API key: …${existing.keyHint} → …${plan.keyHint}`] : [`API key: …${plan.keyHint}`];
  if (!existing) {
    return request({ kind: 'connect', title: `Connect to ${host}?`, what: `${send} Balances, orders and purchases then go through this service.`, host, approveLabel: 'Connect' });
  }
  if (existing.baseUrl === plan.baseUrl) {
    return request({ kind: 'connect', title: `Replace the API key of “${plan.profileName}”?`, what: send, host, changes: keyChange, approveLabel: 'Replace key' });
  }
  return request({
    kind: 'connect',
    title: `Move “${plan.profileName}” to ${host}?`,
    what: `${send} Balances, orders and one-click top-ups of this profile then go through the new service.`,
    host,
    changes: [`Service address: ${existing.baseUrl} → ${plan.baseUrl}`, ...keyChange],
    approveLabel: 'Move and connect',
  });
}

export function removeCredentialsApproval(profileName: string, baseUrl: string): ApprovalRequest {
  const host = hostOf(baseUrl);
  return request({
    kind: 'remove_credentials',
    title: `Remove the API key of “${profileName}”?`,
    what: `Delete this profile's API key and secret from the system keychain. Energy Tray no longer reaches ${host} for it until you enter them again.`,
    host,
    approveLabel: 'Remove key',
  });
}

/** The parts of a settings patch that silence the view of money or raise a limit; lowering a limit asks nothing. */
export function riskySettingsChanges(current: Settings, patch: SettingsPatch): SettingsChange[] {
  const changes: SettingsChange[] = [];
  if (current.notificationsEnabled && patch.notificationsEnabled === false) {
    changes.push({
      title: 'Turn off notifications for orders?',
      what: 'You will no longer be told when an order finishes, fails, stalls or has an unknown outcome, nor when the balance runs low.',
      change: 'Notifications: on → off',
      amountSun: null,
    });
  }
  if (patch.dailyLimitSun !== undefined && BigInt(patch.dailyLimitSun) > BigInt(current.dailyLimitSun)) {
    const to = BigInt(patch.dailyLimitSun);
    changes.push({
      title: `Raise the daily spending limit to ${formatTrx(to)}?`,
      what: `Paid orders from the dashboard, the tray, top-ups and the CLI may then cost up to ${formatTrx(to)} a day together.`,
      change: `Daily spending limit: ${formatTrx(current.dailyLimitSun)} → ${formatTrx(to)}`,
      amountSun: to,
    });
  }
  const largerPercent = patch.largeOrderPercent !== undefined && patch.largeOrderPercent > current.largeOrderPercent;
  const largerAmount = patch.largeOrderSun !== undefined && BigInt(patch.largeOrderSun) > BigInt(current.largeOrderSun);
  if (largerPercent || largerAmount) {
    const percent = patch.largeOrderPercent ?? current.largeOrderPercent;
    const amount = patch.largeOrderSun ?? current.largeOrderSun;
    changes.push({
      title: 'Warn about large orders less often?',
      what: `Orders are then called large only over ${percent} % of the balance or over ${formatTrx(amount)}.`,
      change: `Large-order warning: over ${current.largeOrderPercent} % or ${formatTrx(current.largeOrderSun)} → over ${percent} % or ${formatTrx(amount)}`,
      amountSun: BigInt(amount),
    });
  }
  if (patch.lowBalanceThresholdSun !== undefined && BigInt(patch.lowBalanceThresholdSun) < BigInt(current.lowBalanceThresholdSun)) {
    const to = BigInt(patch.lowBalanceThresholdSun);
    changes.push({
      title: `Lower the low-balance warning to ${formatTrx(to)}?`,
      what: `You will be warned only when the TRX balance falls below ${formatTrx(to)}.`,
      change: `Low-balance warning: below ${formatTrx(current.lowBalanceThresholdSun)} → below ${formatTrx(to)}`,
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

export function settingsApproval(changes: readonly SettingsChange[]): ApprovalRequest {
  return request({ kind: 'settings', ...listedChanges(changes, 'Change these settings?'), approveLabel: 'Change' });
}

/**
 * An auto top-up rule that may spend more or elsewhere without asking again
 * (created, moved, a cap raised, turned on): what it buys, for which address
 * in full, within which caps, through which host.
 */
export function autoTopUpApproval(changes: readonly RuleChange[], facts: { address: string; host: string; demo: boolean }): ApprovalRequest {
  return request({
    kind: 'auto_top_up',
    ...listedChanges(changes, 'Change this auto top-up?'),
    address: facts.address,
    host: facts.host,
    notes: [
      'Every purchase also counts against the daily spending limit, and each one is shown in Orders with the reason it was bought.',
      ...(facts.demo ? [DEMO_NOTE] : []),
    ],
    approveLabel: 'Allow auto top-up',
  });
}

/** Resuming every rule after "Pause all auto top-ups". */
export function resumeAutoTopUpsApproval(rules: ReadonlyArray<{ name: string; address: string; capSun: bigint }>): ApprovalRequest {
  return request({
    kind: 'resume_auto_top_ups',
    title: 'Resume auto top-ups?',
    what: `Energy Tray may again buy energy by itself for ${rules.length} rule(s) that are on, each within its own daily cap and the daily spending limit.`,
    changes: rules.map((r) => `“${r.name}” → ${r.address}: up to ${formatTrx(r.capSun)} a day`),
    approveLabel: 'Resume',
  });
}
