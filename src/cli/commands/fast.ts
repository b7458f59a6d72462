import { validateFastRecover } from '../../core/api/validation.ts';
import { addressArgument } from '../address-argument.ts';
import { wholeNumberOption } from '../args.ts';
import type { CommandCode } from '../command.ts';
import { replyResult } from '../command.ts';
import { paidOrderReply, runPaid } from '../paid.ts';
import { renderFastOrder, renderFastReceipt, renderResourcePrice, renderSmartPrice } from '../render.ts';
import { countOption, resourceOption } from '../resource-option.ts';
import { num, t } from '../i18n.ts';

export const fastPrice: CommandCode = {
  run: async (ctx) => {
    const resource = resourceOption(ctx.values, 'resource');
    const count = countOption(ctx.values);
    return replyResult(await (await ctx.api()).queryFastRecoverPrice(resource, count), renderResourcePrice);
  },
};

export const fastTopup: CommandCode = {
  run: async (ctx) => {
    const address = addressArgument(ctx, ctx.args[0] ?? '');
    const request = { address, resourceType: resourceOption(ctx.values, 'resource'), count: countOption(ctx.values) };
    validateFastRecover(request, 'buy_fast_recover');
    const energy = request.resourceType === 'energy';
    return runPaid(ctx, {
      action: energy ? t('paid.actions.fastEnergy') : t('paid.actions.fastBandwidth'),
      rows: [
        [t('render.address'), address],
        energy
          ? [t('paid.energy'), t('paid.onceEnergy', { count: num(request.count) })]
          : [t('paid.bandwidth'), t('paid.onceBytes', { count: num(request.count) })],
      ],
      endpoint: 'buy_fast_recover',
      // The client's field order (core/api/client.ts buyFastRecover).
      form: { address, count: request.count, resource_type: request.resourceType },
      intent: { kind: 'fast_recover', address, resource: request.resourceType, count: request.count },
      render: paidOrderReply(renderFastReceipt, (receipt) => receipt.orderId),
    });
  },
};

export const fastOrder: CommandCode = {
  run: async (ctx) => {
    const orderId = wholeNumberOption(ctx.args[0] ?? '', t('errors.theOrderId'), 1);
    return replyResult(await (await ctx.api()).queryFastRecoverOrder(orderId), renderFastOrder);
  },
};

export const smartPrice: CommandCode = {
  run: async (ctx) => replyResult(await (await ctx.api()).getSmartPrice(), renderSmartPrice),
};
