import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/core/api/client.ts';
import type { ApiClientOptions } from '../../../src/core/api/client.ts';
import { ENDPOINTS } from '../../../src/core/api/endpoints.ts';
import type { EndpointName } from '../../../src/core/api/endpoints.ts';
import type {
  ApiError} from '../../../src/core/api/errors.ts';
import {
  AuthenticationError,
  ForbiddenError,
  InvalidInputError,
  MalformedResponseError,
  NetworkError,
  NotFoundError,
  RejectedError,
  ServerError,
} from '../../../src/core/api/errors.ts';
import { startSimulator, ACTIVATION_FEE_SUN, quoteFastRecover, quoteTimed, SMART_PRICE } from '../../../src/core/simulator/index.ts';
import type { Simulator, SimUser } from '../../../src/core/simulator/index.ts';
import { ADDRESS_A, ADDRESS_B, fakeClock } from '../simulator/sim-http.ts';

/**
 * The real client against the real simulator over loopback HTTP: what the
 * app and the CLI do, end to end, with the simulator's clock shared with the
 * client's so order progress is driven by the test.
 */

const ALICE: SimUser = { apiKey: 'contract-alice-key', secret: 'contract-alice-secret', trxSun: 500_000_000n, usdtMicros: 25_500_000n };
const BOB: SimUser = { apiKey: 'contract-bob-key', secret: 'contract-bob-secret', trxSun: 100_000_000n, usdtMicros: 0n };
const ORDER_MS = 5_000;
const UNACTIVATED = ADDRESS_B;

let sim: Simulator;
let clock: ReturnType<typeof fakeClock>;
const clients: ApiClient[] = [];

function clientFor(user: SimUser = ALICE, over: Partial<ApiClientOptions> = {}): ApiClient {
  const client = new ApiClient({
    baseUrl: sim.baseUrl,
    apiKey: user.apiKey,
    secret: user.secret,
    now: clock.now,
    random: () => 0,
    sleep: async () => {},
    timeoutMs: 10_000,
    ...over,
  });
  clients.push(client);
  return client;
}

beforeEach(async () => {
  // Whole seconds, so the server time text (whole seconds) gives the exact offset.
  clock = fakeClock(Math.floor(Date.now() / 1000) * 1000);
  sim = await startSimulator({
    users: [ALICE, BOB],
    now: clock.now,
    timing: { timedOrderMs: ORDER_MS, fastRecoverMs: ORDER_MS, reclaimMs: ORDER_MS, activationMs: ORDER_MS },
    unactivated: [UNACTIVATED],
  });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await sim.close();
});

/** The rejection of a call that must fail (undefined when it succeeded). */
const caught = (call: Promise<unknown>): Promise<unknown> =>
  call.then(
    () => undefined,
    (e: unknown) => e,
  );

const balance = (user: SimUser = ALICE): bigint => sim.balanceOf(user.apiKey).trxSun;

describe('contract: every endpoint succeeds with the values the simulator holds', () => {
  it('user_info', async () => {
    const { data, raw } = await clientFor().userInfo();
    expect(data).toEqual({ trxSun: 500_000_000n, usdtMicros: 25_500_000n });
    expect(raw).toEqual({ balance_trx: '500.0000', balance_usdt: '25.5000' });
  });

  it('active_account charges the activation fee', async () => {
    const { data } = await clientFor().activeAccount(UNACTIVATED);
    expect(data.txId).toBe('');
    expect(Number.isSafeInteger(data.orderId)).toBe(true);
    expect(balance()).toBe(500_000_000n - ACTIVATION_FEE_SUN);
  });

  it('query_price: 65,000 energy for 1h costs 3,250,000 SUN; buy_energy charges exactly that', async () => {
    const client = clientFor();
    const price = await client.queryPrice({ type: 'energy', count: 65_000, period: '1h' });
    expect(price.data).toEqual({ unitPriceSun: 50n, amountSun: 3_250_000n, feeSun: 0n, remark: 'no extra fee' });
    const { data } = await client.buyEnergy({ address: ADDRESS_A, count: 65_000, period: '1h' });
    expect(data.orderSn).toMatch(/^EN\d+$/);
    expect(data.amountSun).toBe(3_250_000n);
    expect(data.feeSun).toBe(0n);
    expect(data.unitPrice).toBe('50');
    expect(data.balanceSun).toBe(496_750_000n);
    expect(balance()).toBe(500_000_000n - 3_250_000n);
  });

  it('buy_net with the small-order fee, then query_result from pending to success to reclaim', async () => {
    const client = clientFor();
    const quote = quoteTimed('net', 500, '1day')!;
    expect(quote.feeSun).toBeGreaterThan(0n);
    const { data: receipt } = await client.buyNet({ address: ADDRESS_A, count: 500, period: '1day' });
    expect(receipt.orderSn).toMatch(/^NET\d+$/);
    expect(receipt.amountSun).toBe(quote.amountSun);
    expect(receipt.feeSun).toBe(quote.feeSun);
    expect(balance()).toBe(500_000_000n - quote.amountSun);

    const pending = await client.queryResult(receipt.orderSn);
    expect(pending.data).toMatchObject({ orderSn: receipt.orderSn, status: 'pending', orders: [], period: '1day', amountSun: quote.amountSun });

    clock.advance(ORDER_MS);
    const done = await client.queryResult(receipt.orderSn);
    expect(done.data.status).toBe('success');
    expect(done.data.orders).toHaveLength(1);
    expect(done.data.orders[0]).toMatchObject({ count: 500, txId: expect.stringMatching(/^[0-9a-f]{64}$/) });

    const reclaimed = await client.reclaimEnergy(receipt.orderSn, ADDRESS_A);
    expect(reclaimed).toEqual({ data: null, raw: null });
    expect((await client.queryResult(receipt.orderSn)).data.status).toBe('reclaiming');
  });

  it('query_fast_recover_price, buy_fast_recover and query_fast_recover_order from waiting to success', async () => {
    const client = clientFor();
    const quote = quoteFastRecover('energy', 40_000);
    const price = await client.queryFastRecoverPrice('energy', 40_000);
    expect(price.data).toEqual({ unitPriceSun: quote.unitPriceSun, amountSun: quote.amountSun, feeSun: 0n, remark: 'no extra fee' });
    const { data: receipt } = await client.buyFastRecover({ address: ADDRESS_A, count: 40_000, resourceType: 'energy' });
    expect(receipt.orderId).toEqual(expect.any(Number));
    expect(balance()).toBe(500_000_000n - quote.amountSun);
    const orderId = receipt.orderId!;
    const waiting = await client.queryFastRecoverOrder(orderId);
    expect(waiting.data).toMatchObject({ orderId, status: 'waiting', energyCount: 40_000, resourceType: 'energy', actualRecoverCount: null });
    clock.advance(ORDER_MS);
    const done = await client.queryFastRecoverOrder(orderId);
    expect(done.data).toMatchObject({ status: 'success', actualRecoverCount: 40_000, amountSun: quote.amountSun, address: ADDRESS_A });
  });

  it('get_smart_price', async () => {
    const { data } = await clientFor().getSmartPrice();
    expect(data.price65kSun).toBe(SMART_PRICE.price65kSun);
    expect(data.price131kSun).toBe(SMART_PRICE.price131kSun);
    expect(data.guangsu?.depositAmountSun).toBe(SMART_PRICE.guangsu.depositAmountSun);
    expect(data.high?.price65kSun).toBe(SMART_PRICE.high.price65kSun);
  });
});

describe('contract: real refusals of the simulator', () => {
  it('400: unknown period, unactivated address, malformed order number', async () => {
    const client = clientFor();
    await expect(client.queryPrice({ type: 'energy', count: 65_000, period: 'fortnight' })).rejects.toMatchObject({ httpStatus: 400, serverMessage: 'invalid period' });
    await expect(client.buyEnergy({ address: UNACTIVATED, count: 65_000, period: '1h' })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(client.queryResult('XYZ')).rejects.toMatchObject({ httpStatus: 400, serverMessage: 'invalid order number' });
    expect(balance()).toBe(ALICE.trxSun);
  });

  it('401: a wrong secret and an unknown key, sent once each', async () => {
    await expect(clientFor({ ...ALICE, secret: 'not-the-secret' }).userInfo()).rejects.toMatchObject({ httpStatus: 401, serverMessage: 'invalid signature' });
    await expect(clientFor({ ...ALICE, apiKey: 'nobody-key' }).buyEnergy({ address: ADDRESS_A, count: 65_000, period: '1h' })).rejects.toBeInstanceOf(AuthenticationError);
    expect(sim.requestCount()).toBe(2);
  });

  it('403: insufficient balance leaves the balance alone', async () => {
    await expect(clientFor(BOB).buyEnergy({ address: ADDRESS_A, count: 3_000_000, period: '3day' })).rejects.toMatchObject({
      httpStatus: 403,
      serverMessage: 'insufficient balance',
    });
    expect(balance(BOB)).toBe(BOB.trxSun);
  });

  it("404: another user's orders look missing", async () => {
    const alice = clientFor();
    const bob = clientFor(BOB);
    const { data: timed } = await alice.buyEnergy({ address: ADDRESS_A, count: 65_000, period: '1h' });
    const { data: fast } = await alice.buyFastRecover({ address: ADDRESS_A, count: 100, resourceType: 'net' });
    await expect(bob.queryResult(timed.orderSn)).rejects.toBeInstanceOf(NotFoundError);
    await expect(bob.queryFastRecoverOrder(fast.orderId!)).rejects.toBeInstanceOf(NotFoundError);
    await expect(bob.reclaimEnergy(timed.orderSn, ADDRESS_A)).rejects.toMatchObject({ httpStatus: 404 });
  });
});

type Call = (c: ApiClient) => Promise<unknown>;

const CALLS: Record<EndpointName, Call> = {
  user_info: (c) => c.userInfo(),
  active_account: (c) => c.activeAccount(ADDRESS_A),
  buy_energy: (c) => c.buyEnergy({ address: ADDRESS_A, count: 65_000, period: '1h' }),
  buy_net: (c) => c.buyNet({ address: ADDRESS_A, count: 1_000, period: '1day' }),
  reclaim_energy: (c) => c.reclaimEnergy('EN17000000000000001', ADDRESS_A),
  query_result: (c) => c.queryResult('EN17000000000000001'),
  query_price: (c) => c.queryPrice({ type: 'energy', count: 65_000, period: '1h' }),
  query_fast_recover_price: (c) => c.queryFastRecoverPrice('net', 500),
  buy_fast_recover: (c) => c.buyFastRecover({ address: ADDRESS_A, count: 500, resourceType: 'net' }),
  query_fast_recover_order: (c) => c.queryFastRecoverOrder(100_001),
  get_smart_price: (c) => c.getSmartPrice(),
};

/** Spec section 4: the statuses each endpoint documents besides 200. */
const DOCUMENTED: Record<EndpointName, readonly number[]> = {
  user_info: [401, 500],
  active_account: [400, 401, 403, 500],
  buy_energy: [400, 401, 403, 500],
  buy_net: [400, 401, 403, 500],
  reclaim_energy: [400, 401, 404, 500],
  query_result: [400, 401, 404, 500],
  query_price: [400, 401, 404, 500],
  query_fast_recover_price: [400, 401, 404, 500],
  buy_fast_recover: [400, 401, 403, 500],
  query_fast_recover_order: [400, 401, 404, 500],
  get_smart_price: [401, 404, 500],
};

const CLASS_OF: Record<number, abstract new (...args: never[]) => ApiError> = {
  400: InvalidInputError,
  401: AuthenticationError,
  403: ForbiddenError,
  404: NotFoundError,
  500: ServerError,
};

const NAMES = Object.keys(ENDPOINTS) as EndpointName[];

describe.each(NAMES)('contract: %s error statuses (faults)', (name) => {
  const spec = ENDPOINTS[name];
  const path = spec.path;
  // Read-only calls retry a 5xx (3 sends in all); paid calls and every 4xx are sent once.
  const sendsFor = (status: number): number => (status >= 500 && !spec.paid ? 3 : 1);

  it.each(DOCUMENTED[name])('HTTP %i maps to its error class with the server msg', async (status) => {
    sim.faults.inject(path, { kind: 'status', status }, { times: 'always' });
    const error = await caught(CALLS[name](clientFor()));
    expect(error).toBeInstanceOf(CLASS_OF[status]);
    expect(error).toMatchObject({ httpStatus: status, serverMessage: `simulated error ${status}`, endpoint: name });
    expect((error as ApiError).outcomeUnknown).toBe(spec.paid && status >= 500);
    expect(sim.requestCount(path)).toBe(sendsFor(status));
  });

  it('code 0 on HTTP 200 is a rejection; a malformed body is malformed; each sent once', async () => {
    sim.faults.inject(path, { kind: 'code0' });
    await expect(CALLS[name](clientFor())).rejects.toBeInstanceOf(RejectedError);
    sim.faults.inject(path, { kind: 'malformed' });
    const malformed = await caught(CALLS[name](clientFor()));
    expect(malformed).toBeInstanceOf(MalformedResponseError);
    expect((malformed as ApiError).outcomeUnknown).toBe(spec.paid);
    expect(sim.requestCount(path)).toBe(2);
  });
});

describe('contract: retries', () => {
  it('a paid POST is sent exactly once after a 500 returned after the order was taken, and it was charged', async () => {
    sim.faults.inject('/buy_energy', { kind: 'status', status: 500 }, { phase: 'after' });
    const error = await caught(clientFor().buyEnergy({ address: ADDRESS_A, count: 65_000, period: '1h' }));
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ApiError).outcomeUnknown).toBe(true);
    expect(sim.requestCount('/buy_energy')).toBe(1);
    expect(balance()).toBe(ALICE.trxSun - 3_250_000n);
  });

  it('a paid POST is sent exactly once when the service hangs past the deadline', async () => {
    sim.faults.inject('/buy_fast_recover', { kind: 'hang' }, { phase: 'after' });
    const error = await caught(clientFor(ALICE, { timeoutMs: 300 }).buyFastRecover({ address: ADDRESS_A, count: 500, resourceType: 'net' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind: 'timeout', outcomeUnknown: true });
    expect(sim.requestCount('/buy_fast_recover')).toBe(1);
  });

  it('a GET is retried after a once-500 and then succeeds', async () => {
    sim.faults.inject('/user_info', { kind: 'status', status: 500 });
    const { data } = await clientFor().userInfo();
    expect(data.trxSun).toBe(ALICE.trxSun);
    expect(sim.requests.map((r) => r.status)).toEqual([500, 200]);
  });

  it('clock skew: one 401, then the corrected retry succeeds, and later calls use the offset', async () => {
    sim.setClockOffsetSeconds(600);
    const client = clientFor();
    const { data } = await client.userInfo();
    expect(data.trxSun).toBe(ALICE.trxSun);
    expect(sim.requests.map((r) => r.status)).toEqual([401, 200]);
    expect(client.clockOffsetSeconds).toBe(600);

    await client.buyEnergy({ address: ADDRESS_A, count: 65_000, period: '1h' });
    expect(sim.requests.map((r) => r.status)).toEqual([401, 200, 200]);
    expect(balance()).toBe(ALICE.trxSun - 3_250_000n);
  });
});
