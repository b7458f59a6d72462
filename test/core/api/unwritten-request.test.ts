import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/core/api/client.ts';
import { NetworkError } from '../../../src/core/api/errors.ts';
import type { ApiError } from '../../../src/core/api/errors.ts';
import { startFakeServer, TEST_API_KEY, TEST_SECRET } from './fake-service-server.ts';
import type { FakeServer } from './fake-service-server.ts';
import { stallOnChannel } from '../../support/stall-on-channel.ts';

/**
 * A paid call stopped (deadline or cancel) while undici still waited for a
 * connection never wrote a byte: it is "not sent", never an unknown outcome
 * (the soak met it when a loaded machine let a deadline pass while the
 * purchase's new connection was still being made).
 * The client's pool holds 8 connections (src/core/base/http/pool.ts).
 */
const POOL_CONNECTIONS = 8;
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

let server: FakeServer | undefined;
let client: ApiClient | undefined;

afterEach(async () => {
  // The service first: closing it ends the hanging requests the client's pool would wait for.
  await server?.close();
  await client?.close();
  client = undefined;
  server = undefined;
});

async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('expected the call to fail');
}

/** A service that never answers, and a client whose every pool connection waits on it. */
async function saturatedPool(timeoutMs: number): Promise<{ server: FakeServer; client: ApiClient; reads: Promise<unknown>[] }> {
  server = await startFakeServer(() => 'hang');
  client = new ApiClient({ baseUrl: server.baseUrl, apiKey: TEST_API_KEY, secret: TEST_SECRET, timeoutMs, sleep: async () => {} });
  const c = client;
  const reads = Array.from({ length: POOL_CONNECTIONS }, () => c.userInfo().catch((err: unknown) => err));
  return { server, client, reads };
}

async function untilReceived(s: FakeServer, count: number): Promise<void> {
  while (s.requests.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
}

function expectNotSent(error: ApiError, kind: string, s: FakeServer): void {
  expect(error).toBeInstanceOf(NetworkError);
  expect((error as NetworkError).kind).toBe(kind);
  expect((error as NetworkError).neverLeft).toBe(true);
  expect(error.outcomeUnknown).toBe(false);
  expect(error.message).toContain('Nothing was sent.');
  expect(error.message).not.toContain('may or may not have been placed');
  expect(s.requests.filter((r) => r.path.endsWith('/buy_energy'))).toEqual([]);
}

describe('a paid request that never got a connection', () => {
  it('cancelled while queued behind a full pool: not sent, and the service never saw it', async () => {
    // 8 unanswered balance reads hold every connection, so the purchase waits in the pool.
    const { server: s, client: c, reads } = await saturatedPool(5_000);
    await untilReceived(s, POOL_CONNECTIONS);
    const controller = new AbortController();
    const buy = failure(c.buyEnergy({ address: ADDRESS, count: 30_000, period: '1h' }, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    expectNotSent(await buy, 'cancelled', s);
    await s.close();
    await Promise.all(reads);
  });

  it('past its deadline while its connection was being made: not sent, and the service never saw it', async () => {
    server = await startFakeServer(() => ({ json: { code: 1, msg: 'success', time: '0', data: { order_sn: 'EN1', amount: '1' } } }));
    client = new ApiClient({ baseUrl: server.baseUrl, apiKey: TEST_API_KEY, secret: TEST_SECRET, timeoutMs: 200, sleep: async () => {} });
    // The thread stalls past the deadline just before undici opens the purchase's connection.
    const release = stallOnChannel('undici:client:beforeConnect', 400);
    try {
      expectNotSent(await failure(client.buyEnergy({ address: ADDRESS, count: 30_000, period: '1h' })), 'timeout', server);
    } finally {
      release();
    }
    // Nothing is written later either, once the connection is up.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.requests).toEqual([]);
  });
});
