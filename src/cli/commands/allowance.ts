import {
  allowanceOf,
  allowanceRaises,
  checkAllowanceDraft,
  withAllowance,
  type Allowance,
  type AllowanceProblem,
} from '../../core/assistant/allowance.ts';
import { assistantAllowanceApproval } from '../../core/app/assistant/assistant-approval.ts';
import { approvalDialogText } from '../../core/app/approvals/approval-text.ts';
import { unitsToDecimalString } from '../../core/base/money.ts';
import { startOfLocalDay } from '../../core/orders/spend-limit.ts';
import type { Profile } from '../../core/settings/settings-schema.ts';
import { profileDataDir } from '../../core/settings/user-data-dir.ts';
import { CliError, loginHint, usageError } from '../cli-error.ts';
import type { CommandCode, CommandResult } from '../command.ts';
import { confirm } from '../confirm.ts';
import type { CommandContext } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import { cliLanguage, t, trx, trxWithExact } from '../i18n.ts';
import { chosenProfile } from '../profiles.ts';
import { keyValueTable } from '../table.ts';

/** An allowance problem in the command line's words, naming the option it came from. */
function problemText(p: AllowanceProblem): string {
  const option = p.field === 'dailyTrx' ? '--per-day' : '--per-order';
  switch (p.problem) {
    case 'not_a_number':
      return t('allowance.problem.notANumber', { option });
    case 'zero':
      return t('allowance.problem.zero', { option });
    case 'too_large':
      return t('allowance.problem.tooLarge', { option });
    case 'above_daily':
      return t('allowance.problem.aboveDaily');
    case 'empty':
      return t('allowance.problem.empty');
    case 'too_many':
      return t('allowance.problem.tooMany');
    case 'duplicate':
      return t('allowance.problem.duplicate');
    case 'invalid':
      return t('allowance.problem.invalid', { address: p.address });
  }
}

/** The allowance and today's use, both ways (--json: SUN as decimal strings). */
async function shown(ctx: CommandContext, profile: Profile, allowance: Allowance | null, note?: string): Promise<CommandResult> {
  const journal = await ctx.orders(profileDataDir(ctx.userData, profile.id));
  const today = journal.assistant.assistantDay(startOfLocalDay(Date.now()));
  const addresses = allowance === null || allowance.watchedOnly ? 'watched' : [...allowance.addresses];
  const json = {
    profile: profile.name,
    enabled: allowance !== null,
    per_day_sun: allowance?.dailySun.toString() ?? null,
    per_order_sun: allowance?.perOrderSun.toString() ?? null,
    addresses: allowance === null ? null : addresses,
    spent_today_sun: today.spentSun.toString(),
    orders_today: today.orders,
  };
  const rows: Array<[string, string]> = [[t('allowance.state'), allowance ? t('allowance.on') : t('allowance.off')]];
  if (allowance) {
    // The limits the person approved, every SUN of them where the rule rounds.
    rows.push(
      [t('allowance.perDay'), trxWithExact(allowance.dailySun)],
      [t('allowance.perOrder'), trxWithExact(allowance.perOrderSun)],
    );
    rows.push([t('allowance.addresses'), addresses === 'watched' ? t('allowance.watched') : addresses.join(', ')]);
  }
  rows.push([t('allowance.today'), t('allowance.todayLine', { spent: trx(today.spentSun), count: today.orders })]);
  const table = `${t('allowance.heading', { profile: JSON.stringify(profile.name) })}\n${keyValueTable(rows)}`;
  return { json, text: note === undefined ? table : `${note}\n${table}` };
}

/**
 * What main's approval would say (assistant-approval.ts, approvalDialogText),
 * on stderr, and one question: --yes answers yes; without a terminal and
 * without --yes nothing changes (a script cannot raise what may be spent by
 * accident).
 */
async function approve(ctx: CommandContext, before: Allowance | null, next: Allowance): Promise<void> {
  const words = approvalDialogText(assistantAllowanceApproval(before, next, cliLanguage()), cliLanguage());
  ctx.io.writeErr(`${words.message}\n${words.detail}\n`);
  if (ctx.values.yes === true) return;
  if (ctx.io.stdin.isTTY !== true) throw new CliError(t('allowance.needsYes'), EXIT.failure, 'cancelled');
  if (!(await confirm(ctx.io, t('allowance.question', { approve: words.approve })))) {
    throw new CliError(t('allowance.notChanged'), EXIT.failure, 'cancelled');
  }
}

/**
 * `energy-tray allowance`: the profile's assistant allowance (issue 27),
 * shown, set or turned off, in the settings file the app reads (re-read and
 * written whole, so the app's other settings stay as they are).
 */
export const allowance: CommandCode = {
  run: async (ctx) => {
    const profile = await chosenProfile(ctx.settings, ctx.values.profile);
    if (!profile) throw new CliError(t('allowance.noProfile', { login: loginHint() }), EXIT.authentication, 'credentials');
    const { settings } = await ctx.settings.load();
    const before = allowanceOf(settings.assistantAllowances, profile.id);
    const { values } = ctx;
    const setting = values['per-day'] !== undefined || values['per-order'] !== undefined || values.addresses !== undefined;
    if (values.off === true) {
      if (setting) throw usageError(t('allowance.offWithOthers'), 'allowance');
      await ctx.settings.update((s) => ({ ...s, assistantAllowances: withAllowance(s.assistantAllowances, profile.id, null) }));
      return shown(ctx, profile, null, t('allowance.turnedOff'));
    }
    if (!setting) return shown(ctx, profile, before);
    const dailyTrx = values['per-day'] ?? (before ? unitsToDecimalString(before.dailySun) : undefined);
    const perOrderTrx = values['per-order'] ?? (before ? unitsToDecimalString(before.perOrderSun) : undefined);
    if (dailyTrx === undefined || perOrderTrx === undefined) throw usageError(t('allowance.needBoth'), 'allowance');
    const listed = values.addresses === undefined ? null : values.addresses.trim();
    const watchedOnly = listed === null ? (before?.watchedOnly ?? true) : listed.toLowerCase() === 'watched';
    const listedAddresses = (text: string): string[] => text.split(',').map((a) => a.trim()).filter((a) => a !== '');
    const addresses = listed === null ? [...(before?.addresses ?? [])] : watchedOnly ? [] : listedAddresses(listed);
    const checked = checkAllowanceDraft({ dailyTrx, perOrderTrx, watchedOnly, addresses }, profile.id, Date.now());
    if (!checked.ok) throw usageError(checked.problems.map(problemText).join(' '), 'allowance');
    const raised = allowanceRaises(before, checked.allowance).length > 0;
    if (raised) await approve(ctx, before, checked.allowance);
    const next = { ...checked.allowance, approvedAt: raised || before === null ? checked.allowance.approvedAt : before.approvedAt };
    await ctx.settings.update((s) => ({ ...s, assistantAllowances: withAllowance(s.assistantAllowances, profile.id, next) }));
    return shown(ctx, profile, next, t('allowance.saved'));
  },
};
