import { validateAddress, validateOrderSn, validateTimedOrder } from '../../core/api/validation.ts';
import { addressArgument } from '../address-argument.ts';
import { requiredOption } from '../args.ts';
import type { Command } from '../command.ts';
import { replyResult } from '../command.ts';
import { PAID_DETAILS, paidReply, runPaid } from '../paid.ts';
import { commandLine } from '../program.ts';
import { renderResourcePrice, renderTimedReceipt, renderTimedResult } from '../render.ts';
import { countOption, resourceOption } from '../resource-option.ts';

const EXAMPLE_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export const price: Command = {
  name: 'price',
  synopsis: '--type energy|net --count N --period P',
  summary: 'price of a timed energy or bandwidth order',
  positionals: [],
  options: ['type', 'count', 'period'],
  example: 'price --type energy --count 65000 --period 1h',
  run: async (ctx) => {
    const query = { type: resourceOption(ctx.values, 'type'), count: countOption(ctx.values), period: requiredOption(ctx.values, 'period') };
    return replyResult(await (await ctx.api()).queryPrice(query), renderResourcePrice);
  },
};

/** buy-energy and buy-net differ only in the endpoint, the resource's name and the minimum the client checks. */
function timedBuy(name: string, type: 'energy' | 'net', summary: string): Command {
  const endpoint = type === 'energy' ? 'buy_energy' : 'buy_net';
  const what = type === 'energy' ? 'Energy' : 'Bandwidth';
  return {
    name,
    synopsis: '<address> --count N --period P [--yes] [--dry-run]',
    summary,
    details: PAID_DETAILS,
    positionals: ['address'],
    options: ['count', 'period', 'yes', 'dry-run'],
    optionNotes: { count: type === 'energy' ? 'energy points, at least 30,000' : 'bandwidth bytes, at least 100' },
    example: `${name} ${EXAMPLE_ADDRESS} --count ${type === 'energy' ? '65000 --period 1h' : '1000 --period 1day'}`,
    run: async (ctx) => {
      const request = { address: addressArgument(ctx, ctx.args[0] ?? ''), count: countOption(ctx.values), period: requiredOption(ctx.values, 'period') };
      validateTimedOrder(type, request, endpoint);
      return runPaid(ctx, {
        action: `Buy ${what.toLowerCase()}`,
        rows: [
          ['Address', request.address],
          [what, `${request.count.toLocaleString('en-US')}${type === 'net' ? ' bytes' : ''} for ${request.period}`],
        ],
        endpoint,
        // The client's field order (core/api/client.ts #buyTimed).
        form: { count: request.count, period: request.period, address: request.address },
        quote: (api) => api.queryPrice({ type, count: request.count, period: request.period }),
        intent: { kind: type, address: request.address, resource: type, count: request.count, period: request.period },
        render: paidReply(renderTimedReceipt),
      });
    },
  };
}

export const buyEnergy = timedBuy('buy-energy', 'energy', 'delegate energy to an address for a period (paid; at least 30,000)');
export const buyNet = timedBuy('buy-net', 'net', 'delegate bandwidth to an address for a period (paid; at least 100)');

export const reclaim: Command = {
  name: 'reclaim',
  synopsis: '<order_sn> <address> [--yes] [--dry-run]',
  summary: 'reclaim the resources of a finished timed order (confirmed like the paid commands)',
  details: PAID_DETAILS,
  positionals: ['order_sn', 'address'],
  options: ['yes', 'dry-run'],
  example: `reclaim EN17000000000000001 ${EXAMPLE_ADDRESS}`,
  run: async (ctx) => {
    const orderSn = ctx.args[0] ?? '';
    const address = addressArgument(ctx, ctx.args[1] ?? '');
    validateOrderSn(orderSn, 'reclaim_energy');
    validateAddress(address, 'reclaim_energy');
    return runPaid(ctx, {
      action: 'Reclaim the delegation',
      rows: [
        ['Order', orderSn],
        ['Address', address],
      ],
      endpoint: 'reclaim_energy',
      form: { order_sn: orderSn, address },
      quote: 'not quoted: the service has no price query for a reclaim',
      intent: { kind: 'reclaim', address, orderSn },
      render: (reply) => ({ json: reply.raw, text: `Reclaim of ${orderSn} requested. Follow it with: ${commandLine(`order ${orderSn}`)}` }),
    });
  },
};

export const order: Command = {
  name: 'order',
  synopsis: '<order_sn>',
  summary: 'status and delegations of a timed order (EN…/NET…)',
  positionals: ['order_sn'],
  options: [],
  example: 'order EN17000000000000001',
  run: async (ctx) => {
    const [orderSn = ''] = ctx.args;
    return replyResult(await (await ctx.api()).queryResult(orderSn), renderTimedResult);
  },
};
