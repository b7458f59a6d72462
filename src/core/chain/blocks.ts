import { z } from 'zod';
import { JsonNumber } from '../base/http/json-number.ts';

/**
 * Blocks as the full node prints them with `visible: true`
 * (Util.printBlock: `blockID`, `block_header.raw_data` with `number`,
 * `timestamp` and `parentHash`, then `transactions`, each with its
 * `raw_data.contract[]`). Only what following the chain needs is read: the
 * block's place in the chain and the addresses its transactions touch.
 * Block 0 prints no `number` (proto3 leaves zeros out).
 */

export interface ChainBlock {
  number: number;
  /** blockID: the number in its first 8 bytes, then the header's hash. */
  id: string;
  parentId: string;
  /** ms */
  timestamp: number;
  /** Addresses (base58) a transaction in the block sent from, or delegated to, or paid TRX to. */
  touched: string[];
}

const hash32 = z.string().regex(/^[0-9a-fA-F]{64}$/, 'not a 32-byte hash');
/** A whole number a double holds (block numbers, ms): the exact parse hands numbers over as JsonNumber when a hash made it careful. */
const safeWhole = z.unknown().transform((v, ctx): number => {
  const n = v instanceof JsonNumber ? v.value : v;
  if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) return n;
  ctx.addIssue({ code: 'custom', message: 'not a whole number' });
  return z.NEVER;
});

const blockSchema = z.looseObject({
  blockID: hash32,
  block_header: z.looseObject({
    raw_data: z.looseObject({
      number: safeWhole.optional(),
      timestamp: safeWhole,
      parentHash: hash32,
    }),
  }),
  transactions: z.array(z.unknown()).optional(),
});

/**
 * The contract fields naming an account whose energy, bandwidth or TRX the
 * transaction changes: the sender (`owner_address`: it pays), the receiver
 * of a delegation or its end (`receiver_address`), the payee of TRX or a
 * TRC-10 token and the account a creation opens (`to_address`,
 * `account_address`: an address not yet activated may become so).
 */
const TOUCHING_FIELDS = ['owner_address', 'receiver_address', 'to_address', 'account_address'] as const;
const BASE58_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Walks the transactions without a schema per transaction: a busy mainnet block holds hundreds. */
function touchedBy(transactions: readonly unknown[]): string[] {
  const touched = new Set<string>();
  for (const tx of transactions) {
    const raw = isRecord(tx) ? tx['raw_data'] : undefined;
    const contracts = isRecord(raw) ? raw['contract'] : undefined;
    if (!Array.isArray(contracts)) continue;
    for (const contract of contracts) {
      const parameter = isRecord(contract) ? contract['parameter'] : undefined;
      const value = isRecord(parameter) ? parameter['value'] : undefined;
      if (!isRecord(value)) continue;
      for (const field of TOUCHING_FIELDS) {
        const address = value[field];
        if (typeof address === 'string' && BASE58_ADDRESS.test(address)) touched.add(address);
      }
    }
  }
  return [...touched];
}

function toBlock(parsed: z.output<typeof blockSchema>): ChainBlock {
  const raw = parsed.block_header.raw_data;
  return {
    number: raw.number ?? 0,
    id: parsed.blockID.toLowerCase(),
    parentId: raw.parentHash.toLowerCase(),
    timestamp: raw.timestamp,
    touched: touchedBy(parsed.transactions ?? []),
  };
}

/** getnowblock and getblockbynum: one block, or {} when there is none. */
export const oneBlockSchema = z.union([z.strictObject({}).transform(() => null), blockSchema.transform(toBlock)]);

/** getblockbylimitnext: {"block": [...]}, or {} for an empty range. */
export const blockListSchema = z
  .looseObject({ block: z.array(blockSchema.transform(toBlock)).optional() })
  .transform((o) => (o.block ?? []).sort((a, b) => a.number - b.number));

/** The longest block reply taken: a busy mainnet block is a few hundred KB, and a range holds up to 100. */
export const MAX_BLOCK_REPLY_BYTES = 64 * 1024 * 1024;
