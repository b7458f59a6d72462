import { stringify } from 'csv-stringify/sync';
import type { SpendTotal } from './order-history.ts';
import { orderRecord, totalRecord, type OrderRecord, type TotalRecord } from './order-record.ts';
import type { TrackedOrder } from './order-types.ts';

/**
 * The order history as CSV (RFC 4180, written by csv-stringify: quoting,
 * embedded quotes and line breaks, any Unicode), one line per order with the
 * fields of OrderRecord (amounts exact, times ISO 8601 in UTC; tx ids joined
 * by spaces). A field a spreadsheet would run as a formula (text from the
 * service starting with =, +, - or @) is prefixed with a quote mark.
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
] as const satisfies ReadonlyArray<keyof OrderRecord>;

const TOTAL_COLUMNS = ['period', 'orders', 'spent_sun', 'uncertain_sun', 'spent_trx', 'uncertain_trx'] as const satisfies ReadonlyArray<
  keyof TotalRecord
>;

const cell = (value: string | number | string[] | null): string =>
  value === null ? '' : Array.isArray(value) ? value.join(' ') : String(value);

function csv(columns: readonly string[], rows: ReadonlyArray<ReadonlyArray<string>>, header: boolean): string {
  return stringify(
    rows.map((r) => [...r]),
    { header, columns: [...columns], escape_formulas: true, record_delimiter: 'unix' },
  );
}

/** CSV text of `orders`, with the header line when `header` is set. */
export function ordersToCsv(orders: readonly TrackedOrder[], header: boolean): string {
  return csv(
    CSV_COLUMNS,
    orders.map((o) => {
      const record = orderRecord(o);
      return CSV_COLUMNS.map((c) => cell(record[c]));
    }),
    header,
  );
}

/** CSV text of spend totals, header first. */
export function totalsToCsv(totals: readonly SpendTotal[]): string {
  return csv(
    TOTAL_COLUMNS,
    totals.map((t) => {
      const record = totalRecord(t);
      return TOTAL_COLUMNS.map((c) => cell(record[c]));
    }),
    true,
  );
}

/**
 * Writes every order of `orders` as CSV through `write`, a chunk at a time
 * (each awaited, so a large history is never held in memory as one string).
 * Returns how many orders were written.
 */
export async function writeOrdersCsv(
  orders: Iterable<TrackedOrder>,
  write: (chunk: string) => Promise<void>,
  chunkSize = 1_000,
): Promise<number> {
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
