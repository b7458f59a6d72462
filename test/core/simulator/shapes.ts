import { z } from 'zod';

/** Spec section 2 shapes, written from the spec for the simulator's tests. */

const unixSecondsText = z.string().regex(/^\d+$/);
const trx4 = z.string().regex(/^\d+\.\d{4}$/);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const tAddress = z.string().regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);

export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.strictObject({ code: z.literal(1), msg: z.string(), time: unixSecondsText, data });

export const errorEnvelope = z.strictObject({ code: z.literal(0), msg: z.string().min(1), time: unixSecondsText, data: z.null() });

export const userInfo = z.strictObject({ balance_trx: trx4, balance_usdt: trx4 });
export const activation = z.strictObject({ tx_id: z.string(), order_id: z.number().int() });
export const timedReceipt = z.strictObject({
  order_sn: z.string(),
  price: z.number(),
  fee: z.number(),
  amount: z.number(),
  balance: z.number(),
});
const subOrder = z.strictObject({ from_address: tAddress, tx_id: hex64, count: z.number().int().positive() });
export const queryResultSuccess = z.strictObject({
  order_sn: z.string(),
  amount: z.number(),
  price: z.number(),
  fee: z.number(),
  period: z.string(),
  status: z.string(),
  orders: z.array(subOrder).min(1),
});
export const queryResultFailed = queryResultSuccess.extend({ orders: z.array(z.never()).length(0) });
export const resourcePrice = z.strictObject({ price: z.number().int(), amount: trx4, fee: trx4, remark: z.string() });
export const fastRecoverPrice = z.strictObject({ price: z.number().int(), amount: trx4, fee: trx4, remark: z.string().optional() });
export const fastRecoverReceipt = z.strictObject({ order_id: z.number().int().positive() });
export const fastRecoverOrder = z.strictObject({
  order_id: z.number().int(),
  address: tAddress,
  energy_count: z.number().int(),
  price: z.number().nullable(),
  fee: z.number().nullable(),
  resource_type: z.enum(['energy', 'net']),
  amount: z.number().nullable(),
  status: z.enum(['waiting', 'success', 'failed']),
  delegate_txid: hex64.nullable(),
  reclaim_txid: z.string().nullable(),
  actual_recover_count: z.number().int().nullable(),
});
const smartMode = (value: z.ZodType) =>
  z.strictObject({
    '65k_price': trx4,
    '131k_price': trx4,
    deposit_period: z.string(),
    deposit_amount: value,
    min_energy_count: value,
  });
export const smartPrice = (value: z.ZodType = z.string()) =>
  z.strictObject({
    '65K_price': trx4,
    '131K_price': trx4,
    remark: z.string().nullable(),
    high_frequency: smartMode(value),
    jisu_frequency: smartMode(value),
    guangsu_frequency: smartMode(value),
  });

export const ORDER_SN = { energy: /^EN\d{13}\d{4,6}$/, net: /^NET\d{13}\d{4,6}$/ };
