import { problemKey } from '../base/http/reply-problem.ts';
import { z } from 'zod';
import { JsonNumber } from '../base/http/json-number.ts';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INTEGER_TEXT = /^-?\d{1,20}$/;

function fromText(text: string): bigint | undefined {
  if (!INTEGER_TEXT.test(text)) return undefined;
  const value = BigInt(text);
  return value < INT64_MIN || value > INT64_MAX ? undefined : value;
}

/**
 * A protobuf int64 as java-tron's JSON writes it: a JSON number, read exactly
 * from its source text (api/json-number.ts keeps the text of any number that
 * a double could round), so balances beyond 2^53 SUN keep every digit. A
 * decimal string is accepted too: proto3's canonical JSON writes int64 as a
 * string and some gateways follow it. Fractions and values outside int64 are
 * refused, and so is an exponent form a double cannot hold exactly (its
 * source text is only kept for numbers that could have lost digits).
 */
export const int64 = z.unknown().transform((value, ctx): bigint => {
  let result: bigint | undefined;
  if (value instanceof JsonNumber) result = fromText(value.source);
  else if (typeof value === 'number' && Number.isSafeInteger(value)) result = BigInt(value);
  else if (typeof value === 'string') result = fromText(value);
  if (result === undefined) {
    ctx.addIssue({ code: 'custom', message: problemKey('errors:reply.notInt64') });
    return z.NEVER;
  }
  return result;
});

/** An int64 that cannot be negative (balances, limits, usage). */
export const count64 = int64.refine((v) => v >= 0n, { message: problemKey('errors:reply.negative') });

/** proto3 leaves zero values out of the JSON: an absent key means 0. */
export const countOrZero = count64.optional().transform((v) => v ?? 0n);
