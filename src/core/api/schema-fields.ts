import { z } from 'zod';
import { parseDecimalToUnits } from '../base/money.ts';
import type { Sun } from '../base/money.ts';
import { JsonNumber } from '../base/http/json-number.ts';

/**
 * Field schemas shared by the response shapes of spec section 2. Each accepts
 * a JsonNumber (from parseJsonBody) or a plain number (objects built in code),
 * and converts money to integer base units from the number's source text.
 */

const numberLike = z
  .custom<JsonNumber | number>(
    (v) => v instanceof JsonNumber || (typeof v === 'number' && Number.isFinite(v)),
    'expected a number',
  )
  .transform((v): JsonNumber => (typeof v === 'number' ? new JsonNumber(v, String(v)) : v));

export const integer = numberLike.refine((n) => Number.isSafeInteger(n.value), 'expected an integer').transform((n) => n.value);

/** Text that the spec declares as a string but samples also write as a number: its text. */
export const textOrNumber = z.union([z.string(), numberLike.transform((n) => n.source)]);

function toUnits(text: string, ctx: z.RefinementCtx): bigint {
  try {
    return parseDecimalToUnits(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'expected a decimal amount' });
    return z.NEVER;
  }
}

/** TRX (or USDT) as a JSON number (spec "float"). */
export const trxNumber = numberLike.transform((n, ctx): Sun => toUnits(n.source, ctx));
/** TRX (or USDT) as a formatted string; a number is tolerated, the value being unambiguous. */
export const trxText = textOrNumber.transform((t, ctx): Sun => toUnits(t, ctx));
/** An integer number of SUN. */
export const sunInteger = integer.transform((n): Sun => BigInt(n));

const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;
/** A display-only decimal (unit prices in SUN may be fractional): kept as text. */
export const decimalString = numberLike.transform((n) => (PLAIN_DECIMAL.test(n.source) ? n.source : String(n.value)));

/** Optional and nullable (spec "nullable", "no"): absent and null both become null. */
export function nullable<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v) => v ?? null);
}
