// app/approvals: the questions main asks before money moves or a setting is raised, and their words.
import { translator } from '../../../shared/i18n/i18n.ts';
import { SOURCE_LANGUAGE, type Language } from '../../../shared/i18n/languages.ts';
import { shownName } from '../../../shared/user-names.ts';
import type { SettingsPatch } from '../../../shared/views.ts';
import type { Settings } from '../../settings/settings-schema.ts';
import { ceilingWords, type RuleChange } from '../../rules/rule-approval.ts';
import { approvalRequest, wordsIn } from './approval-words.ts';
import type { ApprovalRequest } from '../ports.ts';

/**
 * The approvals of changes listed one a line: settings that silence the
 * view of money or raise a limit, and auto top-up rules that may spend more
 * or elsewhere (and resuming them all), in the app's language.
 */

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
    // A raise reads as one even where two decimals would hide it.
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
      change: t('request.settings.largeChange', {
        fromPercent: current.largeOrderPercent,
        fromAmount: pair(current.largeOrderSun, amount)[0],
        percent,
        amount: pair(current.largeOrderSun, amount)[1],
      }),
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
function listedChanges(
  changes: readonly SettingsChange[],
  severalTitle: string,
): Pick<ApprovalRequest, 'title' | 'what' | 'amountSun' | 'changes'> {
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
  return approvalRequest({
    kind: 'settings',
    ...listedChanges(changes, t('request.settings.title')),
    approveLabel: t('request.settings.approve'),
  });
}

/**
 * An auto top-up rule that may spend more or elsewhere without asking again
 * (created, moved, a cap raised, turned on): what it buys, for which address
 * in full, within which caps, through which host.
 */
export function autoTopUpApproval(
  changes: readonly RuleChange[],
  facts: { address: string; host: string; demo: boolean; ceilingSun?: bigint | null },
  language: Language = SOURCE_LANGUAGE,
): ApprovalRequest {
  const t = translator(language, 'dialogs');
  const ceilingSun = facts.ceilingSun ?? null;
  // What it pays at most per energy: the burn price always, and the rule's own ceiling when it has one.
  const burnNote =
    ceilingSun === null
      ? t('request.autoTopUp.burnNote')
      : t('request.autoTopUp.ceilingNote', { ceiling: ceilingWords(t, ceilingSun, language) });
  return approvalRequest({
    kind: 'auto_top_up',
    ...listedChanges(changes, t('request.autoTopUp.title')),
    address: facts.address,
    host: facts.host,
    notes: [burnNote, t('request.autoTopUp.note'), ...(facts.demo ? [t('request.demoNote')] : [])],
    approveLabel: t('request.autoTopUp.approve'),
  });
}

/** Resuming every rule after "Pause all auto top-ups". */
export function resumeAutoTopUpsApproval(
  rules: ReadonlyArray<{ name: string; address: string; capSun: bigint }>,
  language: Language = SOURCE_LANGUAGE,
): ApprovalRequest {
  const { t, trx } = wordsIn(language);
  return approvalRequest({
    kind: 'resume_auto_top_ups',
    title: t('request.autoTopUp.resumeTitle'),
    what: t('request.autoTopUp.resumeWhat', { count: rules.length }),
    changes: rules.map((r) => t('request.autoTopUp.resumeChange', { name: shownName(r.name), address: r.address, cap: trx(r.capSun) })),
    approveLabel: t('request.autoTopUp.resumeApprove'),
  });
}
