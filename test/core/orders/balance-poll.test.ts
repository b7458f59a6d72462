import { AuthenticationError } from '../../../src/core/api/errors.ts';
import type { Message } from '../../../src/shared/i18n/message.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TypedEmitter } from '../../../src/core/base/typed-emitter.ts';
import { BalancePoll } from '../../../src/core/orders/balance-poll.ts';
import type { OrderEvents } from '../../../src/core/orders/order-events.ts';
import { createFakeApi, FakeApiError, reply, type Handlers } from '../../support/fake-service-api.ts';
import { FakeTimerClock } from '../../support/fake-timer-clock.ts';
import { schedulerOnFakes, inTurn } from './fake-scheduler-world.ts';
import { tempDir } from './journal-helpers.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

function poll(userInfo: NonNullable<Handlers['userInfo']>, intervalMs = 60_000) {
  const events = new TypedEmitter<OrderEvents>();
  const errors: Array<OrderEvents['pollError']> = [];
  const auth: Message[] = [];
  events.on('pollError', (e) => errors.push(e));
  const clock = new FakeTimerClock();
  const balance = new BalancePoll({
    api: createFakeApi({ userInfo }).api,
    clock,
    events,
    intervalMs,
    lowBalanceThresholdSun: null,
    notificationsEnabled: () => true,
    authFailed: (message) => auth.push(message),
  });
  return { balance, clock, errors, auth };
}

describe('balance polling (BalancePoll)', () => {
  it('backs off on failures, doubling the interval up to five minutes, and resets on an answer', async () => {
    let fail = true;
    const p = poll(() => (fail ? Promise.reject(new FakeApiError('server', 'down')) : reply({ trxSun: 1n, usdtMicros: 0n })), 30_000);
    for (let i = 0; i < 6; i++) await p.balance.poll();
    expect(p.errors.map((e) => e.retryInMs)).toEqual([30_000, 60_000, 120_000, 240_000, 300_000, 300_000]);
    expect(p.errors.every((e) => e.localId === null)).toBe(true);
    fail = false;
    await p.balance.poll();
    expect(p.balance.job).toMatchObject({ consecutiveErrors: 0, dueAt: p.clock.now() + 30_000, lastAt: p.clock.now() });
  });

  it('hands a 401 to the scheduler (pause) and stays due, without counting it as a failure', async () => {
    const refusal = new AuthenticationError({ endpoint: 'user_info', httpStatus: 401, serverMessage: 'bad key' });
    const p = poll(() => Promise.reject(refusal));
    await p.balance.poll();
    // The refusal's own words (a key and values), for the notice and the service banner in the person's language.
    expect(p.auth).toEqual([refusal.text]);
    expect(p.errors).toEqual([]);
    expect(p.balance.job).toMatchObject({ consecutiveErrors: 0, dueAt: p.clock.now() });
  });

  it('counts a new interval from the last answer', async () => {
    const p = poll(() => reply({ trxSun: 1n, usdtMicros: 0n }));
    await p.balance.poll();
    const at = p.clock.now();
    p.balance.setInterval(500);
    expect(p.balance.job.dueAt).toBe(at + 1_000);
    p.balance.setInterval(120_000);
    expect(p.balance.job.dueAt).toBe(at + 120_000);
  });
});

describe('balance polling inside the scheduler', () => {
  it('keeps no timer but the balance interval when nothing is tracked', async () => {
    const h = await schedulerOnFakes(await tempDir(), {}, { balanceIntervalMs: 60_000 });
    h.scheduler.start();
    await h.settle();
    expect(h.clock.armed()).toBe(1);
    expect(vi.getTimerCount()).toBe(1);
    await h.advance(5 * 60_000);
    expect(h.fake.count('userInfo')).toBe(6);
    expect(h.fake.calls.every((c) => c.method === 'userInfo')).toBe(true);
    h.scheduler.setBalanceInterval(120_000);
    await h.advance(5 * 60_000);
    expect(h.fake.count('userInfo')).toBe(8);
    h.scheduler.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('emits lowBalance once per crossing below the threshold', async () => {
    const balances = [5, 4, 20, 3, 2].map((trx) => BigInt(trx) * 1_000_000n);
    const h = await schedulerOnFakes(await tempDir(), { userInfo: inTurn(...balances.map((trxSun) => () => reply({ trxSun, usdtMicros: 0n }))) }, { lowBalanceThresholdSun: 10_000_000n });
    h.scheduler.start();
    await h.advance(4 * 60_000);
    expect(h.events.balance.map((b) => b.trxSun)).toEqual(balances);
    expect(h.events.lowBalance).toEqual([
      { trxSun: 5_000_000n, thresholdSun: 10_000_000n },
      { trxSun: 3_000_000n, thresholdSun: 10_000_000n },
    ]);
  });
});
