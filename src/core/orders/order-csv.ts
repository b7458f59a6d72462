import { stringify } from 'csv-stringify/sync';
import { unitsToDecimalString } from '../base/money.ts';
import type { TrackedOrder } from './order-types.ts';

/**
 * The order history as CSV (RFC 4180, written by csv-stringify: quoting,
 * embedded quotes and line breaks, any Unicode). Amounts are exact: integer
 * SUN and the same as a plain TRX decimal. Times are ISO 8601 in UTC. A field
 * a spreadsheet would run as a formula (text from the service starting with
 * =, +, - or @) is prefixed with a quote mark.
 */
export const CSV_COLUMNS = [
  'created_at',
  'local_id',
  'kind',
  'state',
  'address',
  'resource',
  'count',
  'period',
  'order_sn',
  'order_id',
  'quoted_sun',
  'charged_sun',
  'quoted_trx',
  'charged_trx',
  'tx_ids',
  'server_status',
  'error',
  'finished_at',
  'preset_id',
] as const;

const iso = (ms: number | null): string => (ms === null ? '' : new Date(ms).toISOString());
const sun = (v: bigint | null): string => (v === null ? '' : v.toString());
const trx = (v: bigint | null): string => (v === null ? '' : unitsToDecimalString(v));

function csvRecord(o: TrackedOrder): string[] {
  return [
    iso(o.createdAt),
    o.localId,
    o.kind,
    o.state,
    o.address,
    o.resource ?? '',
    o.count === null ? '' : String(o.count),
    o.period ?? '',
    o.orderSn ?? '',
    o.orderId === null ? '' : String(o.orderId),
    sun(o.quotedSun),
    sun(o.chargedSun),
    trx(o.quotedSun),
    trx(o.chargedSun),
    o.txIds.join(' '),
    o.serverStatus ?? '',
    o.error ?? '',
    iso(o.finishedAt),
    o.presetId ?? '',
  ];
}

/** CSV text of `orders`, with the header line when `header` is set. */
export function ordersToCsv(orders: readonly TrackedOrder[], header: boolean): string {
  return stringify(orders.map(csvRecord), { header, columns: [...CSV_COLUMNS], escape_formulas: true, record_delimiter: 'unix' });
}

/**
 * Writes every order of `orders` as CSV through `write`, a chunk at a time
 * (each awaited, so a large history is never held in memory as one string).
 * Returns how many orders were written.
 */
export async function writeOrdersCsv(orders: Iterable<TrackedOrder>, write: (chunk: string) => Promise<void>, chunkSize = 1_000): Promise<number> {
  let count = 0;
  let chunk: TrackedOrder[] = [];
  const flush = async (): Promise<void> => {
    await write(ordersToCsv(chunk, count === chunk.length));
    chunk = [];
  };
  for (const order of orders) {
    chunk.push(order);
    count++;
    if (chunk.length >= chunkSize) await flush();
  }
  if (chunk.length > 0 || count === 0) await flush();
  return count;
}
