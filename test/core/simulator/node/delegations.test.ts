import { describe, expect, it } from 'vitest';
import { DelegationBook } from '../../../../src/core/simulator/node/delegations.ts';
import { tronAddressFromSeed } from '../../../../src/core/simulator/tron-address.ts';

const TO = tronAddressFromSeed('book-receiver');
const POOL = [0, 1].map((i) => tronAddressFromSeed(`book-pool-${i}`));

const delegation = (ref: string, startsAt: number, endsAt: number, parts = [{ from: POOL[0]!, amount: 40_000 }]) => ({
  ref,
  address: TO,
  resource: 'energy' as const,
  amount: parts.reduce((sum, p) => sum + p.amount, 0),
  startsAt,
  endsAt,
  parts,
});

describe('the delegation book', () => {
  it('keeps an order split over two pools as two parts that end together when reclaimed', () => {
    const book = new DelegationBook(10);
    book.add(delegation('EN1', 1_000, 10_000, [{ from: POOL[0]!, amount: 60_000 }, { from: POOL[1]!, amount: 50_000 }]));
    expect(book.activeAt(5_000).map((r) => [r.ref, r.from, r.amount])).toEqual([
      ['EN1:0', POOL[0], 60_000n],
      ['EN1:1', POOL[1], 50_000n],
    ]);
    book.reclaim('EN1', 6_000);
    expect(book.activeAt(6_000)).toEqual([]);
    expect(book.records().map((r) => [r.endsAt, r.plannedEnd])).toEqual([
      [6_000, 10_000],
      [6_000, 10_000],
    ]);
    expect(book.endedBy(6_000).map((o) => [o.ref, o.amount])).toEqual([['EN1', 110_000n]]);
  });

  it('forgets the oldest ended records beyond its bound, never one still in force, and says up to when blocks are incomplete', () => {
    const book = new DelegationBook(2);
    book.add(delegation('LONG', 0, 1_000_000));
    const short = (i: number): void => {
      book.add(delegation(`S${i}`, i * 100, i * 100 + 50));
      book.settle(`S${i}`);
    };
    for (let i = 1; i <= 3; i++) short(i);
    expect(book.records().map((r) => r.ref)).toEqual(['LONG', 'S1', 'S2', 'S3']);
    short(4); // five records, more than twice the bound: down to two, plus the one in force
    expect(book.records().map((r) => r.ref)).toEqual(['LONG', 'S3', 'S4']);
    expect(book.droppedUntil).toBe(250);
    expect(book.activeAt(900_000).map((r) => r.ref)).toEqual(['LONG']);
  });
});
