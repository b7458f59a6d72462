import { z } from 'zod';
import { ORDER_KINDS, ORDER_STATES, type TrackedOrder } from './order-types.ts';

/**
 * orders.json on disk: `{ version: 1, orders: [...] }` with money as decimal
 * strings of integer SUN (JSON has no bigint, and a float would lose SUN).
 */
export const JOURNAL_VERSION = 1;

const sunText = z.string().regex(/^-?\d{1,40}$/, 'an integer amount of SUN as a decimal string');
const time = z.number().int().nonnegative();

const storedOrder = z.object({
  localId: z.string().min(1),
  kind: z.enum(ORDER_KINDS),
  profileId: z.string(),
  address: z.string(),
  resource: z.enum(['energy', 'net']).nullable(),
  count: z.number().int().nullable(),
  period: z.string().nullable(),
  orderSn: z.string().nullable(),
  orderId: z.number().int().nullable(),
  quotedSun: sunText.nullable(),
  chargedSun: sunText.nullable(),
  createdAt: time,
  updatedAt: time,
  lastPolledAt: time.nullable(),
  attempts: z.number().int().nonnegative(),
  state: z.enum(ORDER_STATES),
  serverStatus: z.string().nullable(),
  txIds: z.array(z.string()),
  error: z.string().nullable(),
  finishedAt: time.nullable(),
  notifiedAt: time.nullable(),
  presetId: z.string().nullable(),
  wouldBurnSun: sunText.nullable().optional(),
});

type StoredOrder = z.infer<typeof storedOrder>;

const journalFile = z
  .object({ version: z.literal(JOURNAL_VERSION), orders: z.array(storedOrder) })
  .refine((file) => new Set(file.orders.map((o) => o.localId)).size === file.orders.length, {
    message: 'two orders share one localId',
  });

const toBig = (text: string | null): bigint | null => (text === null ? null : BigInt(text));
const toText = (sun: bigint | null): string | null => (sun === null ? null : sun.toString());

export function serializeJournal(orders: readonly TrackedOrder[]): string {
  const stored: StoredOrder[] = orders.map(({ wouldBurnSun, ...o }) => ({
    ...o,
    quotedSun: toText(o.quotedSun),
    chargedSun: toText(o.chargedSun),
    ...(wouldBurnSun === undefined || wouldBurnSun === null ? {} : { wouldBurnSun: wouldBurnSun.toString() }),
  }));
  return `${JSON.stringify({ version: JOURNAL_VERSION, orders: stored }, null, 2)}\n`;
}

export type ParsedJournal = { ok: true; orders: TrackedOrder[] } | { ok: false; reason: string };

/** Never throws: a file that is not a valid journal is reported with the reason. */
export function parseJournal(text: string): ParsedJournal {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: text.trim() === '' ? 'the file is empty' : 'the file is not valid JSON (truncated or damaged)' };
  }
  const parsed = journalFile.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first && first.path.length > 0 ? ` at ${first.path.join('.')}` : '';
    return { ok: false, reason: `the file does not have the journal's shape${where}: ${first?.message ?? 'invalid'}` };
  }
  return {
    ok: true,
    orders: parsed.data.orders.map(({ wouldBurnSun, ...o }) => ({
      ...o,
      quotedSun: toBig(o.quotedSun),
      chargedSun: toBig(o.chargedSun),
      ...(wouldBurnSun === undefined || wouldBurnSun === null ? {} : { wouldBurnSun: BigInt(wouldBurnSun) }),
    })),
  };
}
