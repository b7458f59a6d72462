import { readFile } from 'node:fs/promises';
import { storedListOf } from '../../core/orders/stored-lists.ts';
import { ruleApprovalChanges } from '../../core/rules/rule-approval.ts';
import { parseStoredRules, ruleCapSun, type Rule } from '../../core/rules/rule.ts';
import { readWalletCsv, walletCsv, type CsvProblem } from '../../core/rules/wallet-csv.ts';
import { planText } from '../../core/rules/wallet-plan.ts';
import { ProfileLock, ProfileLockedError } from '../../core/settings/profile-lock.ts';
import { parseStoredWallets, type WatchedWallet } from '../../core/wallets/watched-wallet.ts';
import type { Profile } from '../../core/settings/settings-schema.ts';
import { CliError, usageError } from '../cli-error.ts';
import { ordersDirFor } from '../cli-orders.ts';
import { subcommand, type CommandCode, type CommandResult } from '../command.ts';
import { confirm } from '../confirm.ts';
import type { CommandContext } from '../context.ts';
import { EXIT } from '../exit-codes.ts';
import { cliLanguage, num, t, trx, words } from '../i18n.ts';
import { chosenProfile } from '../profiles.ts';
import { commandLine } from '../program.ts';

/**
 * `energy-tray wallets import <file.csv>` and `wallets export`: a profile's
 * watched wallets and their auto top-up rules as CSV (core/rules/wallet-csv.ts).
 * An import is checked whole, then written in one transaction of the
 * profile's order store, or not at all. Rules raise what may be spent: their
 * approval words are shown and a terminal answer or --yes is needed.
 */

/** Rules whose approval words are shown in full; the rest are counted. */
const RULES_SHOWN = 3;
const PROBLEMS_SHOWN = 50;

/** A count for the plural (`count`) and as the reader writes numbers (`n`). */
const counted = (count: number): { count: number; n: string } => ({ count, n: num(count) });

async function profileOf(ctx: CommandContext, command: string): Promise<Profile> {
  const profile = await chosenProfile(ctx.settings, ctx.values.profile);
  if (profile) return profile;
  if (ctx.values.profile !== undefined) {
    throw usageError(t('profile.noProfileNamed', { name: JSON.stringify(ctx.values.profile) }), command);
  }
  throw usageError(t('walletsCsv.needsProfile', { command: commandLine('login') }), command);
}

interface ProfileLists {
  dir: string;
  wallets: WatchedWallet[];
  rules: Rule[];
}

async function storedLists(ctx: CommandContext, profile: Profile): Promise<ProfileLists> {
  const dir = ordersDirFor(ctx.userData, profile.id);
  const { settings } = await ctx.settings.load();
  return {
    dir,
    wallets: storedListOf(dir, profile.id, 'wallets', settings.wallets, parseStoredWallets),
    rules: storedListOf(dir, profile.id, 'rules', settings.rules, parseStoredRules),
  };
}

function problemsError(file: string, problems: readonly CsvProblem[]): CliError {
  const lines = problems.slice(0, PROBLEMS_SHOWN).map((p) => t('walletsCsv.line', { line: num(p.line), message: words(p.message) }));
  const more = problems.length > PROBLEMS_SHOWN ? [t('walletsCsv.moreProblems', counted(problems.length - PROBLEMS_SHOWN))] : [];
  const heading = t('walletsCsv.problems', { ...counted(problems.length), file });
  return new CliError([heading, ...lines, ...more].join('\n'), EXIT.failure, 'usage');
}

/** What the new rules may spend, in the approval dialog's words for the first few, then a count. */
function rulesApprovalText(rules: readonly Rule[]): string {
  const total = rules.reduce((sum, r) => sum + ruleCapSun(r), 0n);
  const shown = rules.slice(0, RULES_SHOWN).flatMap((rule) =>
    ruleApprovalChanges(undefined, rule, cliLanguage()).map((c) => `  ${c.title}\n    ${c.what}\n    ${c.change}`),
  );
  const more = rules.length > RULES_SHOWN ? [`  ${t('walletsCsv.moreRules', counted(rules.length - RULES_SHOWN))}`] : [];
  return [t('walletsCsv.rulesHeading', { ...counted(rules.length), cap: trx(total) }), ...shown, ...more].join('\n');
}

async function approveRules(ctx: CommandContext, rules: readonly Rule[]): Promise<void> {
  if (rules.length === 0 || ctx.values.yes === true) return;
  if (ctx.io.stdin.isTTY !== true) throw new CliError(t('walletsCsv.needsYes'), EXIT.failure, 'cancelled');
  ctx.io.writeErr(`${rulesApprovalText(rules)}\n`);
  if (!(await confirm(ctx.io, t('walletsCsv.question')))) throw new CliError(t('walletsCsv.notConfirmed'), EXIT.failure, 'cancelled');
}

function takeLock(dir: string): ProfileLock {
  try {
    return ProfileLock.acquire(dir, { program: commandLine(subcommand('wallets', 'import')) });
  } catch (err) {
    if (!(err instanceof ProfileLockedError)) throw err;
    const { holder } = err;
    const text = holder === null ? words(err.text) : t('walletsCsv.inUse', { program: holder.program, pid: holder.pid });
    throw new CliError(text, EXIT.profileLocked, 'profile_locked');
  }
}

export const walletsImport: CommandCode = {
  run: async (ctx): Promise<CommandResult> => {
    const command = subcommand('wallets', 'import');
    const file = ctx.args[0] ?? '';
    const profile = await profileOf(ctx, command);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      const reason = (err as { code?: string }).code ?? String(err);
      throw new CliError(t('walletsCsv.cannotRead', { file, reason }), EXIT.failure, 'usage');
    }
    const lock = takeLock(ordersDirFor(ctx.userData, profile.id));
    try {
      const lists = await storedLists(ctx, profile);
      const context = { profileId: profile.id, now: Date.now(), newId: () => crypto.randomUUID(), ...lists };
      const read = readWalletCsv(text, context);
      if (!read.ok) throw problemsError(file, read.problems);
      await approveRules(ctx, read.rules);
      const journal = await ctx.orders(lists.dir);
      const { wallets, rules } = journal.lists;
      wallets.transaction(() => {
        wallets.append(profile.id, read.wallets);
        rules.append(profile.id, read.rules);
      });
      const json = { imported: read.wallets.length, rules: read.rules.length, profile: profile.name };
      const done = [t('walletsCsv.imported', { ...counted(read.wallets.length), profile: profile.name })];
      if (read.rules.length > 0) done.push(t('walletsCsv.rulesImported', counted(read.rules.length)));
      return { json, text: done.join(' ') };
    } finally {
      lock.release();
    }
  },
};

export const walletsExport: CommandCode = {
  run: async (ctx): Promise<CommandResult> => {
    const profile = await profileOf(ctx, subcommand('wallets', 'export'));
    const { wallets, rules } = await storedLists(ctx, profile);
    const ruleOf = new Map(rules.map((r) => [r.address, r]));
    const json = { wallets: wallets.map((w) => ({ label: w.label, address: w.address, plan: planText(w, ruleOf.get(w.address)) })) };
    return { json, text: walletCsv(wallets, rules).replace(/\n$/, '') };
  },
};
