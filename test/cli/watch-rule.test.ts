import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FastRecoverOrder, TimedOrderResult } from '../../src/core/api/types.ts';
import { backoffDelayMs, fastProgress, timedProgress, watchTarget } from '../../src/cli/watch-rule.ts';

const timed = (status: string, orders: TimedOrderResult['orders'] = []): TimedOrderResult => ({
  orderSn: 'EN1',
  amountSun: null,
  feeSun: null,
  unitPrice: null,
  period: null,
  status,
  orders,
});

const sub = { fromAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', txId: null, count: 1 };

describe('watch finish rule', () => {
  it('a timed order with delegations has succeeded, whatever its status says', () => {
    fc.assert(
      fc.property(fc.string(), (status) => {
        expect(timedProgress(timed(status, [sub]))).toBe('succeeded');
      }),
    );
  });

  it('without delegations: failure words (any case) fail, anything else keeps running', () => {
    for (const s of ['failed', 'ERROR', 'cancelled', 'Refunded', 'expired', 'delegate_failed']) expect(timedProgress(timed(s))).toBe('failed');
    for (const s of ['pending', 'waiting', 'processing', 'success', '']) expect(timedProgress(timed(s))).toBe('running');
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z_]{0,12}$/), (s) => {
        const expected = /fail|error|cancel|refund|expire/.test(s) ? 'failed' : 'running';
        expect(timedProgress(timed(s))).toBe(expected);
      }),
    );
  });

  it('fast recover: success and failed finish, waiting runs', () => {
    const order = (status: FastRecoverOrder['status']): FastRecoverOrder => ({
      orderId: 1,
      address: sub.fromAddress,
      energyCount: 1,
      unitPrice: null,
      feeSun: null,
      resourceType: 'energy',
      amountSun: null,
      status,
      delegateTxid: null,
      reclaimTxid: null,
      actualRecoverCount: null,
    });
    expect(fastProgress(order('success'))).toBe('succeeded');
    expect(fastProgress(order('failed'))).toBe('failed');
    expect(fastProgress(order('waiting'))).toBe('running');
  });

  it('backs off 2, 3, 5, 8, 13, 21 s, then stays at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map(backoffDelayMs)).toEqual([2, 3, 5, 8, 13, 21, 30, 30, 30].map((s) => s * 1000));
    fc.assert(
      fc.property(fc.nat(1000), (n) => {
        expect(backoffDelayMs(n + 1)).toBeGreaterThanOrEqual(backoffDelayMs(n));
      }),
    );
  });

  it('tells serials from top-up ids', () => {
    expect(watchTarget('EN17000000000000001')).toEqual({ kind: 'timed', orderSn: 'EN17000000000000001' });
    expect(watchTarget('NET17000000000000001')).toEqual({ kind: 'timed', orderSn: 'NET17000000000000001' });
    expect(watchTarget('100001')).toEqual({ kind: 'fast', orderId: 100001 });
    for (const bad of ['', 'EN', 'EN-1', '12a', ' 1']) expect(watchTarget(bad)).toBeNull();
  });
});
