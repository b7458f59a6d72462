import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Fault, Simulator } from '../../../src/core/simulator/index.ts';
import { DEMO_USER, startSimulator } from '../../../src/core/simulator/index.ts';
import * as shape from './shapes.ts';
import type { Caller } from './sim-http.ts';
import { ADDRESS_A, caller, fakeClock } from './sim-http.ts';

const clock = fakeClock();
let sim: Simulator;
let call: Caller;

beforeEach(async () => {
  sim = await startSimulator({ now: clock.now });
  call = caller(sim.baseUrl, DEMO_USER, clock.now);
});
afterEach(() => sim.close());

const buyForm = { form: { address: ADDRESS_A, count: '65000', period: '1h' } };
const START = DEMO_USER.trxSun;
const balance = (): bigint => sim.balanceOf(DEMO_USER.apiKey).trxSun;

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}

describe('fault injection', () => {
  it('status 500 once, before processing: nothing charged, the next request is normal', async () => {
    sim.faults.inject('/buy_energy', { kind: 'status', status: 500 });
    const first = await call('POST', '/buy_energy', buyForm);
    expect(first.status).toBe(500);
    expect(shape.errorEnvelope.parse(first.body).code).toBe(0);
    expect(balance()).toBe(START);
    expect((await call('POST', '/buy_energy', buyForm)).status).toBe(200);
    expect(balance()).toBe(START - 3_250_000n);
    expect(sim.requestCount('/buy_energy')).toBe(2);
  });

  it('phase after: the order is created and charged, then the answer is replaced', async () => {
    sim.faults.inject('/v2/buy_energy', { kind: 'status', status: 502 }, { phase: 'after' });
    expect((await call('POST', '/buy_energy', buyForm)).status).toBe(502);
    expect(balance()).toBe(START - 3_250_000n);
    // The order exists: the next serial's sequence number shows one order before it.
    const next = shape.successEnvelope(shape.timedReceipt).parse((await call('POST', '/buy_energy', buyForm)).body).data;
    expect(next.order_sn.endsWith('0002')).toBe(true);
  });

  it('times: n, then normal; always until cleared; clear(path) and clear()', async () => {
    sim.faults.inject('/user_info', { kind: 'status', status: 503 }, { times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call('GET', '/user_info')).status);
    expect(statuses).toEqual([503, 503, 200]);

    sim.faults.inject('/user_info', { kind: 'code0' }, { times: 'always' });
    for (let i = 0; i < 3; i++) expect((await call('GET', '/user_info')).status).toBe(200);
    expect(shape.errorEnvelope.parse((await call('GET', '/user_info')).body).msg).toBe('simulated rejection');
    sim.faults.clear('/user_info');
    expect(shape.successEnvelope(shape.userInfo).safeParse((await call('GET', '/user_info')).body).success).toBe(true);

    sim.faults.inject('/user_info', { kind: 'status', status: 500 }, { times: 'always' });
    sim.faults.clear();
    expect((await call('GET', '/user_info')).status).toBe(200);
  });

  it('applies faults only to their path', async () => {
    sim.faults.inject('/buy_net', { kind: 'status', status: 500 });
    expect((await call('GET', '/user_info')).status).toBe(200);
  });

  it('malformed: HTTP 200 with a body that is not JSON', async () => {
    sim.faults.inject('/user_info', { kind: 'malformed' });
    const out = await call('GET', '/user_info');
    expect(out.status).toBe(200);
    expect(() => JSON.parse(out.text) as unknown).toThrow();
  });

  it('bad-shape: a success envelope whose data lacks the required fields', async () => {
    sim.faults.inject('/user_info', { kind: 'bad-shape' });
    const out = await call('GET', '/user_info');
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ code: 1 });
    expect(shape.successEnvelope(shape.userInfo).safeParse(out.body).success).toBe(false);
  });

  it('code0: HTTP 200 with code 0; after-phase on a paid call still charges', async () => {
    sim.faults.inject('/buy_fast_recover', { kind: 'code0' }, { phase: 'after' });
    const out = await call('POST', '/buy_fast_recover', { form: { address: ADDRESS_A, count: '1000', resource_type: 'net' } });
    expect(out.status).toBe(200);
    expect(shape.errorEnvelope.parse(out.body).code).toBe(0);
    expect(balance()).toBe(START - 1_000_000n);
  });

  it('reset: the connection is destroyed with no answer', async () => {
    sim.faults.inject('/buy_energy', { kind: 'reset' }, { phase: 'after' });
    await expect(call('POST', '/buy_energy', buyForm)).rejects.toThrow();
    expect(balance()).toBe(START - 3_250_000n);
    expect(sim.requests.at(-1)?.status).toBe(0);
  });

  it('hang: no answer until close(), which does not wait for it', async () => {
    sim.faults.inject('/user_info', { kind: 'hang' });
    const pending = call('GET', '/user_info');
    const settled = pending.then(
      () => 'answered',
      () => 'failed',
    );
    await until(() => sim.requestCount('/user_info') === 1);
    await sim.close();
    expect(await settled).toBe('failed');
  });

  it('random faults: rate 1 faults every path, rate 0 none, and clear() ends the mode', async () => {
    const kinds: Fault[] = [{ kind: 'status', status: 500 }, { kind: 'code0' }];
    let i = 0;
    sim.faults.setRandomFaults({ rate: 1, kinds, random: () => [0.1, 0.9][i++ % 2]! });
    // Draws alternate: 0.1 (fault? yes), 0.9 (pick kinds[1] → code0).
    for (const path of ['/user_info', '/get_smart_price']) {
      const out = await call('GET', path);
      expect(out.status).toBe(200);
      expect(out.body).toMatchObject({ code: 0, msg: 'simulated rejection' });
    }
    sim.faults.setRandomFaults({ rate: 0, kinds });
    expect((await call('GET', '/user_info')).body).toMatchObject({ code: 1 });
    sim.faults.setRandomFaults({ rate: 1, kinds: [{ kind: 'status', status: 500 }], phase: 'after' });
    expect((await call('POST', '/buy_energy', buyForm)).status).toBe(500);
    expect(balance()).toBe(START - 3_250_000n);
    sim.faults.clear();
    expect((await call('GET', '/user_info')).status).toBe(200);
  });

  it("random phase 'mixed' gives both before- and after-phase faults", async () => {
    const draws = [0, 0, 0.1, 0, 0, 0.9];
    let i = 0;
    sim.faults.setRandomFaults({ rate: 1, kinds: [{ kind: 'status', status: 500 }], random: () => draws[i++ % draws.length]!, phase: 'mixed' });
    expect((await call('POST', '/buy_energy', buyForm)).status).toBe(500);
    expect(balance()).toBe(START);
    expect((await call('POST', '/buy_energy', buyForm)).status).toBe(500);
    expect(balance()).toBe(START - 3_250_000n);
  });

  it('rejects nonsense options', () => {
    expect(() => sim.faults.inject('/user_info', { kind: 'hang' }, { times: 0 })).toThrow(RangeError);
    expect(() => sim.faults.setRandomFaults({ rate: 2, kinds: [{ kind: 'hang' }] })).toThrow(RangeError);
    expect(() => sim.faults.setRandomFaults({ rate: 0.5, kinds: [] })).toThrow(RangeError);
  });
});

describe('request log', () => {
  it('records method, relative path, query, form, api key, arrival time and status, without the secret', async () => {
    await call('GET', '/query_price', { query: { type: 'energy', count: '65000', period: '1h' } });
    await call('POST', '/buy_energy', buyForm);
    await call('GET', '/user_info', { key: 'stranger', secret: 'x' });
    expect(sim.requests).toEqual([
      { method: 'GET', path: '/query_price', query: { type: 'energy', count: '65000', period: '1h' }, form: {}, apiKey: DEMO_USER.apiKey, at: clock.now(), status: 200 },
      { method: 'POST', path: '/buy_energy', query: {}, form: buyForm.form, apiKey: DEMO_USER.apiKey, at: clock.now(), status: 200 },
      { method: 'GET', path: '/user_info', query: {}, form: {}, apiKey: 'stranger', at: clock.now(), status: 401 },
    ]);
    expect(sim.requestCount()).toBe(3);
    expect(sim.requestCount('/v2/buy_energy')).toBe(1);
    expect(sim.requestCount('/reclaim_energy')).toBe(0);
  });

  it('keeps only the newest records beyond requestLogLimit', async () => {
    const small = await startSimulator({ requestLogLimit: 2 });
    try {
      const c = caller(small.baseUrl);
      for (const path of ['/user_info', '/get_smart_price', '/nope']) await c('GET', path);
      expect(small.requests.map((r) => r.path)).toEqual(['/get_smart_price', '/nope']);
      // The counts go on counting what the ring no longer holds.
      await c('GET', '/user_info');
      expect(small.requests.map((r) => r.path)).toEqual(['/nope', '/user_info']);
      expect(small.requestCount()).toBe(4);
      expect(small.requestCount('/user_info')).toBe(2);
    } finally {
      await small.close();
    }
  });
});
