import { wholeNumberOption } from '../args.ts';
import type { Command } from '../command.ts';
import { replyResult } from '../command.ts';
import { renderFastOrder, renderFastReceipt, renderResourcePrice, renderSmartPrice } from '../render.ts';
import { countOption, resourceOption } from '../resource-option.ts';

export const fastPrice: Command = {
  name: 'fast-price',
  synopsis: '--resource energy|net --count N',
  summary: 'price of a one-time top-up',
  positionals: [],
  options: ['resource', 'count'],
  run: async (ctx) => {
    const resource = resourceOption(ctx.values, 'resource');
    const count = countOption(ctx.values);
    return replyResult(await (await ctx.api()).queryFastRecoverPrice(resource, count), renderResourcePrice);
  },
};

export const fastTopup: Command = {
  name: 'fast-topup',
  synopsis: '<address> --resource energy|net --count N',
  summary: 'buy a one-time energy or bandwidth top-up (paid)',
  positionals: ['address'],
  options: ['resource', 'count'],
  run: async (ctx) => {
    const [address = ''] = ctx.args;
    const request = { address, resourceType: resourceOption(ctx.values, 'resource'), count: countOption(ctx.values) };
    return replyResult(await (await ctx.api()).buyFastRecover(request), renderFastReceipt);
  },
};

export const fastOrder: Command = {
  name: 'fast-order',
  synopsis: '<order_id>',
  summary: 'status of a one-time top-up order',
  positionals: ['order_id'],
  options: [],
  run: async (ctx) => {
    const orderId = wholeNumberOption(ctx.args[0] ?? '', 'The order id');
    return replyResult(await (await ctx.api()).queryFastRecoverOrder(orderId), renderFastOrder);
  },
};

export const smartPrice: Command = {
  name: 'smart-price',
  synopsis: '',
  summary: 'smart delegation prices for 65K and 131K energy',
  positionals: [],
  options: [],
  run: async (ctx) => replyResult(await (await ctx.api()).getSmartPrice(), renderSmartPrice),
};
