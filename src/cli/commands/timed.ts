import type { Command } from '../command.ts';
import { replyResult } from '../command.ts';
import type { Reply, ServiceApi, TimedOrderReceipt, TimedOrderRequest } from '../../core/api/types.ts';
import { requiredOption } from '../args.ts';
import { renderResourcePrice, renderTimedReceipt, renderTimedResult } from '../render.ts';
import { countOption, resourceOption } from '../resource-option.ts';

export const price: Command = {
  name: 'price',
  synopsis: '--type energy|net --count N --period P',
  summary: 'price of a timed energy or bandwidth order',
  positionals: [],
  options: ['type', 'count', 'period'],
  run: async (ctx) => {
    const query = { type: resourceOption(ctx.values, 'type'), count: countOption(ctx.values), period: requiredOption(ctx.values, 'period') };
    return replyResult(await (await ctx.api()).queryPrice(query), renderResourcePrice);
  },
};

/** buy-energy and buy-net differ only in the endpoint and the minimum the client checks. */
function timedBuy(name: string, summary: string, buy: (api: ServiceApi, request: TimedOrderRequest) => Promise<Reply<TimedOrderReceipt>>): Command {
  return {
    name,
    synopsis: '<address> --count N --period P',
    summary,
    positionals: ['address'],
    options: ['count', 'period'],
    run: async (ctx) => {
      const [address = ''] = ctx.args;
      const request = { address, count: countOption(ctx.values), period: requiredOption(ctx.values, 'period') };
      return replyResult(await buy(await ctx.api(), request), renderTimedReceipt);
    },
  };
}

export const buyEnergy = timedBuy('buy-energy', 'delegate energy to an address for a period (paid; at least 30,000)', (api, r) => api.buyEnergy(r));
export const buyNet = timedBuy('buy-net', 'delegate bandwidth to an address for a period (paid; at least 100)', (api, r) => api.buyNet(r));

export const reclaim: Command = {
  name: 'reclaim',
  synopsis: '<order_sn> <address>',
  summary: 'reclaim the resources of a finished timed order',
  positionals: ['order_sn', 'address'],
  options: [],
  run: async (ctx) => {
    const [orderSn = '', address = ''] = ctx.args;
    const reply = await (await ctx.api()).reclaimEnergy(orderSn, address);
    return { json: reply.raw, text: `Reclaim of ${orderSn} requested. Follow it with: npm run -s cli -- order ${orderSn}` };
  },
};

export const order: Command = {
  name: 'order',
  synopsis: '<order_sn>',
  summary: 'status and delegations of a timed order (EN…/NET…)',
  positionals: ['order_sn'],
  options: [],
  run: async (ctx) => {
    const [orderSn = ''] = ctx.args;
    return replyResult(await (await ctx.api()).queryResult(orderSn), renderTimedResult);
  },
};
