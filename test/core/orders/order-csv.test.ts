import { describe, expect, it } from 'vitest';
import { ordersToCsv, writeOrdersCsv } from '../../../src/core/orders/order-csv.ts';
import { oldRecord } from './journal-helpers.ts';

/** A small RFC 4180 reader for the test: quoted fields, doubled quotes, line breaks inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
    } else field += c;
  }
  return rows;
}

describe('order history as CSV', () => {
  it('quotes commas, quotes and line breaks, keeps Unicode, and defuses formulas', () => {
    const order = oldRecord({
      localId: 'x',
      error: 'Refused, "insufficient" funds\nsecond line — 余额不足 ✓',
      serverStatus: '=HYPERLINK("http://evil")',
      txIds: ['aa', 'bb'],
    });
    const [header, row] = parseCsv(ordersToCsv([order], true));
    const field = (name: string): string => row![header!.indexOf(name)]!;
    expect(field('error')).toBe('Refused, "insufficient" funds\nsecond line — 余额不足 ✓');
    expect(field('server_status')).toBe(`'=HYPERLINK("http://evil")`);
    expect(field('tx_ids')).toBe('aa bb');
    expect(field('created_at')).toBe('2023-11-14T22:13:20.000Z');
  });

  it('writes amounts exactly, in SUN and as TRX, whatever their size', () => {
    const order = oldRecord({ quotedSun: 3_250_001n, chargedSun: 123_456_789_012_345_678_901n });
    const [header, row] = parseCsv(ordersToCsv([order], true));
    const field = (name: string): string => row![header!.indexOf(name)]!;
    expect(field('quoted_sun')).toBe('3250001');
    expect(field('quoted_trx')).toBe('3.250001');
    expect(field('charged_sun')).toBe('123456789012345678901');
    expect(field('charged_trx')).toBe('123456789012345.678901');
  });

  it('streams in chunks with one header line, and writes a header for an empty history', async () => {
    const chunks: string[] = [];
    const orders = Array.from({ length: 5 }, (_, i) => oldRecord({ localId: `o${i}` }));
    expect(await writeOrdersCsv(orders, async (c) => void chunks.push(c), 2)).toBe(5);
    expect(chunks).toHaveLength(3);
    const rows = parseCsv(chunks.join(''));
    expect(rows.map((r) => r[1])).toEqual(['local_id', 'o0', 'o1', 'o2', 'o3', 'o4']);
    const empty: string[] = [];
    expect(await writeOrdersCsv([], async (c) => void empty.push(c))).toBe(0);
    expect(parseCsv(empty.join(''))).toHaveLength(1);
  });
});
