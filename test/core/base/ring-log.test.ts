import { describe, expect, it } from 'vitest';
import { RingLog } from '../../../src/core/base/ring-log.ts';

describe('RingLog', () => {
  it('keeps the last `capacity` items, oldest first', () => {
    const log = new RingLog<number>(3);
    expect(log.toArray()).toEqual([]);
    for (let i = 1; i <= 7; i++) log.push(i);
    expect(log.size).toBe(3);
    expect(log.toArray()).toEqual([5, 6, 7]);
    log.push(8);
    expect(log.toArray()).toEqual([6, 7, 8]);
  });

  it('copies: the caller cannot change what it holds', () => {
    const log = new RingLog<number>(2);
    log.push(1);
    log.toArray().push(99);
    expect(log.toArray()).toEqual([1]);
  });
});
