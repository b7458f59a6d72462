import { validateFastRecover } from '../../core/api/validation.ts';
import { addressArgument } from '../address-argument.ts';
import { wholeNumberOption } from '../args.ts';
import type { Command } from '../command.ts';
import { replyResult } from '../command.ts';
import { PAID_DETAILS, paidReply, runPaid } from '../paid.ts';
import { renderFastOrder, renderFastReceipt, renderResourcePrice, renderSmartPrice } from '../render.ts';
import { countOption, resourceOption } from '../resource-option.ts';
import { num, t } from '../i18n.ts';

export const fastPrice: Command = {
  name: 'fast-price',
  synopsis: '--resource energy|net --count N',
  summary: 'commands.fastPrice.summary',
  positionals: [],
  options: ['resource', 'count'],
  example: 'fast-price --resource energy --count 40000',
  run: async (ctx) => {
    const resource = resourceOption(ctx.values, 'resource');
    const count = countOption(ctx.values);
    return replyResult(await (await ctx.api()).queryFastRecoverPrice(resource, count), renderResourcePrice);
  },
};

export const fastTopup: Command = {
  name: 'fast-topup',
  synopsis: '<address> --resource energy|net --count N [--yes] [--dry-run]',
  summary: 'commands.fastTopup.summary',
  details: PAID_DETAILS,
  positionals: ['address'],
  options: ['resource', 'count', 'yes', 'dry-run'],
  example: 'fast-topup TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t --resource energy --count 40000',
  run: async (ctx) => {
    const address = addressArgument(ctx, ctx.args[0] ?? '');
    const request = { address, resourceType: resourceOption(ctx.values, 'resource'), count: countOption(ctx.values) };
    validateFastRecover(request, 'buy_fast_recover');
    const energy = request.resourceType === 'energy';
    return runPaid(ctx, {
      action: energy ? t('paid.actions.fastEnergy') : t('paid.actions.fastBandwidth'),
      rows: [
        [t('render.address'), address],
        energy ? [t('paid.energy'), t('paid.onceEnergy', { count: num(request.count) })] : [t('paid.bandwidth'), t('paid.onceBytes', { count: num(request.count) })],
      ],
      endpoint: 'buy_fast_recover',
      // The client's field order (core/api/client.ts buyFastRecover).
      form: { address, count: request.count, resource_type: request.resourceType },
      quote: (api) => api.queryFastRecoverPrice(request.resourceType, request.count),
      intent: { kind: 'fast_recover', address, resource: request.resourceType, count: request.count },
      render: paidReply(renderFastReceipt),
    });
  },
};

export const fastOrder: Command = {
  name: 'fast-order',
  synopsis: '<order_id>',
  summary: 'commands.fastOrder.summary',
  positionals: ['order_id'],
  options: [],
  example: 'fast-order 100001',
  run: async (ctx) => {
    const orderId = wholeNumberOption(ctx.args[0] ?? '', t('errors.theOrderId'), 1);
    return replyResult(await (await ctx.api()).queryFastRecoverOrder(orderId), renderFastOrder);
  },
};

export const smartPrice: Command = {
  name: 'smart-price',
  synopsis: '',
  summary: 'commands.smartPrice.summary',
  positionals: [],
  options: [],
  example: 'smart-price',
  run: async (ctx) => replyResult(await (await ctx.api()).getSmartPrice(), renderSmartPrice),
};
