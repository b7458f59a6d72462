import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/core/api/client.ts';
import type { ApiClientOptions, RequestEvent } from '../../../src/core/api/client.ts';
import {
  AuthenticationError,
  ForbiddenError,
  InvalidInputError,
  MalformedResponseError,
  NotFoundError,
  RejectedError,
  ServerError,
} from '../../../src/core/api/errors.ts';
import { envelope, startFakeServer, TEST_API_KEY, TEST_SECRET } from './fake-service-server.ts';
import type { FakeServerHandler, FakeServer } from './fake-service-server.ts';
import { exitCodeOf } from '../../../src/cli/failure.ts';

const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const NOW_MS = 1_700_000_000_123;

let server: FakeServer | undefined;
let client: ApiClient | undefined;

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

async function setup(handler: FakeServerHandler, over: Partial<ApiClientOptions> = {}): Promise<{ server: FakeServer; client: ApiClient }> {
  server = await startFakeServer(handler);
  client = new ApiClient({
    baseUrl: `${server.baseUrl}/`,
    apiKey: TEST_API_KEY,
    secret: TEST_SECRET,
    now: () => NOW_MS,
    random: () => 0.5,
    sleep: async () => {},
    timeoutMs: 5_000,
    ...over,
  });
  return { server, client };
}

const ok = (data: unknown): FakeServerHandler => () => ({ json: envelope(data, 1, 'success', NOW_MS / 1000) });

interface EndpointCase {
  name: string;
  call: (c: ApiClient) => Promise<{ data: unknown; raw: unknown }>;
  method: 'GET' | 'POST';
  path: string;
  query: Record<string, string>;
  form: Record<string, string> | null;
  data: unknown;
  expected: unknown;
}

const fastOrder = {
  order_id: 77,
  address: ADDRESS,
  energy_count: 65000,
  price: 90.5,
  fee: 0,
  resource_type: 'energy',
  amount: 5.88,
  status: 'success',
  delegate_txid: 'abc',
  reclaim_txid: null,
  actual_recover_count: 64000,
};

const ENDPOINT_CASES: EndpointCase[] = [
  {
    name: 'user_info',
    call: (c) => c.userInfo(),
    method: 'GET',
    path: '/v2/user_info',
    query: {},
    form: null,
    data: { balance_trx: '100.1234', balance_usdt: '5.5' },
    expected: { trxSun: 100_123_400n, usdtMicros: 5_500_000n },
  },
  {
    name: 'active_account',
    call: (c) => c.activeAccount(ADDRESS),
    method: 'POST',
    path: '/v2/active_account',
    query: {},
    form: { address: ADDRESS },
    data: { tx_id: '', order_id: 12 },
    expected: { txId: '', orderId: 12 },
  },
  {
    name: 'buy_energy',
    call: (c) => c.buyEnergy({ address: ADDRESS, count: 65_000, period: '1h' }),
    method: 'POST',
    path: '/v2/buy_energy',
    query: {},
    form: { count: '65000', period: '1h', address: ADDRESS },
    data: { order_sn: 'EN17000000001234', price: 60, fee: 0, amount: 3.9, balance: null },
    expected: { orderSn: 'EN17000000001234', unitPrice: '60', feeSun: 0n, amountSun: 3_900_000n, balanceSun: null },
  },
  {
    name: 'buy_net',
    call: (c) => c.buyNet({ address: ADDRESS, count: 1000, period: '1day' }),
    method: 'POST',
    path: '/v2/buy_net',
    query: {},
    form: { count: '1000', period: '1day', address: ADDRESS },
    data: { order_sn: 'NET17000000001234', amount: 0.5 },
    expected: { orderSn: 'NET17000000001234', unitPrice: null, feeSun: null, amountSun: 500_000n, balanceSun: null },
  },
  {
    name: 'reclaim_energy',
    call: (c) => c.reclaimEnergy('EN17000000001234', ADDRESS),
    method: 'POST',
    path: '/v2/reclaim_energy',
    query: {},
    form: { order_sn: 'EN17000000001234', address: ADDRESS },
    data: null,
    expected: null,
  },
  {
    name: 'query_result',
    call: (c) => c.queryResult('EN17000000001234'),
    method: 'GET',
    path: '/v2/query_result',
    query: { order_sn: 'EN17000000001234' },
    form: null,
    data: { order_sn: 'EN17000000001234', status: '0', period: null, orders: [] },
    expected: { orderSn: 'EN17000000001234', amountSun: null, feeSun: null, unitPrice: null, period: null, status: '0', orders: [] },
  },
  {
    name: 'query_price',
    call: (c) => c.queryPrice({ type: 'energy', count: 30_000, period: '15minutes' }),
    method: 'GET',
    path: '/v2/query_price',
    query: { type: 'energy', count: '30000', period: '15minutes' },
    form: null,
    data: { price: 60, amount: '1.8', fee: '0', remark: 'no fee' },
    expected: { unitPriceSun: 60n, amountSun: 1_800_000n, feeSun: 0n, remark: 'no fee' },
  },
  {
    name: 'query_fast_recover_price',
    call: (c) => c.queryFastRecoverPrice('net', 500),
    method: 'POST',
    path: '/v2/query_fast_recover_price',
    query: { resource_type: 'net', count: '500' },
    form: null,
    data: { price: 1000, amount: '0.5', fee: '0' },
    expected: { unitPriceSun: 1000n, amountSun: 500_000n, feeSun: 0n, remark: null },
  },
  {
    name: 'buy_fast_recover',
    call: (c) => c.buyFastRecover({ address: ADDRESS, count: 65_000, resourceType: 'energy' }),
    method: 'POST',
    path: '/v2/buy_fast_recover',
    query: {},
    form: { address: ADDRESS, count: '65000', resource_type: 'energy' },
    data: { order_id: 77 },
    expected: { orderId: 77 },
  },
  {
    name: 'query_fast_recover_order',
    call: (c) => c.queryFastRecoverOrder(77),
    method: 'GET',
    path: '/v2/query_fast_recover_order',
    query: { order_id: '77' },
    form: null,
    data: fastOrder,
    expected: {
      orderId: 77,
      address: ADDRESS,
      energyCount: 65000,
      unitPrice: '90.5',
      feeSun: 0n,
      resourceType: 'energy',
      amountSun: 5_880_000n,
      status: 'success',
      delegateTxid: 'abc',
      reclaimTxid: null,
      actualRecoverCount: 64000,
    },
  },
  {
    name: 'get_smart_price',
    call: (c) => c.getSmartPrice(),
    method: 'GET',
    path: '/v2/get_smart_price',
    query: {},
    form: null,
    data: { '65K_price': '3.5', '131K_price': '7' },
    expected: { price65kSun: 3_500_000n, price131kSun: 7_000_000n, remark: null, high: null, jisu: null, guangsu: null },
  },
];

describe('ApiClient endpoints', () => {
  it.each(ENDPOINT_CASES)('$name: method, path, parameters, signed headers and parsed data', async (c) => {
    const { server, client } = await setup(ok(c.data));
    const reply = await c.call(client);
    expect(reply.data).toEqual(c.expected);
    expect(reply.raw).toEqual(c.data);
    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe(c.method);
    expect(req.path).toBe(c.path);
    expect(Object.fromEntries(req.query)).toEqual(c.query);
    if (c.form) {
      expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual(c.form);
    } else {
      expect(req.body).toBe('');
    }
    expect(req.headers['x-api-key']).toBe(TEST_API_KEY);
    expect(req.headers['x-timestamp']).toBe(String(Math.floor(NOW_MS / 1000)));
    expect(req.signatureValid).toBe(true);
    const everything = `${req.path}?${req.query.toString()} ${req.body}`;
    expect(everything).not.toContain(TEST_SECRET);
  });

  it('keeps float money exact through the whole client', async () => {
    const { client } = await setup(() => ({
      body: `{"code":1,"msg":"ok","time":"1","data":{"order_sn":"EN1","amount":0.30000000000000004,"fee":123456789012.345678}}`,
    }));
    const reply = await client.buyEnergy({ address: ADDRESS, count: 30_000, period: '1h' });
    expect(reply.data.amountSun).toBe(300_000n);
    expect(reply.data.feeSun).toBe(123_456_789_012_345_678n);
  });

  it('validates input locally and sends nothing when it is invalid', async () => {
    const { server, client } = await setup(ok(null));
    await expect(client.buyEnergy({ address: ADDRESS, count: 29_999, period: '1h' })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(client.buyNet({ address: 'Tnope', count: 1000, period: '1day' })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(client.activeAccount('')).rejects.toBeInstanceOf(InvalidInputError);
    await expect(client.queryFastRecoverPrice('cpu' as 'net', 10)).rejects.toBeInstanceOf(InvalidInputError);
    await expect(client.queryFastRecoverOrder(-1)).rejects.toBeInstanceOf(InvalidInputError);
    await expect(client.queryResult('')).rejects.toBeInstanceOf(InvalidInputError);
    expect(server.requests).toHaveLength(0);
  });

  it('runs beforeSend once, after the local checks and before the first send (the journal-before-send hook)', async () => {
    const receipt = { order_sn: 'EN1', unit_price: '10', fee: '0', amount: '0.3', balance: '1' };
    const { server, client } = await setup(ok(receipt));
    const seen: number[] = [];
    await client.buyEnergy({ address: ADDRESS, count: 30_000, period: '1h' }, { beforeSend: async () => void seen.push(server.requests.length) });
    expect(seen).toEqual([0]);
    expect(server.requests).toHaveLength(1);

    let ran = false;
    const refused = client.buyEnergy({ address: ADDRESS, count: 29_999, period: '1h' }, { beforeSend: async () => void (ran = true) });
    await expect(refused).rejects.toBeInstanceOf(InvalidInputError);
    expect(ran).toBe(false);

    const diskFull = new Error('disk full');
    await expect(client.buyEnergy({ address: ADDRESS, count: 30_000, period: '1h' }, { beforeSend: () => Promise.reject(diskFull) })).rejects.toBe(diskFull);
    expect(server.requests).toHaveLength(1);
  });

  it('reports each attempt to the onRequest hook without credentials', async () => {
    const events: RequestEvent[] = [];
    const { client } = await setup(ok({ balance_trx: '1', balance_usdt: '1' }), { onRequest: (e) => events.push(e) });
    await client.userInfo();
    expect(events).toEqual([{ endpoint: 'user_info', attempt: 1, status: 200, ms: expect.any(Number) }]);
  });
});

describe('ApiClient status and envelope handling', () => {
  it.each([
    [400, InvalidInputError, 2],
    [401, AuthenticationError, 3],
    [403, ForbiddenError, 4],
    [404, NotFoundError, 5],
    [500, ServerError, 6],
    [429, RejectedError, 1],
  ] as const)('HTTP %i → %s with the server msg', async (status, ErrorClass, exitCode) => {
    const { client } = await setup(() => ({ status, json: envelope(null, 0, `msg for ${status}`, NOW_MS / 1000) }), {
      maxAttempts: 1,
    });
    const error = await client.queryResult('EN1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorClass);
    expect((error as ServerError).httpStatus).toBe(status);
    expect((error as ServerError).serverMessage).toBe(`msg for ${status}`);
    expect((error as ServerError).message).toContain(`msg for ${status}`);
    expect(exitCodeOf(error)).toBe(exitCode);
    expect((error as ServerError).endpoint).toBe('query_result');
  });

  it('HTTP 200 with code 0 is a RejectedError', async () => {
    const { client } = await setup(() => ({ json: envelope(null, 0, 'order rejected') }));
    const error = await client.userInfo().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RejectedError);
    expect((error as RejectedError).message).toContain('order rejected');
    expect(exitCodeOf(error)).toBe(1);
  });

  it('keeps the status category when an error body is not an envelope', async () => {
    const { client } = await setup(() => ({ status: 403, body: '<html>Forbidden</html>' }));
    const error = await client.userInfo().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect((error as ForbiddenError).serverMessage).toBeUndefined();
  });

  it.each([
    ['not JSON', '{"code":1,'],
    ['an envelope without code', '{"msg":"ok","time":"1","data":{"balance_trx":"1","balance_usdt":"1"}}'],
    ['a wrong shape', '[1,2,3]'],
    ['a missing required field', '{"code":1,"msg":"ok","time":"1","data":{"balance_trx":"1"}}'],
    ['a wrong field type', '{"code":1,"msg":"ok","time":"1","data":{"balance_trx":true,"balance_usdt":"1"}}'],
    ['no data at all', '{"code":1,"msg":"ok","time":"1"}'],
  ])('a 200 with %s is a MalformedResponseError', async (_label, body) => {
    const { server, client } = await setup(() => ({ body }));
    const error = await client.userInfo().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(exitCodeOf(error)).toBe(6);
    expect((error as MalformedResponseError).outcomeUnknown).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it('names the failing field of a malformed reply', async () => {
    const { client } = await setup(() => ({ body: '{"code":1,"msg":"ok","time":"1","data":{"balance_trx":"1"}}' }));
    await expect(client.userInfo()).rejects.toThrow(/data\.balance_usdt/);
  });

  it('tolerates extra fields in the envelope and data', async () => {
    const { client } = await setup(() => ({
      json: { code: 1, msg: 'ok', time: '1', trace: 'x', data: { balance_trx: '2', balance_usdt: '3', vip: true } },
    }));
    const reply = await client.userInfo();
    expect(reply.data).toEqual({ trxSun: 2_000_000n, usdtMicros: 3_000_000n });
    expect(reply.raw).toEqual({ balance_trx: '2', balance_usdt: '3', vip: true });
  });
});
