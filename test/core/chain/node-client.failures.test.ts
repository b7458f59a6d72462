import { englishText } from '../../../src/shared/i18n/english-message.ts';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { NodeRequestEvent } from '../../../src/core/chain/node-transport.ts';
import { ChainError } from '../../../src/core/chain/errors.ts';
import { clientFor, failure, recordingSleep, startNode, T0, WALLET } from './node-harness.ts';

/** How the chain client meets a node that limits, fails, garbles or hangs. */

const RESOURCE = '/wallet/getaccountresource';

describe('rate limiting (429/503) and Retry-After', () => {
  it('waits the seconds of Retry-After, then succeeds', async () => {
    const node = await startNode();
    node.faults.inject(RESOURCE, { kind: 'rate-limit', status: 429, retryAfter: '3' });
    const sleep = recordingSleep();
    const reading = await clientFor(node, sleep).readResources(WALLET);
    expect(reading.activated).toBe(true);
    expect(sleep.waits).toEqual([3_000]);
    expect(node.requestCount(RESOURCE)).toBe(2);
  });

  it('reads Retry-After as an HTTP date against the clock', async () => {
    const node = await startNode();
    node.faults.inject(RESOURCE, { kind: 'rate-limit', status: 503, retryAfter: new Date(T0 + 4_000).toUTCString() });
    const sleep = recordingSleep();
    await clientFor(node, { ...sleep, now: () => T0 }).readResources(WALLET);
    expect(sleep.waits).toEqual([4_000]);
  });

  it('backs off without a Retry-After and gives up after the attempts with the facts', async () => {
    const node = await startNode();
    node.faults.inject(RESOURCE, { kind: 'rate-limit', status: 503 }, { times: 'always' });
    const sleep = recordingSleep();
    const err = (await failure(() => clientFor(node, sleep).readResources(WALLET))) as ChainError;
    expect(err.kind).toBe('rate-limited');
    expect(err.facts).toMatchObject({ endpoint: 'getaccountresource', httpStatus: 503, attempts: 3 });
    expect(sleep.waits).toHaveLength(2);
    expect(node.requestCount(RESOURCE)).toBe(3);
  });

  it('does not sleep through a Retry-After beyond the cap: it reports it to the caller at once', async () => {
    const node = await startNode();
    node.faults.inject(RESOURCE, { kind: 'rate-limit', retryAfter: '120' });
    const sleep = recordingSleep();
    const err = (await failure(() => clientFor(node, sleep).readResources(WALLET))) as ChainError;
    expect(err.kind).toBe('rate-limited');
    expect(err.facts.retryAfterMs).toBe(120_000);
    expect(err.message).toContain('Try again in 2 min');
    expect(sleep.waits).toEqual([]);
    expect(node.requestCount(RESOURCE)).toBe(1);
  });

  it("recognises TronGrid's 403 frequency limit and its 30 s suspension", async () => {
    const node = await startNode();
    const message = 'The key exceeds the frequency limit(15), and the query server is suspended for 30s';
    node.faults.inject(RESOURCE, { kind: 'status', status: 403, message });
    const err = (await failure(() => clientFor(node).readResources(WALLET))) as ChainError;
    expect(err.kind).toBe('rate-limited');
    expect(err.facts.retryAfterMs).toBe(30_000);
  });
});

describe('server errors, malformed replies and timeouts', () => {
  it('retries a 5xx and succeeds', async () => {
    const node = await startNode();
    node.faults.inject(RESOURCE, { kind: 'status', status: 502 }, { times: 2 });
    const reading = await clientFor(node).readResources(WALLET);
    expect(reading.energy.limit).toBe(100_000n);
    expect(node.requestCount(RESOURCE)).toBe(3);
  });

  it('reports a lasting 5xx as server with the node message', async () => {
    const node = await startNode();
    node.faults.inject(RESOURCE, { kind: 'status', status: 500, message: 'db\u0000down' }, { times: 'always' });
    const err = (await failure(() => clientFor(node).readResources(WALLET))) as ChainError;
    expect(err.kind).toBe('server');
    expect(err.facts).toMatchObject({ httpStatus: 500, nodeMessage: 'db down', attempts: 3 });
  });

  it.each([
    ['truncated JSON', { kind: 'malformed' } as const, /not JSON/],
    ['the wrong shape', { kind: 'bad-shape' } as const, /not the documented form/],
  ])('refuses %s without retrying', async (_name, fault, reason) => {
    const node = await startNode();
    node.faults.inject(RESOURCE, fault);
    const err = (await failure(() => clientFor(node).readResources(WALLET))) as ChainError;
    expect(err.kind).toBe('malformed');
    expect(englishText(err.facts.reason!)).toMatch(reason);
    expect(node.requestCount(RESOURCE)).toBe(1);
  });

  it('rejects java-tron\'s {"Error"} body and refuses a negative counter', async () => {
    const node = await startNode();
    const client = clientFor(node);
    node.faults.inject(RESOURCE, { kind: 'node-error' });
    expect(((await failure(() => client.readResources(WALLET))) as ChainError).kind).toBe('rejected');
    node.state.wallets.get(WALLET)!.trxSun = -1n;
    const err = (await failure(() => client.readAccount(WALLET))) as ChainError;
    expect(err.kind).toBe('malformed');
    expect(englishText(err.facts.reason!)).toMatch(/^balance: /);
  });

  it('retries a reset connection', async () => {
    const node = await startNode();
    node.faults.inject(RESOURCE, { kind: 'reset' });
    expect((await clientFor(node).readResources(WALLET)).activated).toBe(true);
  });

  it('stops a hanging node at the deadline as unreachable (timeout)', async () => {
    const node = await startNode();
    node.faults.inject(RESOURCE, { kind: 'hang' }, { times: 'always' });
    const started = Date.now();
    const err = (await failure(() => clientFor(node, { timeoutMs: 300 }).readResources(WALLET))) as ChainError;
    expect(err.kind).toBe('unreachable');
    expect(err.facts.network).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reports a refused connection as unreachable, never left', async () => {
    const node = await startNode();
    const url = node.baseUrl;
    await node.close();
    const err = (await failure(() => clientFor({ baseUrl: url }, { maxAttempts: 1 }).readResources(WALLET))) as ChainError;
    expect(err).toMatchObject({ kind: 'unreachable', facts: { network: 'refused', neverLeft: true } });
  });

  it('honours the caller cancelling', async () => {
    const node = await startNode();
    node.faults.inject(RESOURCE, { kind: 'hang' });
    const controller = new AbortController();
    const pending = failure(() => clientFor(node).readResources(WALLET, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    expect(((await pending) as ChainError).kind).toBe('cancelled');
  });
});

describe('the provider key', () => {
  const KEY = 'tron-pro-key-7f3a9c';

  it('is sent as TRON-PRO-API-KEY and never appears in errors, logs or inspection', async () => {
    const node = await startNode({ apiKey: KEY });
    const events: NodeRequestEvent[] = [];
    const client = clientFor(node, { apiKey: KEY, onRequest: (e) => events.push(e) });
    await client.readResources(WALLET);
    expect(node.requests.at(-1)?.key).toBe('valid');
    node.faults.inject(RESOURCE, { kind: 'status', status: 500, message: `bad key ${KEY}` }, { times: 'always' });
    const err = (await failure(() => client.readResources(WALLET))) as ChainError;
    for (const text of [err.message, JSON.stringify(err.facts), inspect(client), JSON.stringify(client), JSON.stringify(events)]) {
      expect(text).not.toContain(KEY);
    }
    expect(err.facts.nodeMessage).toBe('bad key [redacted]');
    expect(events[0]).toMatchObject({ endpoint: 'getaccountresource', attempt: 1, status: 200 });
  });

  it('is left out when not configured; a refused key is forbidden and not retried', async () => {
    const node = await startNode({ apiKey: KEY });
    await clientFor(node).readResources(WALLET);
    expect(node.requests.at(-1)?.key).toBe('absent');
    const err = (await failure(() => clientFor(node, { apiKey: 'wrong' }).readResources(WALLET))) as ChainError;
    expect(err.kind).toBe('forbidden');
    expect(node.requestCount(RESOURCE)).toBe(2);
    expect(err).toBeInstanceOf(ChainError);
  });
});
