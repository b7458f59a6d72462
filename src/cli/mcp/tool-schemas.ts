import { z } from 'zod';
import { LARGEST_COUNT } from '../../shared/count-input.ts';
import { MIN_COUNT, MIN_ENERGY_COUNT, OFFERED_PERIODS } from '../../shared/order-rules.ts';
import { codePointText, NAME_MAX, refusedCharacter } from '../../shared/user-names.ts';
import { tronAddressProblem } from '../../core/base/tron-address.ts';
import { MAX_TOP_UP_TRANSFERS } from '../../core/wallets/watched-wallet.ts';
import { ORDER_STATES } from '../../core/orders/order-types.ts';
import { m } from './words.ts';

/**
 * The tools' input, as strict as the IPC schemas (core/ipc/request-schemas.ts):
 * every object `.strict()` (an unknown field is refused, and the JSON Schema
 * says additionalProperties: false), every string capped, addresses checked
 * as TRON addresses, counts whole and within the service's minimums, periods
 * from the list the app offers, and the reason checked like a name: no
 * control or text-direction character (user-names.ts). Made when the server
 * starts, in its language (the descriptions are the assistant's manual).
 */

function tronAddress(description: string) {
  return z
    .string()
    .max(128)
    .superRefine((text, ctx) => {
      const problem = tronAddressProblem(text.trim());
      if (problem !== null) ctx.addIssue({ code: 'custom', message: m('invalid.address', { problem }) });
    })
    .describe(description);
}

const wholeCount = (min: number, max: number, description: string) =>
  z
    .number()
    .int(m('invalid.count', { min, max }))
    .min(min, m('invalid.count', { min, max }))
    .max(max, m('invalid.count', { min, max }))
    .describe(description);

/** What an assistant says it buys for: a name's rules (user-names.ts), the reason's own length. */
function reason() {
  const max = NAME_MAX.assistantReason;
  return z
    .string()
    .max(max * 4)
    .superRefine((text, ctx) => {
      const refused = refusedCharacter(text);
      if (refused !== null) ctx.addIssue({ code: 'custom', message: m('invalid.reasonCharacter', { codePoint: codePointText(refused) }) });
      else if (text.trim() === '') ctx.addIssue({ code: 'custom', message: m('invalid.reasonEmpty') });
      else if (text.trim().length > max) ctx.addIssue({ code: 'custom', message: m('invalid.reasonLong', { max }) });
    })
    .describe(m('params.reason'));
}

const dryRun = () => z.boolean().optional().describe(m('params.dryRun'));
const energyPeriod = () => z.enum(OFFERED_PERIODS.energy as [string, ...string[]]).describe(m('params.period'));

export function toolInputs() {
  return {
    empty: z.object({}).strict(),
    walletResources: z.object({ address: tronAddress(m('params.address')) }).strict(),
    estimateTransfer: z
      .object({
        from: tronAddress(m('params.from')),
        to: tronAddress(m('params.to')),
        amount: z
          .string()
          .max(32)
          .regex(/^\s*\d{1,12}(\.\d{1,6})?\s*$/, m('invalid.amount'))
          .optional()
          .describe(m('params.amount')),
      })
      .strict(),
    quote: z
      .object({
        resource: z.enum(['energy', 'net']).describe(m('params.resource')),
        count: wholeCount(MIN_COUNT.net, LARGEST_COUNT, m('params.count')),
        period: z.enum(['15minutes', '1h', '1day', '3day']).optional().describe(m('params.period')),
        fast_recover: z.boolean().optional().describe(m('params.fastRecover')),
      })
      .strict()
      .superRefine((q, ctx) => {
        if ((q.period === undefined) === (q.fast_recover !== true)) ctx.addIssue({ code: 'custom', message: m('invalid.periodOrFast') });
        else if (q.fast_recover === true && q.resource !== 'energy') ctx.addIssue({ code: 'custom', message: m('invalid.fastBandwidth') });
        else if (q.period !== undefined && !OFFERED_PERIODS[q.resource].includes(q.period)) {
          ctx.addIssue({
            code: 'custom',
            message: m('invalid.period', { period: q.period, resource: q.resource, periods: OFFERED_PERIODS[q.resource].join(', ') }),
          });
        }
        if (q.count < MIN_COUNT[q.resource])
          ctx.addIssue({ code: 'custom', message: m('invalid.count', { min: MIN_COUNT[q.resource], max: LARGEST_COUNT }) });
      }),
    listOrders: z
      .object({
        status: z.array(z.enum(ORDER_STATES)).max(ORDER_STATES.length).optional().describe(m('params.status')),
        address: tronAddress(m('params.address')).optional(),
        since: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, m('invalid.date'))
          .optional()
          .describe(m('params.since')),
        limit: z.number().int().min(1).max(100).optional().describe(m('params.limit')),
      })
      .strict(),
    getOrder: z
      .object({
        id: z
          .string()
          .min(1)
          .max(64)
          .regex(/^[A-Za-z0-9-]+$/)
          .describe(m('params.id')),
      })
      .strict(),
    getSpend: z.object({ period: z.enum(['today', 'week', 'month']).describe(m('params.spendPeriod')) }).strict(),
    topUpWallet: z
      .object({
        address: tronAddress(m('params.address')),
        transfers: wholeCount(1, MAX_TOP_UP_TRANSFERS, m('params.transfers')),
        reason: reason(),
        dry_run: dryRun(),
      })
      .strict(),
    buyEnergy: z
      .object({
        address: tronAddress(m('params.address')),
        count: wholeCount(MIN_ENERGY_COUNT, LARGEST_COUNT, m('params.energyCount')),
        period: energyPeriod(),
        reason: reason(),
        dry_run: dryRun(),
      })
      .strict(),
    fastRecover: z
      .object({
        address: tronAddress(m('params.address')),
        count: wholeCount(MIN_ENERGY_COUNT, LARGEST_COUNT, m('params.energyCount')),
        reason: reason(),
        dry_run: dryRun(),
      })
      .strict(),
  };
}

export type ToolInputs = ReturnType<typeof toolInputs>;
