import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { classifyFastRecover, classifyTimedResult, statusReadsAsFailure } from '../../../src/core/orders/status-policy.ts';
import { fastRecoverOrder, timedResult } from '../../support/fake-service-api.ts';

const FAILURE_WORDS = ['fail', 'error', 'cancel', 'refund', 'expire'];
const subOrder = fc.record({ fromAddress: fc.string(), txId: fc.option(fc.stringMatching(/^[0-9a-f]{64}$/)), count: fc.nat() });
const mixedCase = (word: string) =>
  fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }).map((upper) =>
    [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''),
  );
const failureStatus = fc
  .tuple(fc.string(), fc.constantFrom(...FAILURE_WORDS).chain(mixedCase), fc.string())
  .map(([a, w, b]) => `${a}${w}${b}`);
const neutralStatus = fc.string().filter((s) => !FAILURE_WORDS.some((w) => s.toLowerCase().includes(w)));

describe('query_result classification', () => {
  it('a non-empty orders array is success, whatever the status says', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(subOrder, { minLength: 1, maxLength: 5 }), (status, orders) => {
        const verdict = classifyTimedResult(timedResult('EN1', status, orders));
        expect(verdict.state).toBe('succeeded');
        expect(verdict.txIds).toEqual(orders.flatMap((o) => (o.txId ? [o.txId] : [])));
      }),
    );
  });

  it('with no orders, a status containing a failure word (any case) is a failure', () => {
    fc.assert(fc.property(failureStatus, (status) => classifyTimedResult(timedResult('EN1', status)).state === 'failed'));
  });

  it('with no orders and no failure word, the order is still running', () => {
    fc.assert(fc.property(neutralStatus, (status) => classifyTimedResult(timedResult('EN1', status)).state === 'running'));
  });

  it.each([
    ['FAILED', true],
    ['delegate_failed', true],
    ['Cancelled', true],
    ['refunded', true],
    ['EXPIRED', true],
    ['system error', true],
    ['success', false],
    ['pending', false],
    ['', false],
  ] as const)('%j reads as failure: %s', (status, failed) => {
    expect(statusReadsAsFailure(status)).toBe(failed);
  });

  it('keeps the server status and amount', () => {
    const verdict = classifyTimedResult(timedResult('EN1', 'processing', [], 1_500_000n));
    expect(verdict).toEqual({ state: 'running', serverStatus: 'processing', txIds: [], chargedSun: 1_500_000n });
  });
});

describe('fast recover classification', () => {
  it.each([
    ['waiting', 'running'],
    ['success', 'succeeded'],
    ['failed', 'failed'],
  ] as const)('%s → %s', (status, state) => {
    expect(classifyFastRecover(fastRecoverOrder(7, status, 'ff'.repeat(32)))).toMatchObject({ state, serverStatus: status, txIds: ['ff'.repeat(32)] });
  });
});
