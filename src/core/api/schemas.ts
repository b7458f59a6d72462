import { z } from 'zod';
import type {
  Activation,
  FastRecoverOrder,
  FastRecoverPrice,
  FastRecoverReceipt,
  ResourcePrice,
  SmartModePrices,
  SmartPrice,
  SubOrder,
  TimedOrderReceipt,
  TimedOrderResult,
  UserInfo,
} from './types.ts';
import { cleanServerText } from '../base/http/server-text.ts';
import {
  decimalString,
  integer,
  nullable,
  plainTrxText,
  serverText,
  sunInteger,
  textOrNumber,
  trxNumber,
  trxText,
} from './schema-fields.ts';
import { withPlainReader } from './plain-readers.ts';

/**
 * zod schemas for the response shapes of the eleven specified endpoints (spec
 * sections 2.1 to 2.5), each converting to the domain type of types.ts.
 * Unknown extra fields are stripped (the raw data travels in Reply.raw);
 * missing required fields fail the parse. Strings are cleaned for display
 * (serverText); amounts and counts are range-checked (schema-fields.ts).
 * The shapes whose endpoints are not shown are in schemas-unlisted.ts.
 */

/** Section 2.1. `time` is a string; a number is tolerated. */
export const envelopeSchema = z.object({
  code: integer,
  msg: z.string(),
  time: textOrNumber,
  data: z.unknown().optional(),
});
export type Envelope = z.output<typeof envelopeSchema>;

/** The balance, read on every poll: its usual answer (two amounts as text) is read without zod (plain-readers.ts). */
export const userInfoSchema = withPlainReader(
  z
    .object({ balance_trx: trxText, balance_usdt: trxText })
    .transform((d): UserInfo => ({ trxSun: d.balance_trx, usdtMicros: d.balance_usdt })),
  (data): UserInfo | undefined => {
    if (typeof data !== 'object' || data === null) return undefined;
    const { balance_trx: trx, balance_usdt: usdt } = data as Record<string, unknown>;
    const trxSun = plainTrxText(trx);
    const usdtMicros = plainTrxText(usdt);
    return trxSun === undefined || usdtMicros === undefined ? undefined : { trxSun, usdtMicros };
  },
);

export const activationSchema = z
  .object({ tx_id: serverText, order_id: integer })
  .transform((d): Activation => ({ txId: d.tx_id, orderId: d.order_id }));

/** EnergyOrderResponseData and NetOrderResponseData have the same fields. */
/**
 * A paid order's receipt: once order_sn is there the order exists, so a side
 * field in an unexpected form (text for a number, garbage in the balance that
 * "may be inaccurate") becomes null instead of hiding the order behind a
 * malformed-response error.
 */
export const timedOrderReceiptSchema = z
  .object({
    order_sn: z
      .string()
      .min(1)
      .transform((t) => cleanServerText(t)),
    price: nullable(textOrNumber).catch(null),
    fee: nullable(trxText).catch(null),
    amount: nullable(trxText).catch(null),
    balance: nullable(trxText).catch(null),
  })
  .transform(
    (d): TimedOrderReceipt => ({
      orderSn: d.order_sn,
      unitPrice: d.price,
      feeSun: d.fee,
      amountSun: d.amount,
      balanceSun: d.balance,
    }),
  );

const subOrderSchema = z
  .object({ from_address: serverText, tx_id: nullable(serverText), count: integer })
  .transform((o): SubOrder => ({ fromAddress: o.from_address, txId: o.tx_id, count: o.count }));

const queryResultFields = {
  order_sn: serverText,
  amount: nullable(trxNumber),
  price: nullable(decimalString),
  fee: nullable(trxNumber),
  status: serverText,
};

function toTimedOrderResult(
  d: z.output<z.ZodObject<typeof queryResultFields>> & { period: string | null; orders: SubOrder[] },
): TimedOrderResult {
  return {
    orderSn: d.order_sn,
    amountSun: d.amount,
    feeSun: d.fee,
    unitPrice: d.price,
    period: d.period,
    status: d.status,
    orders: d.orders,
  };
}

/**
 * query_result has two shapes and the spec does not say what selects one:
 * QueryResultDataSuccess (period required, sub-orders present) and
 * QueryResultDataFailed (failed or unfinished: period nullable, orders empty).
 */
export const timedOrderResultSchema = z.union([
  z.object({ ...queryResultFields, period: serverText, orders: z.array(subOrderSchema).min(1) }).transform(toTimedOrderResult),
  z
    .object({ ...queryResultFields, period: nullable(serverText), orders: z.array(z.unknown()).max(0) })
    .transform((d) => toTimedOrderResult({ ...d, orders: [] })),
]);

export const resourcePriceSchema = z
  .object({ price: sunInteger, amount: trxText, fee: trxText, remark: serverText })
  .transform((d): ResourcePrice => ({ unitPriceSun: d.price, amountSun: d.amount, feeSun: d.fee, remark: d.remark }));

/** `remark` is in the spec's required list but not defined: optional (section 2.4). */
export const fastRecoverPriceSchema = z
  .object({ price: sunInteger, amount: trxText, fee: trxText, remark: nullable(serverText) })
  .transform((d): FastRecoverPrice => ({ unitPriceSun: d.price, amountSun: d.amount, feeSun: d.fee, remark: d.remark }));

/** buy_fast_recover: `order_id` is not marked required, and the data object may be null. */
export const fastRecoverReceiptSchema = nullable(z.object({ order_id: nullable(integer) })).transform(
  (d): FastRecoverReceipt => ({ orderId: d?.order_id ?? null }),
);

export const fastRecoverOrderSchema = z
  .object({
    order_id: integer,
    address: serverText,
    energy_count: integer,
    price: nullable(decimalString),
    fee: nullable(trxNumber),
    resource_type: z.enum(['energy', 'net']),
    amount: nullable(trxNumber),
    status: z.enum(['waiting', 'success', 'failed']),
    delegate_txid: nullable(serverText),
    reclaim_txid: nullable(serverText),
    actual_recover_count: nullable(integer),
  })
  .transform(
    (d): FastRecoverOrder => ({
      orderId: d.order_id,
      address: d.address,
      energyCount: d.energy_count,
      unitPrice: d.price,
      feeSun: d.fee,
      resourceType: d.resource_type,
      amountSun: d.amount,
      status: d.status,
      delegateTxid: d.delegate_txid,
      reclaimTxid: d.reclaim_txid,
      actualRecoverCount: d.actual_recover_count,
    }),
  );

/** Mode objects: every field a nullable string, lower-case k; samples use numbers for some. */
const smartModeSchema = z
  .object({
    '65k_price': nullable(trxText),
    '131k_price': nullable(trxText),
    deposit_period: nullable(textOrNumber),
    deposit_amount: nullable(trxText),
    min_energy_count: nullable(textOrNumber),
  })
  .transform(
    (d): SmartModePrices => ({
      price65kSun: d['65k_price'],
      price131kSun: d['131k_price'],
      depositPeriodHours: d.deposit_period,
      depositAmountSun: d.deposit_amount,
      minEnergyCount: d.min_energy_count,
    }),
  );

/** Top-level keys with an upper-case K (section 2.5). */
export const smartPriceSchema = z
  .object({
    '65K_price': trxText,
    '131K_price': trxText,
    remark: nullable(serverText),
    high_frequency: nullable(smartModeSchema),
    jisu_frequency: nullable(smartModeSchema),
    guangsu_frequency: nullable(smartModeSchema),
  })
  .transform(
    (d): SmartPrice => ({
      price65kSun: d['65K_price'],
      price131kSun: d['131K_price'],
      remark: d.remark,
      high: d.high_frequency,
      jisu: d.jisu_frequency,
      guangsu: d.guangsu_frequency,
    }),
  );

/** reclaim_energy: envelope only; whatever data holds is ignored (it stays in Reply.raw). */
export const nullDataSchema = z.unknown().transform((): null => null);
