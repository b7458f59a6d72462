import { validateAddress, validateOrderSn, validateTimedOrder } from '../../core/api/validation.ts';
import { addressArgument } from '../address-argument.ts';
import type { CommandCode } from '../command.ts';
import { replyResult } from '../command.ts';
import { paidOrderReply, runPaid } from '../paid.ts';
import { commandLine } from '../program.ts';
import { renderResourcePrice, renderTimedReceipt, renderTimedResult } from '../render.ts';
import { countOption, periodOption, resourceOption } from '../resource-option.ts';
import { num, t } from '../i18n.ts';

export const price: CommandCode = {
  run: async (ctx) => {
    const type = resourceOption(ctx.values, 'type');
    const query = { type, count: countOption(ctx.values), period: periodOption(ctx.values, type) };
    return replyResult(await (await ctx.api()).queryPrice(query), renderResourcePrice);
  },
};

/** buy-energy and buy-net differ only in the endpoint, the resource's name and the minimum the client checks. */
function timedBuy(type: 'energy' | 'net'): CommandCode {
  const endpoint = type === 'energy' ? 'buy_energy' : 'buy_net';
  return {
    run: async (ctx) => {
      const address = addressArgument(ctx, ctx.args[0] ?? '');
      const request = { address, count: countOption(ctx.values), period: periodOption(ctx.values, type) };
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
        intent: { kind: type, address: request.address, resource: type, count: request.count, period: request.period },
        render: paidOrderReply(renderTimedReceipt, (receipt) => receipt.orderSn),
      });
    },
  };
}

export const buyEnergy = timedBuy('energy');
export const buyNet = timedBuy('net');

export const reclaim: CommandCode = {
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
      notQuoted: t('paid.notQuotedReclaim'),
      intent: { kind: 'reclaim', address, orderSn },
      render: (reply) => ({ json: reply.raw, text: t('paid.reclaimRequested', { orderSn, follow: commandLine(`order ${orderSn}`) }) }),
    });
  },
};

export const order: CommandCode = {
  run: async (ctx) => {
    const [orderSn = ''] = ctx.args;
    return replyResult(await (await ctx.api()).queryResult(orderSn), renderTimedResult);
  },
};
