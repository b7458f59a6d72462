import { validateAddress } from '../../core/api/validation.ts';
import { addressArgument } from '../address-argument.ts';
import type { CommandCode } from '../command.ts';
import { replyResult } from '../command.ts';
import { paidReply, runPaid } from '../paid.ts';
import { renderActivation, renderBalance } from '../render.ts';
import { t } from '../i18n.ts';

export const balance: CommandCode = {
  run: async (ctx) => replyResult(await (await ctx.api()).userInfo(), renderBalance),
};

export const activate: CommandCode = {
  run: async (ctx) => {
    const address = addressArgument(ctx, ctx.args[0] ?? '');
    validateAddress(address, 'active_account');
    return runPaid(ctx, {
      action: t('paid.actions.activate'),
      rows: [[t('render.address'), address]],
      endpoint: 'active_account',
      form: { address },
      notQuoted: t('paid.notQuotedActivation'),
      intent: { kind: 'activation', address },
      render: paidReply(renderActivation),
    });
  },
};
