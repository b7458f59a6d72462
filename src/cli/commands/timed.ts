import { validateAddress, validateOrderSn, validateTimedOrder } from '../../core/api/validation.ts';
import { addressArgument } from '../address-argument.ts';
import { requiredOption } from '../args.ts';
import type { Command } from '../command.ts';
import { replyResult } from '../command.ts';
import { PAID_DETAILS, paidReply, runPaid } from '../paid.ts';
import { commandLine } from '../program.ts';
import { renderResourcePrice, renderTimedReceipt, renderTimedResult } from '../render.ts';
import { countOption, resourceOption } from '../resource-option.ts';
import { num, t } from '../i18n.ts';
import type { KeyOf } from '../../shared/i18n/catalogue.ts';

const EXAMPLE_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export const price: Command = {
  name: 'price',
  synopsis: '--type energy|net --count N --period P',
  summary: 'commands.price.summary',
  positionals: [],
  options: ['type', 'count', 'period'],
  example: 'price --type energy --count 65000 --period 1h',
  run: async (ctx) => {
    const query = { type: resourceOption(ctx.values, 'type'), count: countOption(ctx.values), period: requiredOption(ctx.values, 'period') };
    return replyResult(await (await ctx.api()).queryPrice(query), renderResourcePrice);
  },
};

/** buy-energy and buy-net differ only in the endpoint, the resource's name and the minimum the client checks. */
function timedBuy(name: string, type: 'energy' | 'net', summary: KeyOf<'cli'>): Command {
  const endpoint = type === 'energy' ? 'buy_energy' : 'buy_net';
  return {
    name,
    synopsis: '<address> --count N --period P [--yes] [--dry-run]',
    summary,
    details: PAID_DETAILS,
    positionals: ['address'],
    options: ['count', 'period', 'yes', 'dry-run'],
    optionNotes: { count: type === 'energy' ? 'commands.buyEnergy.count' : 'commands.buyNet.count' },
    example: `${name} ${EXAMPLE_ADDRESS} --count ${type === 'energy' ? '65000 --period 1h' : '1000 --period 1day'}`,
    run: async (ctx) => {
      const request = { address: addressArgument(ctx, ctx.args[0] ?? ''), count: countOption(ctx.values), period: requiredOption(ctx.values, 'period') };
      validateTimedOrder(type, request, endpoint);
      return runPaid(ctx, {
        action: type === 'energy' ? t('paid.actions.buyEnergy') : t('paid.actions.buyBandwidth'),
        rows: [
          [t('render.address'), request.address],
          type === 'energy'
            ? [t('paid.energy'), t('paid.forPeriodEnergy', { count: num(request.count), period: request.period })]
            : [t('paid.bandwidth'), t('paid.forPeriodBytes', { count: num(request.count), period: request.period })],
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

export const buyEnergy = timedBuy('buy-energy', 'energy', 'commands.buyEnergy.summary');
export const buyNet = timedBuy('buy-net', 'net', 'commands.buyNet.summary');

export const reclaim: Command = {
  name: 'reclaim',
  synopsis: '<order_sn> <address> [--yes] [--dry-run]',
  summary: 'commands.reclaim.summary',
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
      action: t('paid.actions.reclaim'),
      rows: [
        [t('render.order'), orderSn],
        [t('render.address'), address],
      ],
      endpoint: 'reclaim_energy',
      form: { order_sn: orderSn, address },
      quote: t('paid.notQuotedReclaim'),
      intent: { kind: 'reclaim', address, orderSn },
      render: (reply) => ({ json: reply.raw, text: t('paid.reclaimRequested', { orderSn, follow: commandLine(`order ${orderSn}`) }) }),
    });
  },
};

export const order: Command = {
  name: 'order',
  synopsis: '<order_sn>',
  summary: 'commands.order.summary',
  positionals: ['order_sn'],
  options: [],
  example: 'order EN17000000000000001',
  run: async (ctx) => {
    const [orderSn = ''] = ctx.args;
    return replyResult(await (await ctx.api()).queryResult(orderSn), renderTimedResult);
  },
};
