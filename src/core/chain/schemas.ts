import { problemKey } from '../base/http/reply-problem.ts';
import { z } from 'zod';
import { countOrZero, int64 } from './int64.ts';

/**
 * Reply shapes of the four full-node endpoints, from the TRON HTTP API
 * reference (tronprotocol/documentation-en, docs/api/http/…; java-tron's
 * servlets named there). java-tron writes protobuf messages as JSON and
 * leaves out fields holding their zero value, so every counter is optional
 * and absent means 0. Unknown fields are allowed: nodes add fields over time.
 */

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The reply's key count beside its fields: the schema fills absent counters
 * with 0, so only the raw reply can tell `{}` (no such account) apart.
 */
function withKeyCount<S extends z.ZodType>(fields: S) {
  return z.preprocess(
    (raw) => (isPlainObject(raw) ? { keys: Object.keys(raw).length, fields: raw } : raw),
    z.object({ keys: z.number(), fields }),
  );
}

/**
 * /wallet/getaccountresource → api.AccountResourceMessage (account/getaccountresource.md):
 * freeNetUsed/freeNetLimit (free bandwidth), NetUsed/NetLimit (staked or
 * delegated bandwidth), EnergyUsed/EnergyLimit. "Returns {} if the account
 * does not exist" — hence the key count is kept (`keys`) to tell an
 * unactivated account from one whose counters are all zero.
 */
export const accountResourceSchema = withKeyCount(
  z.looseObject({
    freeNetUsed: countOrZero,
    freeNetLimit: countOrZero,
    NetUsed: countOrZero,
    NetLimit: countOrZero,
    EnergyUsed: countOrZero,
    EnergyLimit: countOrZero,
  }),
).transform(({ keys, fields: o }) => ({
  keys,
  freeNetUsed: o.freeNetUsed,
  freeNetLimit: o.freeNetLimit,
  netUsed: o.NetUsed,
  netLimit: o.NetLimit,
  energyUsed: o.EnergyUsed,
  energyLimit: o.EnergyLimit,
}));
export type AccountResourceReply = z.output<typeof accountResourceSchema>;

const windowOptimized = z.boolean().optional().transform((v) => v ?? false);

/**
 * /wallet/getaccount → protocol.Account (account/getaccount.md): `balance` in
 * SUN (int64), `create_time` in ms. "Returns {} if … the account does not exist."
 * Also the usage counters as java-tron's Wallet.getAccount leaves them: each
 * usage recovered to the head block, its latest_consume_time turned into ms
 * (genesis timestamp + 3000 × slot), and its window in slots, ×1000 when
 * `…_window_optimized` (AccountCapsule.getWindowSizeV2). Energy's are inside
 * `account_resource`; free bandwidth keeps the fixed 24-hour window.
 */
export const accountSchema = withKeyCount(
  z.looseObject({
    address: z.string().optional(),
    balance: countOrZero,
    create_time: int64.optional(),
    net_usage: countOrZero,
    latest_consume_time: countOrZero,
    net_window_size: countOrZero,
    net_window_optimized: windowOptimized,
    free_net_usage: countOrZero,
    latest_consume_free_time: countOrZero,
    account_resource: z
      .looseObject({
        energy_usage: countOrZero,
        latest_consume_time_for_energy: countOrZero,
        energy_window_size: countOrZero,
        energy_window_optimized: windowOptimized,
      })
      .optional(),
  }),
).transform(({ keys, fields: o }) => ({
  keys,
  balanceSun: o.balance,
  createTime: o.create_time,
  net: { used: o.net_usage, consumedAtMs: o.latest_consume_time, window: o.net_window_size, optimized: o.net_window_optimized },
  freeNet: { used: o.free_net_usage, consumedAtMs: o.latest_consume_free_time, window: 0n, optimized: false },
  energy: {
    used: o.account_resource?.energy_usage ?? 0n,
    consumedAtMs: o.account_resource?.latest_consume_time_for_energy ?? 0n,
    window: o.account_resource?.energy_window_size ?? 0n,
    optimized: o.account_resource?.energy_window_optimized ?? false,
  },
}));
export type AccountReply = z.output<typeof accountSchema>;

const hexBytes = z.string().regex(/^(?:[0-9a-fA-F]{2})*$/, problemKey('errors:reply.notHex'));

/**
 * /wallet/triggerconstantcontract → api.TransactionExtention
 * (smart-contract/triggerconstantcontract.md): `constant_result` (hex return
 * data, or the ABI-encoded revert reason), `result` {result, code, message},
 * `energy_used` ("Total energy consumption, including basic and penalty
 * energy consumption", developers.tron.network/reference/triggerconstantcontract)
 * and `energy_penalty`. A revert keeps result.result=true and marks
 * transaction.ret[0].ret = "FAILED"; validation errors set result.result
 * false with code CONTRACT_VALIDATE_ERROR or OTHER_ERROR.
 */
export const constantCallSchema = z.looseObject({
  result: z.looseObject({ result: z.boolean().optional(), code: z.string().optional(), message: z.string().optional() }).optional(),
  energy_used: countOrZero,
  energy_penalty: countOrZero,
  constant_result: z.array(hexBytes).optional(),
  transaction: z.looseObject({ ret: z.array(z.looseObject({ ret: z.string().optional() })).optional() }).optional(),
});
export type ConstantCallReply = z.output<typeof constantCallSchema>;

/**
 * /wallet/getchainparameters → protocol.ChainParameters
 * (network-information/getchainparameters.md): `chainParameter` is a list of
 * {key, value}; a parameter whose value is 0 comes without `value`.
 */
export const chainParametersSchema = z.looseObject({
  chainParameter: z.array(z.looseObject({ key: z.string(), value: int64.optional() })),
});
export type ChainParametersReply = z.output<typeof chainParametersSchema>;
