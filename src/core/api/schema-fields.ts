import { problemKey } from '../base/http/reply-problem.ts';
import { z } from 'zod';
import { MAX_SUN, parseDecimalToUnits, plainDecimalToUnits } from '../base/money.ts';
import type { Sun } from '../base/money.ts';
import { JsonNumber } from '../base/http/json-number.ts';
import { cleanServerText } from '../base/http/server-text.ts';

/**
 * Field schemas shared by the response shapes of spec section 2. Each accepts
 * a JsonNumber (from parseJsonBody) or a plain number (objects built in code),
 * and converts money to integer base units from the number's source text.
 * Amounts, prices, balances and counts are checked here, at the parse
 * boundary: never negative, never more than SUN can hold (MAX_SUN). A value
 * out of range makes the answer malformed, so it is never journaled or shown.
 */

const numberLike = z
  .custom<JsonNumber | number>(
    (v) => v instanceof JsonNumber || (typeof v === 'number' && Number.isFinite(v)),
    problemKey('errors:reply.notNumber'),
  )
  .transform((v): JsonNumber => (typeof v === 'number' ? new JsonNumber(v, String(v)) : v));

const notNegative = (n: JsonNumber): boolean => n.value >= 0 && !n.source.startsWith('-');

/** A count, an id or a code: a whole number from 0 to 2^53 - 1. */
export const integer = numberLike
  .refine((n) => Number.isSafeInteger(n.value), problemKey('errors:reply.notInteger'))
  .refine(notNegative, problemKey('errors:reply.negative'))
  .transform((n) => n.value);

/** Text a person may read: control and direction-override characters removed (base/http/server-text.ts). */
export const serverText = z.string().transform((t) => cleanServerText(t));

/** Text that the spec declares as a string but samples also write as a number: its text. */
export const textOrNumber = z.union([
  serverText,
  numberLike.refine(notNegative, problemKey('errors:reply.negative')).transform((n) => n.source),
]);

function toUnits(text: string, ctx: z.RefinementCtx): bigint {
  let units: bigint;
  try {
    units = parseDecimalToUnits(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: problemKey('errors:reply.notDecimal') });
    return z.NEVER;
  }
  if (units < 0n || units > MAX_SUN) {
    ctx.addIssue({ code: 'custom', message: problemKey(units < 0n ? 'errors:reply.belowZero' : 'errors:reply.beyondBalance') });
    return z.NEVER;
  }
  return units;
}

/** TRX (or USDT) as a JSON number (spec "float"). */
export const trxNumber = numberLike.transform((n, ctx): Sun => toUnits(n.source, ctx));
/**
 * TRX (or USDT) as a formatted string; a number is tolerated, the value being
 * unambiguous. One transform that checks and converts, rather than a union
 * of the two readings piped into a conversion: every balance and quote reads
 * this, and each zod step costs a client call more than its parse. Anything
 * else is refused as "expected a decimal amount".
 */
export const trxText = z.transform((v: unknown, ctx): Sun => {
  if (typeof v === 'string') return toUnits(v, ctx);
  if (v instanceof JsonNumber) return toUnits(v.source, ctx);
  if (typeof v === 'number' && Number.isFinite(v)) return toUnits(String(v), ctx);
  ctx.addIssue({ code: 'custom', message: problemKey('errors:reply.notDecimal') });
  return z.NEVER;
});
/** trxText's value for an amount in the service's plain form ("12.5000") within range; undefined for anything else (plain-readers.ts). */
export function plainTrxText(value: unknown): Sun | undefined {
  const units = typeof value === 'string' ? plainDecimalToUnits(value) : undefined;
  return units !== undefined && units <= MAX_SUN ? units : undefined;
}

/** An integer number of SUN. */
export const sunInteger = integer.transform((n): Sun => BigInt(n));

const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/;
/** A display-only decimal (unit prices in SUN may be fractional): kept as text, never negative or beyond MAX_SUN. */
export const decimalString = numberLike
  .refine(notNegative, problemKey('errors:reply.negativePrice'))
  .refine((n) => n.value <= Number(MAX_SUN), problemKey('errors:reply.priceBeyondBalance'))
  .transform((n) => (PLAIN_DECIMAL.test(n.source) ? n.source : String(n.value)));

/** Optional and nullable (spec "nullable", "no"): absent and null both become null. */
export function nullable<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v) => v ?? null);
}
