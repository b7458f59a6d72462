import { z } from 'zod';
import { ORDER_KINDS, ORDER_STATES, type TrackedOrder } from './order-types.ts';

/**
 * orders.json, the journal of earlier versions: `{ version: 1, orders: [...] }`
 * with money as decimal strings of integer SUN. Read once, to import it into
 * the database (json-journal-import.ts); written only by tests and by older
 * versions of the app.
 */
export const JOURNAL_VERSION = 1;

/** Any integer the old writer could write (it wrote bigint.toString(), whatever the size). */
const sunText = z.string().regex(/^-?\d{1,100}$/, 'an integer amount of SUN as a decimal string');
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
  /** Written by versions with wallets (saved vs burned); absent in older files. */
  wouldBurnSun: sunText.nullable().optional(),
});

type StoredOrder = z.infer<typeof storedOrder>;

const journalFile = z.object({ version: z.literal(JOURNAL_VERSION), orders: z.array(z.unknown()) });

const toBig = (text: string | null): bigint | null => (text === null ? null : BigInt(text));
const toText = (sun: bigint | null): string | null => (sun === null ? null : sun.toString());

export function serializeJournal(orders: readonly TrackedOrder[]): string {
  const stored: StoredOrder[] = orders.map((o) => ({
    localId: o.localId,
    kind: o.kind,
    profileId: o.profileId,
    address: o.address,
    resource: o.resource,
    count: o.count,
    period: o.period,
    orderSn: o.orderSn,
    orderId: o.orderId,
    quotedSun: toText(o.quotedSun),
    chargedSun: toText(o.chargedSun),
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    lastPolledAt: o.lastPolledAt,
    attempts: o.attempts,
    state: o.state,
    serverStatus: o.serverStatus,
    txIds: o.txIds,
    error: o.error,
    finishedAt: o.finishedAt,
    notifiedAt: o.notifiedAt,
    presetId: o.presetId,
    ...(o.wouldBurnSun === undefined || o.wouldBurnSun === null ? {} : { wouldBurnSun: o.wouldBurnSun.toString() }),
  }));
  return `${JSON.stringify({ version: JOURNAL_VERSION, orders: stored }, null, 2)}\n`;
}

/** A record that could not be read, with why: set aside on its own. */
export interface RejectedRecord {
  record: unknown;
  reason: string;
}

/**
 * `ok: false` when the file as a whole is not a journal (not JSON, truncated,
 * another version): it is quarantined as a whole. Otherwise each record is
 * read on its own: the readable ones are `orders`, the others `rejected` with
 * their reason (one damaged record never costs the others).
 */
export type ParsedJournal = { ok: true; orders: TrackedOrder[]; rejected: RejectedRecord[] } | { ok: false; reason: string };

function issueText(error: z.ZodError, prefix: string): string {
  const first = error.issues[0];
  const where = first && first.path.length > 0 ? ` at ${[prefix, ...first.path].join('.')}` : '';
  return `${where.trimStart() || prefix}: ${first?.message ?? 'invalid'}`;
}

/** Never throws. */
export function parseJournal(text: string): ParsedJournal {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: text.trim() === '' ? 'the file is empty' : 'the file is not valid JSON (truncated or damaged)' };
  }
  const file = journalFile.safeParse(json);
  if (!file.success) return { ok: false, reason: `the file does not have the journal's shape ${issueText(file.error, 'file')}` };
  const orders: TrackedOrder[] = [];
  const rejected: RejectedRecord[] = [];
  const seen = new Set<string>();
  file.data.orders.forEach((record, index) => {
    const parsed = storedOrder.safeParse(record);
    if (!parsed.success) {
      rejected.push({ record, reason: issueText(parsed.error, `orders.${index}`) });
    } else if (seen.has(parsed.data.localId)) {
      rejected.push({ record, reason: `orders.${index}: a second record with the id ${parsed.data.localId}` });
    } else {
      seen.add(parsed.data.localId);
      const { wouldBurnSun, ...order } = parsed.data;
      orders.push({
        ...order,
        quotedSun: toBig(order.quotedSun),
        chargedSun: toBig(order.chargedSun),
        ...(wouldBurnSun === undefined || wouldBurnSun === null ? {} : { wouldBurnSun: BigInt(wouldBurnSun) }),
      });
    }
  });
  return { ok: true, orders, rejected };
}
