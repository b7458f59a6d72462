import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/core/api/client.ts';
import type { ApiClientOptions, RequestEvent } from '../../../src/core/api/client.ts';
import {
  AuthenticationError,
  MalformedResponseError,
  NetworkError,
  NotFoundError,
  ServerError,
} from '../../../src/core/api/errors.ts';
import type { ApiError } from '../../../src/core/api/errors.ts';
import { abortableSleep } from '../../../src/core/base/http/backoff.ts';
import { MAX_RESPONSE_BYTES } from '../../../src/core/base/http/http-exchange.ts';
import { closedPort, envelope, startFakeServer, TEST_API_KEY, TEST_SECRET } from './fake-service-server.ts';
import type { FakeServerHandler, FakeServer } from './fake-service-server.ts';
import { toIpcError } from '../../../src/core/ipc/to-ipc-error.ts';

const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USER_INFO = { balance_trx: '1', balance_usdt: '2' };

const servers: FakeServer[] = [];
const clients: ApiClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serverWith(handler: FakeServerHandler, port?: number): Promise<FakeServer> {
  const server = await startFakeServer(handler, port === undefined ? {} : { port });
  servers.push(server);
  return server;
}

function clientFor(baseUrl: string, over: Partial<ApiClientOptions> = {}): ApiClient {
  const client = new ApiClient({
    baseUrl,
    apiKey: TEST_API_KEY,
    secret: TEST_SECRET,
    random: () => 0.5,
    sleep: async () => {},
    timeoutMs: 5_000,
    ...over,
  });
  clients.push(client);
  return client;
}

/** A clock that moves 7 s per reading, so every send gets a different timestamp. */
function steppingClock(startMs = 1_700_000_000_000): () => number {
  let t = startMs;
  return () => (t += 7_000);
}

const failWith = (status: number, msg = 'boom'): FakeServerHandler => () => ({ status, json: envelope(null, 0, msg) });

const PAID_CALLS: [string, (c: ApiClient) => Promise<unknown>][] = [
  ['active_account', (c) => c.activeAccount(ADDRESS)],
  ['buy_energy', (c) => c.buyEnergy({ address: ADDRESS, count: 30_000, period: '1h' })],
  ['buy_net', (c) => c.buyNet({ address: ADDRESS, count: 100, period: '1day' })],
  ['buy_fast_recover', (c) => c.buyFastRecover({ address: ADDRESS, count: 1000, resourceType: 'net' })],
  ['reclaim_energy', (c) => c.reclaimEnergy('EN1', ADDRESS)],
];

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const result = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(result instanceof Error)) throw new Error('expected the call to fail');
  return result as ApiError;
}

describe('retries of read-only calls', () => {
  it('retries a GET after a 500, signing every attempt afresh', async () => {
    const server = await serverWith((_req, i) => (i === 0 ? { status: 500, json: envelope(null, 0, 'x') } : { json: envelope(USER_INFO) }));
    const delays: number[] = [];
    const client = clientFor(server.baseUrl, {
      now: steppingClock(),
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    await expect(client.userInfo()).resolves.toMatchObject({ data: { trxSun: 1_000_000n } });
    expect(server.requests).toHaveLength(2);
    expect(server.requests.every((r) => r.signatureValid)).toBe(true);
    expect(server.requests[0]!.timestamp).not.toBe(server.requests[1]!.timestamp);
    expect(server.requests[0]!.headers['x-signature']).not.toBe(server.requests[1]!.headers['x-signature']);
    expect(delays).toEqual([125]); // full jitter: random 0.5 × 250 ms
  });

  it('gives up after three attempts with growing, capped backoff', async () => {
    const server = await serverWith(failWith(503));
    const delays: number[] = [];
    const client = clientFor(server.baseUrl, { random: () => 0.999, sleep: async (ms) => void delays.push(ms) });
    const error = await failure(client.getSmartPrice());
    expect(error).toBeInstanceOf(ServerError);
    expect(server.requests).toHaveLength(3);
    expect(delays).toHaveLength(2);
    expect(delays[1]!).toBeGreaterThan(delays[0]!);
    expect(Math.max(...delays)).toBeLessThanOrEqual(2_000);
  });

  it('makes one attempt per call while the service stays down, and retries again once it answers', async () => {
    let down = true;
    const server = await serverWith(() => (down ? { status: 503, json: envelope(null, 0, 'down') } : { json: envelope(USER_INFO) }));
    const client = clientFor(server.baseUrl);
    await failure(client.userInfo());
    expect(server.requests).toHaveLength(3);
    await failure(client.userInfo());
    await failure(client.getSmartPrice());
    expect(server.requests).toHaveLength(5);
    down = false;
    await expect(client.userInfo()).resolves.toMatchObject({ data: { trxSun: 1_000_000n } });
    down = true;
    await failure(client.userInfo());
    expect(server.requests).toHaveLength(9);
  });

  it('retries the read-only POST query_fast_recover_price', async () => {
    const server = await serverWith((_r, i) => (i === 0 ? { status: 500, json: envelope(null, 0, 'x') } : { json: envelope({ price: 1, amount: '1', fee: '0' }) }));
    const client = clientFor(server.baseUrl);
    await client.queryFastRecoverPrice('energy', 65_000);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'POST']);
  });

  it.each([400, 401, 403, 404])('never retries a %i', async (status) => {
    const server = await serverWith(failWith(status));
    const client = clientFor(server.baseUrl);
    await failure(client.queryResult('EN1'));
    expect(server.requests).toHaveLength(1);
  });

  it('retries a GET after a reset', async () => {
    const server = await serverWith((_r, i) => (i === 0 ? 'reset' : { json: envelope(USER_INFO) }));
    const client = clientFor(server.baseUrl);
    await expect(client.userInfo()).resolves.toBeDefined();
    expect(server.requests).toHaveLength(2);
  });

  it('stops at the caller abort without retrying', async () => {
    const server = await serverWith(() => 'hang');
    const client = clientFor(server.baseUrl);
    const controller = new AbortController();
    const pending = failure(client.userInfo({ signal: controller.signal }));
    await waitFor(() => server.requests.length === 1);
    controller.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('cancelled');
    expect(server.requests).toHaveLength(1);
  });
  it('ends a GET whose backoff outlasts the deadline with the last error', async () => {
    const server = await serverWith(failWith(500));
    const client = clientFor(server.baseUrl, { timeoutMs: 300, sleep: abortableSleep, random: () => 1, maxAttempts: 10 });
    // Backoff grows to 2 s per wait, far past the 300 ms deadline.
    const error = await failure(client.userInfo());
    expect(error).toBeInstanceOf(ServerError);
    expect(server.requests.length).toBeLessThan(10);
  });

  it('sends nothing when the caller has already aborted', async () => {
    const server = await serverWith(() => ({ json: envelope(USER_INFO) }));
    const error = await failure(clientFor(server.baseUrl).buyEnergy({ address: ADDRESS, count: 30_000, period: '1h' }, { signal: AbortSignal.abort() }));
    expect((error as NetworkError).kind).toBe('cancelled');
    expect((error as NetworkError).neverLeft).toBe(true);
    expect(error.outcomeUnknown).toBe(false);
    expect(server.requests).toHaveLength(0);
  });

  it('treats an oversized reply as malformed', async () => {
    const server = await serverWith(() => ({ body: `{"code":1,"msg":"${'x'.repeat(MAX_RESPONSE_BYTES)}","time":"1","data":null}` }));
    const error = await failure(clientFor(server.baseUrl).userInfo());
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.message).toContain('larger than');
  });
});

describe('paid calls are sent once unless the request provably never left', () => {
  it.each(PAID_CALLS)('%s: exactly one request after a 500, outcome unknown', async (_name, call) => {
    const server = await serverWith(failWith(500));
    const error = await failure(call(clientFor(server.baseUrl)));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.outcomeUnknown).toBe(true);
    expect(error.message).toContain('may or may not have been placed');
    expect(toIpcError(error).code).toBe('outcome_unknown');
    expect(server.requests).toHaveLength(1);
  });

  it.each(PAID_CALLS)('%s: exactly one request after an unparseable 200', async (_name, call) => {
    const server = await serverWith(() => ({ body: '{"code":1,"msg":"ok","time":"1","data":' }));
    const error = await failure(call(clientFor(server.baseUrl)));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.outcomeUnknown).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('buy_energy: exactly one request after a hang past the deadline', async () => {
    const server = await serverWith(() => 'hang');
    const error = await failure(clientFor(server.baseUrl, { timeoutMs: 300 }).buyEnergy({ address: ADDRESS, count: 30_000, period: '1h' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('timeout');
    expect((error as NetworkError).neverLeft).toBe(false);
    expect(error.outcomeUnknown).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('buy_net: exactly one request after a headers timeout', async () => {
    const server = await serverWith(() => 'hang');
    const client = clientFor(server.baseUrl, { headersTimeoutMs: 200 });
    const error = await failure(client.buyNet({ address: ADDRESS, count: 100, period: '1day' }));
    expect((error as NetworkError).kind).toBe('timeout');
    expect(error.outcomeUnknown).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it.each(PAID_CALLS)('%s: exactly one request after a connection reset', async (_name, call) => {
    const server = await serverWith(() => 'reset');
    const error = await failure(call(clientFor(server.baseUrl)));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('reset');
    expect(error.outcomeUnknown).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('a paid call does not retry a 200 with code 0 and the outcome is known', async () => {
    const server = await serverWith(() => ({ json: envelope(null, 0, 'address not activated') }));
    const error = await failure(clientFor(server.baseUrl).buyEnergy({ address: ADDRESS, count: 30_000, period: '1h' }));
    expect(error.category).toBe('rejected');
    expect(error.outcomeUnknown).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it('retries buy_energy after connection refused, and succeeds once the service appears', async () => {
    const port = await closedPort();
    const events: RequestEvent[] = [];
    let appeared: FakeServer | undefined;
    const client = clientFor(`http://127.0.0.1:${port}/v2`, {
      onRequest: (e) => events.push(e),
      sleep: async () => {
        appeared ??= await serverWith(() => ({ json: envelope({ order_sn: 'EN9' }) }), port);
      },
    });
    const reply = await client.buyEnergy({ address: ADDRESS, count: 30_000, period: '1h' });
    expect(reply.data.orderSn).toBe('EN9');
    expect(events.map((e) => [e.attempt, e.status])).toEqual([
      [1, undefined],
      [2, 200],
    ]);
    expect(appeared?.requests).toHaveLength(1);
    expect(appeared?.requests[0]!.signatureValid).toBe(true);
  });

  it('a refused paid call fails after three attempts with neverLeft and a known outcome', async () => {
    const port = await closedPort();
    const events: RequestEvent[] = [];
    const client = clientFor(`http://127.0.0.1:${port}/v2`, { onRequest: (e) => events.push(e) });
    const error = await failure(client.buyFastRecover({ address: ADDRESS, count: 1000, resourceType: 'energy' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('refused');
    expect((error as NetworkError).neverLeft).toBe(true);
    expect(error.outcomeUnknown).toBe(false);
    expect(toIpcError(error).code).toBe('network');
    expect(events).toHaveLength(3);
  });
});

describe('clock skew correction', () => {
  const TEN_MINUTES = 600;
  const localMs = 1_700_000_000_000;

  /** A service whose clock runs ten minutes ahead and enforces the 5-minute window. */
  const skewedService: FakeServerHandler = (req) => {
    const serverNow = Math.floor(localMs / 1000) + TEN_MINUTES;
    if (!req.signatureValid || Math.abs(req.timestamp - serverNow) > 300) {
      return { status: 401, json: envelope(null, 0, 'timestamp expired', serverNow) };
    }
    return req.path.endsWith('/buy_energy')
      ? { json: envelope({ order_sn: 'EN1' }, 1, 'ok', serverNow) }
      : { json: envelope(USER_INFO, 1, 'ok', serverNow) };
  };

  it('learns the offset from one 401, re-sends once, and later calls use it', async () => {
    const server = await serverWith(skewedService);
    const client = clientFor(server.baseUrl, { now: () => localMs });
    await client.userInfo();
    expect(server.requests.map((r) => r.timestamp)).toEqual([localMs / 1000, localMs / 1000 + TEN_MINUTES]);
    expect(client.clockOffsetSeconds).toBe(TEN_MINUTES);
    await client.buyEnergy({ address: ADDRESS, count: 30_000, period: '1h' });
    expect(server.requests).toHaveLength(3);
    expect(server.requests[2]!.timestamp).toBe(localMs / 1000 + TEN_MINUTES);
    expect(server.requests.every((r) => r.signatureValid)).toBe(true);
  });

  it('corrects a paid call too: a 401 is refused before processing', async () => {
    const server = await serverWith(skewedService);
    const client = clientFor(server.baseUrl, { now: () => localMs });
    await client.buyEnergy({ address: ADDRESS, count: 30_000, period: '1h' });
    expect(server.requests).toHaveLength(2);
  });

  it('does not re-send a 401 when the clocks agree', async () => {
    const server = await serverWith(() => ({ status: 401, json: envelope(null, 0, 'bad signature', localMs / 1000 + 30) }));
    const client = clientFor(server.baseUrl, { now: () => localMs });
    expect(await failure(client.userInfo())).toBeInstanceOf(AuthenticationError);
    expect(server.requests).toHaveLength(1);
    expect(client.clockOffsetSeconds).toBe(0);
  });

  it('re-sends at most once per call', async () => {
    let serverAhead = 600;
    const server = await serverWith(() => {
      serverAhead += 600; // a server whose clock keeps jumping
      return { status: 401, json: envelope(null, 0, 'expired', localMs / 1000 + serverAhead) };
    });
    const client = clientFor(server.baseUrl, { now: () => localMs });
    expect(await failure(client.userInfo())).toBeInstanceOf(AuthenticationError);
    expect(server.requests).toHaveLength(2);
  });
});

describe('the secret never leaves the signer', () => {
  it('appears in no error, stack, JSON, inspect output or log event', async () => {
    const events: RequestEvent[] = [];
    const signatures: string[] = [];
    const server = await serverWith((req, i) => {
      signatures.push(String(req.headers['x-signature']));
      const echo = `key ${TEST_API_KEY} secret ${TEST_SECRET} sig ${String(req.headers['x-signature'])}`;
      const answers = [
        { status: 401, json: envelope(null, 0, echo) },
        { status: 500, json: envelope(null, 0, echo) },
        { json: envelope(null, 0, echo) },
        { body: `not json ${echo}` },
        { status: 404, json: envelope(null, 0, echo) },
      ];
      return answers[i % answers.length]!;
    });
    const client = clientFor(server.baseUrl, { onRequest: (e) => events.push(e), maxAttempts: 1 });
    const errors: unknown[] = [];
    errors.push(await failure(client.userInfo()));
    errors.push(await failure(client.buyEnergy({ address: ADDRESS, count: 30_000, period: '1h' })));
    errors.push(await failure(client.queryResult('EN1')));
    errors.push(await failure(client.activeAccount(ADDRESS)));
    errors.push(await failure(client.queryFastRecoverOrder(3)));
    errors.push(await failure(clientFor(`http://127.0.0.1:${await closedPort()}/v2`).userInfo()));
    errors.push(await failure(client.buyNet({ address: 'bad', count: 100, period: '1day' })));
    expect(errors[4]).toBeInstanceOf(NotFoundError);

    const texts = [
      ...errors.flatMap((e) => [
        (e as Error).message,
        (e as Error).stack ?? '',
        JSON.stringify(e),
        inspect(e, { showHidden: true, depth: 10 }),
      ]),
      inspect(client, { showHidden: true, depth: 10 }),
      JSON.stringify(client),
      JSON.stringify(events),
    ];
    for (const text of texts) {
      expect(text).not.toContain(TEST_SECRET);
      expect(text).not.toContain(TEST_API_KEY);
      for (const sig of signatures) expect(text).not.toContain(sig);
    }
    expect((errors[0] as Error).message).toContain('[redacted]');
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!condition()) throw new Error('condition not reached');
}
