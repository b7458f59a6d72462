import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/core/api/client.ts';
import { MalformedResponseError, RejectedError, type ApiError } from '../../../src/core/api/errors.ts';
import { OUTCOME_UNKNOWN_ADVICE } from '../../support/core-words.ts';
import { OrderJournal } from '../../../src/core/orders/order-journal.ts';
import { submitPaidOrder } from '../../../src/core/orders/submit-paid-order.ts';
import { toIpcError } from '../../../src/core/ipc/to-ipc-error.ts';
import { energyIntent, fixedClock, tempDir } from '../orders/journal-helpers.ts';
import { envelope, startFakeServer, TEST_API_KEY, TEST_SECRET, type FakeServer, type FakeServerHandler } from './fake-service-server.ts';

/**
 * What a hostile or broken server can send, and what the client makes of it
 * (issue 12, items 4 and 5): documented refusals are definite, any other
 * status to a paid call is an unknown outcome; a key twice makes a body
 * malformed; amounts out of range are malformed; control and direction
 * characters never reach a person.
 */
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const servers: FakeServer[] = [];
const clients: ApiClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function clientAnswering(handler: FakeServerHandler): Promise<{ client: ApiClient; server: FakeServer }> {
  const server = await startFakeServer(handler);
  servers.push(server);
  const client = new ApiClient({ baseUrl: server.baseUrl, apiKey: TEST_API_KEY, secret: TEST_SECRET, sleep: async () => {}, timeoutMs: 5_000 });
  clients.push(client);
  return { client, server };
}

const failure = (p: Promise<unknown>): Promise<ApiError> => p.then(() => expect.fail('expected a failure'), (e: unknown) => e as ApiError);
const body = (text: string): FakeServerHandler => () => ({ body: text });
const now = (): string => String(Math.floor(Date.now() / 1000));

describe('status semantics of paid calls', () => {
  it.each([302, 307, 408, 409, 429, 500, 502, 503, 418])('HTTP %i to a paid POST is an unknown outcome with the usual advice', async (status) => {
    const { client, server } = await clientAnswering(() => ({ status, json: envelope(null, 0, 'later') }));
    const err = await failure(client.buyEnergy({ address: ADDRESS, count: 65_000, period: '1h' }));
    expect(err.outcomeUnknown).toBe(true);
    expect(err.message).toContain(OUTCOME_UNKNOWN_ADVICE);
    expect(err.key).toBe('errors:api.outcomeUnknown');
    expect(err.message).toContain(`HTTP ${status}`);
    expect(toIpcError(err).code).toBe('outcome_unknown');
    expect(server.requests).toHaveLength(1);
  });

  it.each([400, 401, 403, 404])('HTTP %i to a paid POST is a definite refusal', async (status) => {
    const { client } = await clientAnswering(() => ({ status, json: envelope(null, 0, 'no') }));
    const err = await failure(client.buyEnergy({ address: ADDRESS, count: 65_000, period: '1h' }));
    expect(err.outcomeUnknown).toBe(false);
    expect(err.message).not.toContain(OUTCOME_UNKNOWN_ADVICE);
  });

  it('a 302 to a read is a plain failure, not an unknown outcome', async () => {
    const { client } = await clientAnswering(() => ({ status: 302, json: envelope(null, 0, 'moved') }));
    const err = await failure(client.userInfo());
    expect(err).toBeInstanceOf(RejectedError);
    expect(err.outcomeUnknown).toBe(false);
  });

  it('an envelope code other than 0 or 1 in a 200 is malformed (unknown outcome when paid); code 0 is a definite refusal', async () => {
    const { client } = await clientAnswering((_req, i) => ({ json: envelope({ order_sn: 'EN1' }, i === 0 ? 2 : 0, 'odd') }));
    const odd = await failure(client.buyEnergy({ address: ADDRESS, count: 65_000, period: '1h' }));
    expect(odd).toBeInstanceOf(MalformedResponseError);
    expect(odd.outcomeUnknown).toBe(true);
    const refused = await failure(client.buyEnergy({ address: ADDRESS, count: 65_000, period: '1h' }));
    expect(refused).toBeInstanceOf(RejectedError);
    expect(refused.outcomeUnknown).toBe(false);
  });

  it('journals a 409 answer to a buy as outcome unknown, never as a definite failure', async () => {
    const { client } = await clientAnswering(() => ({ status: 409, json: envelope(null, 0, 'conflict') }));
    const journal = await OrderJournal.open(await tempDir(), fixedClock());
    const order = await submitPaidOrder({ api: client, journal }, energyIntent({ address: ADDRESS }));
    expect(order.state).toBe('outcome_unknown');
    expect(order.error).toContain('may or may not have been placed');
  });
});

describe('duplicate keys', () => {
  it('make an envelope malformed: code 0 … code 1 is not a success', async () => {
    const { client } = await clientAnswering(body(`{"code":0,"msg":"refused","time":"${now()}","data":{"order_sn":"EN1"},"code":1}`));
    const err = await failure(client.buyEnergy({ address: ADDRESS, count: 65_000, period: '1h' }));
    expect(err).toBeInstanceOf(MalformedResponseError);
    expect(err.message).toContain('"code" appears twice');
    expect(err.outcomeUnknown).toBe(true);
  });

  it('make a data object malformed', async () => {
    const { client } = await clientAnswering(body(`{"code":1,"msg":"ok","time":"${now()}","data":{"balance_trx":"1","balance_usdt":"2","balance_trx":"900"}}`));
    const err = await failure(client.userInfo());
    expect(err).toBeInstanceOf(MalformedResponseError);
    expect(err.message).toContain('"balance_trx" appears twice');
  });

  it('leave an error status without the server message or time it would have carried', async () => {
    const { client } = await clientAnswering(body(`{"code":0,"msg":"a","msg":"b","time":"${now()}"}`));
    const err = await failure(client.userInfo());
    expect(err.serverMessage).toBeUndefined();
  });
});

describe('amounts out of range', () => {
  const balance = (trx: string): FakeServerHandler => () => ({ json: envelope({ balance_trx: trx, balance_usdt: '1' }) });

  it.each(['-5', '-0.000001', '1e40', '9223372036854.775808', '99999999999999999999'])('a balance of %s is malformed', async (trx) => {
    const { client } = await clientAnswering(balance(trx));
    expect(await failure(client.userInfo())).toBeInstanceOf(MalformedResponseError);
  });

  it('the largest int64 amount of SUN is accepted', async () => {
    const { client } = await clientAnswering(balance('9223372036854.775807'));
    expect((await client.userInfo()).data.trxSun).toBe(2n ** 63n - 1n);
  });

  it('a negative or huge quote is malformed, so it can never pass a cap', async () => {
    for (const amount of ['-3.25', '1e40']) {
      const { client } = await clientAnswering(() => ({ json: envelope({ price: 50, amount, fee: '0', remark: '' }) }));
      expect(await failure(client.queryPrice({ type: 'energy', count: 65_000, period: '1h' }))).toBeInstanceOf(MalformedResponseError);
    }
    const { client } = await clientAnswering(() => ({ json: envelope({ price: -50, amount: '3.25', fee: '0', remark: '' }) }));
    expect(await failure(client.queryPrice({ type: 'energy', count: 65_000, period: '1h' }))).toBeInstanceOf(MalformedResponseError);
  });

  it('negative counts and ids in a status are malformed', async () => {
    const { client } = await clientAnswering(() => ({
      json: envelope({ order_id: -1, address: ADDRESS, energy_count: 65_000, resource_type: 'energy', status: 'waiting' }),
    }));
    expect(await failure(client.queryFastRecoverOrder(3))).toBeInstanceOf(MalformedResponseError);
  });

  it('a receipt amount of 1e40 is dropped, the order kept and journaled, and the journal reloads whole', async () => {
    const { client } = await clientAnswering(() => ({ body: `{"code":1,"msg":"ok","time":"${now()}","data":{"order_sn":"EN42","amount":1e40}}` }));
    const dir = await tempDir();
    const journal = await OrderJournal.open(dir, fixedClock());
    await submitPaidOrder({ api: client, journal }, energyIntent({ address: ADDRESS, quotedSun: 1n }));
    const order = await submitPaidOrder({ api: client, journal }, energyIntent({ address: ADDRESS, quotedSun: 3_250_000n }));
    expect(order).toMatchObject({ state: 'running', orderSn: 'EN42', chargedSun: null, quotedSun: 3_250_000n });
    const reopened = await OrderJournal.open(dir, fixedClock());
    expect(reopened.openNotices).toEqual([]);
    expect(reopened.list()).toHaveLength(2);
  });
});

describe('server text shown to a person', () => {
  const hostile = 'Paid\u202e!gnorw\u202c line\u001b[2Jtwo\u0085\u200b\u2066x\u2069\u2028end\u007f';

  it('has control and direction characters removed from messages, statuses and remarks', async () => {
    const { client } = await clientAnswering((req) => {
      if (req.path.endsWith('/user_info')) return { status: 403, json: envelope(null, 0, hostile) };
      if (req.path.endsWith('/query_result')) return { json: envelope({ order_sn: 'EN1', status: hostile, orders: [] }) };
      return { json: envelope({ price: 50, amount: '3.25', fee: '0', remark: hostile }) };
    });
    const err = await failure(client.userInfo());
    const status = (await client.queryResult('EN1')).data.status;
    const remark = (await client.queryPrice({ type: 'energy', count: 65_000, period: '1h' })).data.remark;
    for (const text of [err.serverMessage ?? '', err.message, status, remark]) {
      expect(text).toContain('Paid!gnorw line [2Jtwo x end');
      expect(text).not.toMatch(/[\p{Cc}\p{Cf}\u2028\u2029]/u);
    }
  });
});
