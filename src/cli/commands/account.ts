import { validateAddress } from '../../core/api/validation.ts';
import { addressArgument } from '../address-argument.ts';
import type { Command } from '../command.ts';
import { replyResult } from '../command.ts';
import { PAID_DETAILS, paidReply, runPaid } from '../paid.ts';
import { renderActivation, renderBalance } from '../render.ts';
import { t } from '../i18n.ts';

export const balance: Command = {
  name: 'balance',
  synopsis: '',
  summary: 'commands.balance.summary',
  positionals: [],
  options: [],
  example: 'balance --json',
  run: async (ctx) => replyResult(await (await ctx.api()).userInfo(), renderBalance),
};

export const activate: Command = {
  name: 'activate',
  synopsis: '<address> [--yes] [--dry-run]',
  summary: 'commands.activate.summary',
  details: PAID_DETAILS,
  positionals: ['address'],
  options: ['yes', 'dry-run'],
  example: 'activate TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  run: async (ctx) => {
    const address = addressArgument(ctx, ctx.args[0] ?? '');
    validateAddress(address, 'active_account');
    return runPaid(ctx, {
      action: t('paid.actions.activate'),
      rows: [[t('render.address'), address]],
      endpoint: 'active_account',
      form: { address },
      quote: t('paid.notQuotedActivation'),
      intent: { kind: 'activation', address },
      render: paidReply(renderActivation),
    });
  },
};
