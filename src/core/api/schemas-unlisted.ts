import { problemKey } from '../base/http/reply-problem.ts';
import { z } from 'zod';
import { decimalString, integer, nullable, serverText, textOrNumber, trxNumber, trxText } from './schema-fields.ts';

/**
 * Shapes of spec section 2 whose endpoints are not shown (smart delegation per
 * address, usage-count delegation, premium and stars orders). No client method
 * uses them yet; they are here so that the day a path is published, its
 * payload is already validated. Keys stay as the spec spells them; integers
 * become numbers, TRX amounts integer SUN, unit prices decimal text.
 */

const serviceStatus = z.enum(['start', 'stop']);

// ── 2.5 Smart delegation ──

/** EnergySmartData / EnergySmartDelegateResponseData. */
export const energySmartDataSchema = z.object({
  address: serverText,
  balance: trxText,
  status: serviceStatus,
  net_protect: z.enum(['open', 'close']).optional(),
});

/** EnergySmartOrderItem: every field nullable. */
export const energySmartOrderItemSchema = z.object({
  energy_type: nullable(serverText),
  amount: nullable(trxNumber),
  balance: nullable(trxNumber),
  currency: nullable(serverText),
  status: nullable(serverText),
  used_tx_id: nullable(serverText),
  speed_mode: nullable(serverText),
  used_energy: nullable(integer),
  used_times: nullable(integer),
  remain_times: nullable(integer),
  delegate_count: nullable(integer),
  delegate_tx_id: nullable(serverText),
  delegate_time: nullable(integer),
  un_delegate_tx_id: nullable(serverText),
  un_delegate_time: nullable(integer),
  createtime: nullable(integer),
});

const pageFields = { order_count: integer, page_size: integer, page: integer };

export const energySmartQueryResponseDataSchema = z.object({
  address: serverText,
  balance: trxText,
  status: serviceStatus,
  ...pageFields,
  orders: z.array(energySmartOrderItemSchema),
});

/** StatisticsDetail: its keys use a lower-case k. */
export const statisticsDetailSchema = z.object({ '65k': integer, '131k': integer });

const statisticsOf = <T extends z.ZodType>(detail: T) =>
  z.object({
    days: z.record(z.string().regex(/^\d{4}-\d{2}-\d{2}$/), detail),
    today: detail,
    yesterday: detail,
    this_week: detail,
    this_month: detail,
  });

export const statisticsSmartDataSchema = statisticsOf(statisticsDetailSchema);

// ── 2.6 Usage-count (energy times) ──

export const timesPriceDataSchema = z.object({ price: trxText, remark: nullable(serverText) });

/** EnergyTimesData / EnergyTimesDelegateResponseData. */
export const energyTimesDataSchema = z.object({ address: serverText, remain_times: integer, status: serviceStatus });

/** EnergyTimesOrderItem: every field nullable. */
export const energyTimesOrderItemSchema = z.object({
  remain_times: nullable(integer),
  status: nullable(serverText),
  speed_mode: nullable(serverText),
  used_tx_id: nullable(serverText),
  used_energy: nullable(integer),
  delegate_tx_id: nullable(serverText),
  delegate_time: nullable(integer),
  un_delegate_tx_id: nullable(serverText),
  un_delegate_time: nullable(integer),
  createtime: nullable(integer),
});

export const energyTimesQueryResponseDataSchema = z.object({
  address: serverText,
  remain_times: integer,
  status: serviceStatus,
  ...pageFields,
  orders: z.array(energyTimesOrderItemSchema),
});

export const statisticsTimesDataSchema = statisticsOf(integer);

// ── 2.7 Premium and stars ──

const username = z
  .string()
  .min(1)
  .refine((u) => !u.startsWith('@'), problemKey('errors:reply.atSign'));

/** Requests are built by the app, so these check what it is about to send. */
export const premiumOrderRequestSchema = z.object({
  username,
  month: z.union([z.literal(3), z.literal(6), z.literal(12)]),
});

export const starOrderRequestSchema = z.object({ username, count: z.number().int().min(50).max(10_000) });

const orderResponseFields = {
  username: serverText,
  order_id: integer,
  amount: trxNumber,
  price: decimalString,
  pay_status: serverText,
  status: serverText,
};

export const premiumOrderResponseDataSchema = z.object({ ...orderResponseFields, period: serverText });
export const starOrderResponseDataSchema = z.object({ ...orderResponseFields, count: integer });

const queryResultFields = {
  username: nullable(serverText),
  nickname: nullable(serverText),
  order_id: integer,
  amount: trxNumber,
  price: decimalString,
  pay_status: serverText,
  status: serverText,
  remark: nullable(serverText),
  create_time: nullable(serverText),
};

export const premiumQueryResultDataSchema = z.object({ ...queryResultFields, period: nullable(textOrNumber) });
export const starQueryResultDataSchema = z.object({ ...queryResultFields, count: nullable(integer) });
