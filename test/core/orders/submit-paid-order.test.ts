import { describe, expect, it } from 'vitest';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { JournalWriteError } from '../../../src/core/orders/journal-errors.ts';
import { InvalidOrderIntentError } from '../../../src/core/orders/paid-request.ts';
import { submitPaidOrder } from '../../../src/core/orders/submit-paid-order.ts';
import { SpendLimitError, checkSpendLimit } from '../../../src/core/orders/spend-limit.ts';
import { createFakeApi, FakeApiError, reply } from '../../support/fake-service-api.ts';
import { energyIntent, fastIntent, fixedClock, holdWriteLock, tempDir } from './journal-helpers.ts';

const receipt = { orderSn: 'EN1700000000001', unitPrice: '42', feeSun: null, amountSun: 2_800_000n, balanceSun: null };

describe('submitPaidOrder', () => {
  it('journals the intent before sending, then records the serial and charge', async () => {
    const journal = await OrderJournal.open(await tempDir(), fixedClock());
    const seen: string[] = [];
    const fake = createFakeApi({
      buyEnergy: (request) => {
        seen.push(...journal.list().map((o) => o.state));
        expect(request).toEqual({ address: energyIntent().address, count: 65_000, period: '1h' });
        return reply(receipt);
      },
    });
    const order = await submitPaidOrder({ api: fake.api, journal }, energyIntent());
    expect(seen).toEqual(['submitting']);
    expect(order).toMatchObject({ state: 'running', orderSn: receipt.orderSn, chargedSun: 2_800_000n, quotedSun: 2_750_000n });
    expect(fake.count('buyEnergy')).toBe(1);
  });

  it('records a fast recover order id', async () => {
    const journal = await OrderJournal.open(await tempDir(), fixedClock());
    const fake = createFakeApi({ buyFastRecover: () => reply({ orderId: 77 }) });
    expect(await submitPaidOrder({ api: fake.api, journal }, fastIntent())).toMatchObject({ state: 'running', orderId: 77, kind: 'fast_recover' });
  });

  it('records a definite refusal as failed with the server message', async () => {
    const journal = await OrderJournal.open(await tempDir(), fixedClock());
    const fake = createFakeApi({ buyEnergy: () => Promise.reject(new FakeApiError('rejected', 'Insufficient balance')) });
    const order = await submitPaidOrder({ api: fake.api, journal }, energyIntent());
    expect(order).toMatchObject({ state: 'failed', error: 'Insufficient balance' });
  });

  it.each([
    ['a timeout', new FakeApiError('network', 'The service did not answer in time', true)],
    ['a 5xx', new FakeApiError('server', 'Internal server error', true)],
    ['an unexpected error', new TypeError('boom')],
  ])('records %s as outcome unknown and never resends', async (_name, error) => {
    const journal = await OrderJournal.open(await tempDir(), fixedClock());
    const fake = createFakeApi({ buyEnergy: () => Promise.reject(error) });
    const order = await submitPaidOrder({ api: fake.api, journal }, energyIntent());
    expect(order.state).toBe('outcome_unknown');
    expect(order.error).toContain('outcome unknown — check the service console');
    expect(fake.count('buyEnergy')).toBe(1);
  });

  it('treats an accepted top-up without order id as outcome unknown', async () => {
    const journal = await OrderJournal.open(await tempDir(), fixedClock());
    const fake = createFakeApi({ buyFastRecover: () => reply({ orderId: null }) });
    expect((await submitPaidOrder({ api: fake.api, journal }, fastIntent())).state).toBe('outcome_unknown');
  });

  it('records activation and reclaim as accepted (no query endpoint)', async () => {
    const journal = await OrderJournal.open(await tempDir(), fixedClock());
    const fake = createFakeApi({ activeAccount: () => reply({ txId: 'aa'.repeat(32), orderId: 5 }), reclaimEnergy: () => reply(null) });
    expect(await submitPaidOrder({ api: fake.api, journal }, { kind: 'activation', profileId: 'p', address: 'TAddr' })).toMatchObject({
      state: 'succeeded',
      orderId: 5,
      txIds: ['aa'.repeat(32)],
    });
    expect(await submitPaidOrder({ api: fake.api, journal }, { kind: 'reclaim', profileId: 'p', address: 'TAddr', orderSn: 'EN9' })).toMatchObject({
      state: 'succeeded',
      orderSn: 'EN9',
    });
    expect(fake.calls.find((c) => c.method === 'reclaimEnergy')?.args.slice(0, 2)).toEqual(['EN9', 'TAddr']);
  });

  it('sends nothing when the intent cannot be journaled', async () => {
    const journal = await OrderJournal.open(await tempDir(), fixedClock(), { busyTimeoutMs: 20 });
    const release = holdWriteLock(journal.path);
    const fake = createFakeApi({ buyEnergy: () => reply(receipt) });
    await expect(submitPaidOrder({ api: fake.api, journal }, energyIntent())).rejects.toBeInstanceOf(JournalWriteError);
    release();
    expect(fake.calls).toEqual([]);
  });

  it('rejects an incomplete intent before journaling or sending', async () => {
    const journal = await OrderJournal.open(await tempDir(), fixedClock());
    const fake = createFakeApi();
    await expect(submitPaidOrder({ api: fake.api, journal }, energyIntent({ period: null }))).rejects.toBeInstanceOf(InvalidOrderIntentError);
    expect(journal.list()).toEqual([]);
    expect(fake.calls).toEqual([]);
  });

  it('runs the approval after the client checks and the last check in the write transaction of the intent: one of two orders on the last allowance', async () => {
    const journal = await OrderJournal.open(await tempDir(), fixedClock());
    const fake = createFakeApi({ buyEnergy: () => reply(receipt) });
    const ledger = journal; // the store's query, as the app's and the CLI's limit reads it
    const asked: string[] = [];
    const deps = {
      api: fake.api,
      journal,
      approve: async () => void asked.push('asked'),
      beforeJournal: () => void checkSpendLimit(ledger, 3_000_000n, 2_750_000n, fixedClock().now()),
    };
    const results = await Promise.allSettled([submitPaidOrder(deps, energyIntent()), submitPaidOrder(deps, energyIntent())]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(SpendLimitError);
    expect(asked).toEqual(['asked', 'asked']);
    expect(journal.list()).toHaveLength(1);
    expect(fake.count('buyEnergy')).toBe(1);
  });

  it('journals and sends nothing when the approval is refused', async () => {
    const journal = await OrderJournal.open(await tempDir(), fixedClock());
    const fake = createFakeApi({ buyEnergy: () => reply(receipt) });
    const refused = new Error('not approved');
    await expect(submitPaidOrder({ api: fake.api, journal, approve: () => Promise.reject(refused) }, energyIntent())).rejects.toBe(refused);
    expect(journal.list()).toEqual([]);
    expect(fake.calls).toEqual([]);
  });
});
