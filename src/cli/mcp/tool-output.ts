import { z } from 'zod';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { unitsToDecimalString } from '../../core/base/money.ts';
import { oneLineName } from '../../shared/user-names.ts';
import type { TrackedOrder } from '../../core/orders/order-types.ts';

/**
 * What the tools answer: structured content (checked by the SDK against each
 * tool's output schema) with its JSON as the text block too, as the protocol
 * asks; a refusal or failure is a tool error (isError) whose one text says
 * what happened and that nothing was sent. Amounts are exact: SUN as decimal
 * strings, with the same amount in TRX as a decimal string beside it.
 */

export const sunFields = (sun: bigint | null): { sun: string | null; trx: string | null } =>
  sun === null ? { sun: null, trx: null } : { sun: sun.toString(), trx: unitsToDecimalString(sun) };

export function ok(data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
}

export function fail(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** An amount: SUN as a decimal string and the same in TRX ("3250000", "3.25"); null when unknown. */
export const money = z.object({ sun: z.string().nullable(), trx: z.string().nullable() });

export const orderShape = z.object({
  id: z.string(),
  kind: z.string(),
  state: z.string(),
  address: z.string(),
  resource: z.string().nullable(),
  count: z.number().nullable(),
  period: z.string().nullable(),
  order_sn: z.string().nullable(),
  order_id: z.number().nullable(),
  quoted: money,
  charged: money,
  created_at: z.string(),
  finished_at: z.string().nullable(),
  tx_ids: z.array(z.string()),
  error: z.string().nullable(),
  /** Who placed it: a person (the app or the command line), an auto top-up rule, or an assistant. */
  via: z.enum(['person', 'rule', 'assistant']),
  assistant: z.object({ client: z.string(), reason: z.string() }).nullable(),
});

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** An order of the history as the tools show it; the assistant's client and reason on one line, as stored. */
export function orderJson(o: TrackedOrder): z.infer<typeof orderShape> {
  return {
    id: o.localId,
    kind: o.kind,
    state: o.state,
    address: o.address,
    resource: o.resource,
    count: o.count,
    period: o.period,
    order_sn: o.orderSn,
    order_id: o.orderId,
    quoted: sunFields(o.quotedSun),
    charged: sunFields(o.chargedSun),
    created_at: iso(o.createdAt) ?? '',
    finished_at: iso(o.finishedAt),
    tx_ids: [...o.txIds],
    error: o.error,
    via: o.assistant ? 'assistant' : o.ruleId ? 'rule' : 'person',
    assistant: o.assistant ? { client: oneLineName(o.assistant.client), reason: oneLineName(o.assistant.reason) } : null,
  };
}

export const outputs = {
  balance: z.object({ trx: money, usdt_micros: z.string(), usdt: z.string() }),
  wallets: z.object({
    wallets: z.array(
      z.object({
        label: z.string(),
        address: z.string(),
        energy_per_transfer: z.number(),
        energy_available: z.number().nullable(),
        transfers_covered: z.number().nullable(),
        top_up_transfers: z.number(),
        reading_error: z.string().nullable(),
      }),
    ),
  }),
  resources: z.object({
    address: z.string(),
    activated: z.boolean(),
    trx: money,
    energy: z.object({ limit: z.number(), used: z.number(), available: z.number() }),
    bandwidth: z.object({ free_limit: z.number(), free_used: z.number(), limit: z.number(), used: z.number(), available: z.number() }),
    energy_per_transfer: z.number(),
    transfers_covered: z.number(),
    watched: z.boolean(),
  }),
  estimate: z.object({
    from: z.string(),
    to: z.string(),
    recipient_holds_usdt: z.boolean(),
    energy: z.number(),
    energy_penalty: z.number(),
    bandwidth: z.number(),
    available_energy: z.number(),
    available_bandwidth: z.number(),
    missing_energy: z.number(),
    energy_burn: money,
    bandwidth_burn: money,
    total_burn: money,
  }),
  quote: z.object({
    resource: z.string(),
    count: z.number(),
    period: z.string().nullable(),
    fast_recover: z.boolean(),
    amount: money,
    unit_price_sun: z.string(),
    burn: money,
    cheaper_than_burning: z.boolean().nullable(),
  }),
  orders: z.object({ orders: z.array(orderShape), total: z.number() }),
  order: z.object({ order: orderShape }),
  spend: z.object({
    period: z.string(),
    since: z.string(),
    spent: money,
    daily_limit: money,
    spent_today: money,
    left_today: money,
  }),
  allowance: z.object({
    enabled: z.boolean(),
    per_day: money,
    per_order: money,
    addresses: z.union([z.literal('watched'), z.array(z.string())]),
    watched_wallets: z.array(z.string()),
    spent_today: money,
    left_today: money,
    orders_today: z.number(),
    daily_limit: money,
    daily_limit_left: money,
  }),
  purchase: z.object({
    dry_run: z.boolean(),
    bought: z.boolean(),
    message: z.string(),
    address: z.string(),
    option: z.enum(['timed', 'fast_recover']).nullable(),
    energy: z.number(),
    period: z.string().nullable(),
    cost: money,
    burn: money,
    request: z.object({ method: z.string(), url: z.string(), content_type: z.string(), body: z.string() }).nullable(),
    order: orderShape.nullable(),
  }),
};
