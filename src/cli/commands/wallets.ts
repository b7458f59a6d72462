import type { AppServices } from '../../core/app/app-wiring.ts';
import { storedListOf } from '../../core/orders/stored-lists.ts';
import { parseStoredWallets } from '../../core/wallets/watched-wallet.ts';
import { ordersDirFor } from '../cli-orders.ts';
import type { EnergyPlanView, WalletInput, WalletView } from '../../shared/wallet-views.ts';
import { cleanAddress } from '../../shared/order-rules.ts';
import { usageError } from '../cli-error.ts';
import { subcommand, type CommandCode, type CommandResult } from '../command.ts';
import type { CommandContext } from '../context.ts';
import { wholeNumberOption } from '../args.ts';
import { num, t, words } from '../i18n.ts';
import { nameError } from '../names.ts';
import { withProfileCore } from '../profile-core.ts';
import { chosenProfile } from '../profiles.ts';
import { columnsTable } from '../table.ts';

const PLANS: readonly EnergyPlanView[] = ['holder', 'new', 'exact'];
/** The dashboard's default "Top up for N transfers". */
const DEFAULT_TOP_UP = 2;

function planOf(ctx: CommandContext, fallback: EnergyPlanView, command: string): EnergyPlanView {
  const text = ctx.values.plan;
  if (text === undefined) return fallback;
  const plan = PLANS.find((p) => p === text.trim());
  if (plan === undefined) throw usageError(t('wallets.badPlan', { got: JSON.stringify(text) }), command);
  return plan;
}

/** The wallet named by its label (any case) or its address. */
export function findWallet(wallets: readonly WalletView[], name: string, command: string): WalletView {
  const wanted = name.trim();
  const found =
    wallets.find((w) => w.address === cleanAddress(wanted)) ?? wallets.find((w) => w.label.toLowerCase() === wanted.toLowerCase());
  if (!found) throw usageError(t('wallets.notWatched', { name: JSON.stringify(wanted) }), command);
  return found;
}

function input(ctx: CommandContext, base: Omit<WalletInput, 'address'>, command: string): Omit<WalletInput, 'address'> {
  const plan = planOf(ctx, base.plan, command);
  const recipient = ctx.values.recipient ?? (plan === 'exact' ? base.exactRecipient : null);
  if (plan === 'exact' && recipient === null) throw usageError(t('wallets.needsRecipient'), command);
  const label = ctx.values.label ?? base.label;
  const problem = ctx.values.label === undefined ? null : nameError(label, 'walletLabel');
  if (problem !== null) throw usageError(problem, command);
  return {
    label,
    plan,
    exactRecipient: plan === 'exact' ? recipient : null,
    topUpTransfers: ctx.values['top-up'] === undefined ? base.topUpTransfers : wholeNumberOption(ctx.values['top-up'], '--top-up', 1),
  };
}

const walletJson = (w: WalletView): Record<string, unknown> => ({
  label: w.label,
  address: w.address,
  plan: w.plan,
  exactRecipient: w.exactRecipient,
  energyPerTransfer: w.energyPerTransfer,
  topUpTransfers: w.topUpTransfers,
});

const changed = (services: AppServices, text: string): CommandResult => ({
  json: { wallets: services.wallets.list().wallets.map(walletJson) },
  text,
});

export const walletsAdd: CommandCode = {
  run: async (ctx) => {
    if (ctx.values.label === undefined) throw usageError(t('wallets.needsLabel'), subcommand('wallets', 'add'));
    const fresh = { label: '', plan: 'holder' as const, exactRecipient: null, topUpTransfers: DEFAULT_TOP_UP };
    const wallet = input(ctx, fresh, subcommand('wallets', 'add'));
    return withProfileCore(ctx, async (services) => {
      const { warning } = await services.wallets.add({ ...wallet, address: ctx.args[0] ?? '' });
      if (warning !== null) ctx.notify('warning', words(warning));
      const added = { label: JSON.stringify(wallet.label.trim()), address: cleanAddress(ctx.args[0] ?? '') };
      return changed(services, t('wallets.added', added));
    });
  },
};

export const walletsSet: CommandCode = {
  run: async (ctx) =>
    withProfileCore(ctx, async (services) => {
      const found = findWallet(services.wallets.list().wallets, ctx.args[0] ?? '', subcommand('wallets', 'set'));
      await services.wallets.update(found.id, input(ctx, found, subcommand('wallets', 'set')));
      return changed(services, t('wallets.changed', { label: JSON.stringify(found.label), address: found.address }));
    }),
};

export const walletsRemove: CommandCode = {
  run: async (ctx) =>
    withProfileCore(ctx, async (services) => {
      const found = findWallet(services.wallets.list().wallets, ctx.args[0] ?? '', subcommand('wallets', 'remove'));
      await services.wallets.remove(found.id);
      return changed(services, t('wallets.removed', { label: JSON.stringify(found.label), address: found.address }));
    }),
};

/** The profile's watched wallets as saved (read only: no lock, no credentials, nothing sent). */
export const walletsList: CommandCode = {
  run: async (ctx) => {
    const { settings } = await ctx.settings.load();
    const profile = await chosenProfile(ctx.settings, ctx.values.profile);
    if (ctx.values.profile !== undefined && !profile) {
      throw usageError(t('profile.noProfileNamed', { name: JSON.stringify(ctx.values.profile) }), 'wallets');
    }
    const dir = ordersDirFor(ctx.userData, profile?.id);
    const mine = profile ? storedListOf(dir, profile.id, 'wallets', settings.wallets, parseStoredWallets) : [];
    const json = {
      wallets: mine.map(({ label, address, plan, exactRecipient, topUpTransfers }) => ({
        label,
        address,
        plan,
        exactRecipient,
        topUpTransfers,
      })),
    };
    if (mine.length === 0) return { json, text: t('wallets.none') };
    const rows = mine.map((w) => [w.label, w.address, w.plan, num(w.topUpTransfers)]);
    return { json, text: columnsTable([t('wallets.label'), t('wallets.address'), t('wallets.plan'), t('wallets.topUp')], rows) };
  },
};
