import type { AppServices } from '../../core/app/app-wiring.ts';
import { NEW_RULE_DEFAULTS, type RuleDraftView, type RuleOptionView, type RuleView } from '../../shared/rule-views.ts';
import { usageError } from '../cli-error.ts';
import { subcommand, type CommandCode, type CommandResult } from '../command.ts';
import type { CommandContext } from '../context.ts';
import { wholeNumberOption } from '../args.ts';
import { t, words } from '../i18n.ts';
import { nameError } from '../names.ts';
import { withProfileCore } from '../profile-core.ts';
import { findWallet } from './wallets.ts';

/**
 * `energy-tray rules add|set|pause|resume|remove`: the auto top-up rules
 * through the app's own RulesService, so a new rule, a higher cap or more
 * orders a day, turning a rule on and resuming all ask with main's words
 * (terminal-approval.ts), and lowering, pausing or removing asks nothing.
 */

const BUY: Readonly<Record<string, RuleOptionView>> = { timed: 'timed', 'fast-recover': 'fast_recover', cheapest: 'cheapest' };



function draftFrom(ctx: CommandContext, base: RuleDraftView, command: string): RuleDraftView {
  const { values } = ctx;
  const count = (text: string | undefined, flag: string, fallback: number): number =>
    text === undefined ? fallback : wholeNumberOption(text, flag, 1);
  let option = base.option;
  if (values.buy !== undefined) {
    const chosen = BUY[values.buy.trim()];
    if (chosen === undefined) throw usageError(t('rulesEdit.badBuy', { got: JSON.stringify(values.buy) }), command);
    option = chosen;
  }
  const period = option === 'fast_recover' ? null : (values.period ?? base.period ?? NEW_RULE_DEFAULTS.period);
  if (values.name !== undefined) checkName(values.name, command);
  return {
    ...base,
    name: values.name ?? base.name,
    option,
    period,
    keepTransfers: count(values.keep, '--keep', base.keepTransfers),
    topUpTransfers: count(values['top-up'], '--top-up', base.topUpTransfers),
    dailyCapTrx: values.cap ?? base.dailyCapTrx,
    maxOrdersPerDay: count(values['orders-per-day'], '--orders-per-day', base.maxOrdersPerDay),
    maxSunPerEnergy: values['max-sun-per-energy'] ?? base.maxSunPerEnergy ?? '',
  };
}

/** A rule's new name, refused in words before anything is opened or sent when it could speak for the app. */
function checkName(name: string, command: string): void {
  const problem = nameError(name, 'rule');
  if (problem !== null) throw usageError(problem, command);
}

function findRule(services: AppServices, name: string, command: string): RuleView {
  const wanted = name.trim().toLowerCase();
  const found = services.rules.list().rules.find((r) => r.name.toLowerCase() === wanted);
  if (!found) throw usageError(t('rulesEdit.noRule', { name: JSON.stringify(name.trim()) }), command);
  return found;
}

const ruleJson = (r: RuleView): Record<string, unknown> => ({
  name: r.name,
  address: r.address,
  wallet: r.walletLabel,
  state: r.state,
  keepTransfers: r.draft.keepTransfers,
  topUpTransfers: r.draft.topUpTransfers,
  option: r.draft.option,
  period: r.draft.period,
  dailyCapSun: r.dailyCapSun,
  maxOrdersPerDay: r.draft.maxOrdersPerDay,
  maxSunPerEnergy: r.draft.maxSunPerEnergy === undefined || r.draft.maxSunPerEnergy === '' ? null : r.draft.maxSunPerEnergy,
});

function result(services: AppServices, text: string): CommandResult {
  const view = services.rules.list();
  return { json: { pausedAll: view.pausedAll, rules: view.rules.map(ruleJson) }, text };
}

async function save(services: AppServices, id: string | undefined, draft: RuleDraftView, command: string): Promise<void> {
  const saved = await services.rules.save(id, draft);
  if (!saved.saved) throw usageError(saved.problems.map((p) => words(p.text)).join(' '), command);
}

export const rulesAdd: CommandCode = {
  run: async (ctx) => {
    if (ctx.values.wallet === undefined) throw usageError(t('rulesEdit.needsWallet'), subcommand('rules', 'add'));
    checkName(ctx.args[0] ?? '', subcommand('rules', 'add'));
    const wallet = ctx.values.wallet;
    return withProfileCore(ctx, async (services) => {
      const address = findWallet(services.wallets.list().wallets, wallet, subcommand('rules', 'add')).address;
      const base = { ...NEW_RULE_DEFAULTS, name: ctx.args[0] ?? '', address, enabled: ctx.values.off !== true };
      const draft = draftFrom(ctx, base, subcommand('rules', 'add'));
      await save(services, undefined, draft, subcommand('rules', 'add'));
      return result(services, t('rulesEdit.added', { name: JSON.stringify(draft.name.trim()), address }));
    });
  },
};

export const rulesSet: CommandCode = {
  run: async (ctx) =>
    withProfileCore(ctx, async (services) => {
      const rule = findRule(services, ctx.args[0] ?? '', subcommand('rules', 'set'));
      const wallet = ctx.values.wallet;
      const watched = services.wallets.list().wallets;
      const address = wallet === undefined ? rule.address : findWallet(watched, wallet, subcommand('rules', 'set')).address;
      await save(services, rule.id, draftFrom(ctx, { ...rule.draft, address }, subcommand('rules', 'set')), subcommand('rules', 'set'));
      return result(services, t('rulesEdit.changed', { name: JSON.stringify(rule.name) }));
    }),
};

/** `pause NAME` switches one rule off; `pause --all` is the tray's "Pause all auto top-ups". Neither asks. */
export const rulesPause: CommandCode = {
  run: async (ctx) =>
    withProfileCore(ctx, async (services) => {
      if (allRules(ctx, subcommand('rules', 'pause'))) {
        await services.rules.setPausedAll(true);
        return result(services, t('rulesEdit.pausedAll'));
      }
      const rule = findRule(services, ctx.args[0] ?? '', subcommand('rules', 'pause'));
      await services.rules.setEnabled(rule.id, false);
      return result(services, t('rulesEdit.paused', { name: JSON.stringify(rule.name) }));
    }),
};

/**
 * `resume NAME` turns a rule on (asked, as in the app) and, for one stopped
 * on an unknown outcome, says the person has looked; `resume --all` ends
 * "Pause all" (asked too).
 */
export const rulesResume: CommandCode = {
  run: async (ctx) =>
    withProfileCore(ctx, async (services) => {
      if (allRules(ctx, subcommand('rules', 'resume'))) {
        await services.rules.setPausedAll(false);
        return result(services, t('rulesEdit.resumedAll'));
      }
      const rule = findRule(services, ctx.args[0] ?? '', subcommand('rules', 'resume'));
      await services.rules.setEnabled(rule.id, true);
      if (rule.state === 'stopped') await services.rules.acknowledge(rule.id);
      return result(services, t('rulesEdit.resumed', { name: JSON.stringify(rule.name) }));
    }),
};

export const rulesRemove: CommandCode = {
  run: async (ctx) =>
    withProfileCore(ctx, async (services) => {
      const rule = findRule(services, ctx.args[0] ?? '', subcommand('rules', 'remove'));
      await services.rules.remove(rule.id);
      return result(services, t('rulesEdit.removed', { name: JSON.stringify(rule.name) }));
    }),
};

/** pause and resume take a rule's name or --all, not both. */
function allRules(ctx: CommandContext, command: string): boolean {
  const all = ctx.values.all === true;
  if (all === (ctx.args[0] !== undefined)) throw usageError(t('rulesEdit.nameOrAll'), command);
  return all;
}

