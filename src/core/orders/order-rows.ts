import { z } from 'zod';
import { ORDER_KINDS, ORDER_STATES, type OrderKind, type OrderState, type TrackedOrder } from './order-types.ts';
import { ASSISTANT_COLUMNS } from './order-schema.ts';

/**
 * An order as a row of the `orders` table and back. The reader accepts every
 * value the writer can write (any integer of SUN, any text), so a record the
 * app wrote is never rejected on the next start; what it rejects (an unknown
 * state, a negative time, a column that is not what it should be) can only
 * come from outside, and such a row is set aside on its own (order-journal.ts).
 */

export type Origin = 'app' | 'cli';

/** Integer SUN as decimal text: what bigint.toString() writes. */
const sunText = z.string().regex(/^-?\d{1,100}$/, 'an integer amount of SUN');
const time = z.number().int().nonnegative();
const txIdList = z.string().transform((text, ctx) => {
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: 'a JSON list of transaction ids' });
  return z.NEVER;
});

const orderRow = z.object({
  seq: z.number().int(),
  local_id: z.string().min(1),
  profile_id: z.string(),
  kind: z.enum(ORDER_KINDS),
  address: z.string(),
  resource: z.enum(['energy', 'net']).nullable(),
  count: z.number().int().nullable(),
  period: z.string().nullable(),
  order_sn: z.string().nullable(),
  order_id: z.number().int().nullable(),
  quoted_sun: sunText.nullable(),
  charged_sun: sunText.nullable(),
  would_burn_sun: sunText.nullable(),
  created_at: time,
  updated_at: time,
  last_polled_at: time.nullable(),
  attempts: z.number().int().nonnegative(),
  state: z.enum(ORDER_STATES),
  server_status: z.string().nullable(),
  tx_ids: txIdList,
  error: z.string().nullable(),
  finished_at: time.nullable(),
  notified_at: time.nullable(),
  preset_id: z.string().nullable(),
  origin: z.enum(['app', 'cli']),
  origin_pid: z.number().int().nullable(),
  /** The rule that placed the order (migration 2); null when a person did. */
  rule_id: z.string().nullable().default(null),
  /** An AI assistant's purchase (migration 5): the MCP client's name and the reason it gave; null otherwise. */
  assistant_client: z.string().nullable().default(null),
  assistant_reason: z.string().nullable().default(null),
});

export type OrderRow = z.input<typeof orderRow>;

export interface StoredOrder {
  seq: number;
  order: TrackedOrder;
  origin: Origin;
  originPid: number | null;
}

const big = (text: string | null): bigint | null => (text === null ? null : BigInt(text));

export type RowResult = { ok: true; stored: StoredOrder } | { ok: false; reason: string };

/** Never throws: a row that is not an order says why. */
export function readOrderRow(row: unknown): RowResult {
  const parsed = orderRow.safeParse(row);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `${issue?.path.join('.') || 'the row'}: ${issue?.message ?? 'invalid'}` };
  }
  const r = parsed.data;
  const order: TrackedOrder = {
    localId: r.local_id,
    kind: r.kind,
    profileId: r.profile_id,
    address: r.address,
    resource: r.resource,
    count: r.count,
    period: r.period,
    orderSn: r.order_sn,
    orderId: r.order_id,
    quotedSun: big(r.quoted_sun),
    chargedSun: big(r.charged_sun),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    lastPolledAt: r.last_polled_at,
    attempts: r.attempts,
    state: r.state,
    serverStatus: r.server_status,
    txIds: r.tx_ids,
    error: r.error,
    finishedAt: r.finished_at,
    notifiedAt: r.notified_at,
    presetId: r.preset_id,
    ...(r.would_burn_sun === null ? {} : { wouldBurnSun: BigInt(r.would_burn_sun) }),
    ...(r.rule_id === null ? {} : { ruleId: r.rule_id }),
    ...(r.assistant_client === null ? {} : { assistant: { client: r.assistant_client, reason: r.assistant_reason ?? '' } }),
  };
  return { ok: true, stored: { seq: r.seq, order, origin: r.origin, originPid: r.origin_pid } };
}

export type SqlValue = string | number | null;

/** The columns of an order the daily limit reads (spend-limit.ts orderSpendSun). */
export interface SpendRow {
  local_id: string;
  kind: OrderKind;
  state: OrderState;
  order_sn: string | null;
  order_id: number | null;
  charged_sun: string | null;
  quoted_sun: string | null;
}

const sunOrNull = (text: string | null): bigint | null => (text !== null && /^-?\d+$/.test(text) ? BigInt(text) : null);

/** A SpendRow as orderSpendSun reads it. */
export const spendFacts = (row: SpendRow): Pick<TrackedOrder, 'kind' | 'state' | 'orderSn' | 'orderId' | 'chargedSun' | 'quotedSun'> => ({
  kind: row.kind,
  state: row.state,
  orderSn: row.order_sn,
  orderId: row.order_id,
  chargedSun: sunOrNull(row.charged_sun),
  quotedSun: sunOrNull(row.quoted_sun),
});
const text = (sun: bigint | null | undefined): string | null => (sun === null || sun === undefined ? null : sun.toString());

/** The columns a change can touch, with how each is written. */
const MUTABLE: ReadonlyArray<[column: string, value: (o: TrackedOrder) => SqlValue]> = [
  ['order_sn', (o) => o.orderSn],
  ['order_id', (o) => o.orderId],
  ['charged_sun', (o) => text(o.chargedSun)],
  ['would_burn_sun', (o) => text(o.wouldBurnSun)],
  ['updated_at', (o) => o.updatedAt],
  ['last_polled_at', (o) => o.lastPolledAt],
  ['attempts', (o) => o.attempts],
  ['state', (o) => o.state],
  ['server_status', (o) => o.serverStatus],
  ['tx_ids', (o) => JSON.stringify(o.txIds)],
  ['error', (o) => o.error],
  ['finished_at', (o) => o.finishedAt],
  ['notified_at', (o) => o.notifiedAt],
];

export const INSERT_COLUMNS = [
  'local_id',
  'profile_id',
  'kind',
  'address',
  'resource',
  'count',
  'period',
  'quoted_sun',
  'created_at',
  'preset_id',
  'origin',
  'origin_pid',
  'rule_id',
  ...ASSISTANT_COLUMNS,
  ...MUTABLE.map(([column]) => column),
] as const;

export function insertValues(order: TrackedOrder, origin: Origin, originPid: number | null): SqlValue[] {
  return [
    order.localId,
    order.profileId,
    order.kind,
    order.address,
    order.resource,
    order.count,
    order.period,
    text(order.quotedSun),
    order.createdAt,
    order.presetId,
    origin,
    originPid,
    order.ruleId ?? null,
    // Who asked for an assistant's order (ASSISTANT_COLUMNS, in that order).
    order.assistant?.client ?? null,
    order.assistant?.reason ?? null,
    ...MUTABLE.map(([, value]) => value(order)),
  ];
}

/**
 * The columns that differ between what is on disk and the new record, with
 * their new values. An UPDATE that sets only these leaves every index whose
 * columns did not change untouched: a poll answer that changes nothing but the
 * poll time writes one page. With `before` null every mutable column is set.
 */
export function changedColumns(before: TrackedOrder | null, after: TrackedOrder): Array<[string, SqlValue]> {
  const changed: Array<[string, SqlValue]> = [];
  for (const [column, value] of MUTABLE) {
    const next = value(after);
    if (before === null || value(before) !== next) changed.push([column, next]);
  }
  return changed;
}

/** Lower-case search terms of an order: its serial, its order id and its tx ids. */
export function searchTerms(order: TrackedOrder): Set<string> {
  const terms = new Set<string>();
  if (order.orderSn) terms.add(order.orderSn.toLowerCase());
  if (order.orderId !== null) terms.add(String(order.orderId));
  for (const tx of order.txIds) if (tx !== '') terms.add(tx.toLowerCase());
  return terms;
}
