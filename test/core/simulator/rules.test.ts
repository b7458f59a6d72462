import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator, SimUser } from '../../../src/core/simulator/index.ts';
import { startSimulator } from '../../../src/core/simulator/index.ts';
import * as shape from './shapes.ts';
import type { Caller } from './sim-http.ts';
import { ADDRESS_A, ADDRESS_B, caller } from './sim-http.ts';

const ALICE: SimUser = { apiKey: 'alice-key', secret: 'alice-secret', trxSun: 100_000_000n, usdtMicros: 0n };
const BOB: SimUser = { apiKey: 'bob-key', secret: 'bob-secret', trxSun: 5_000_000n, usdtMicros: 1n };
const UNACTIVATED = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';

let sim: Simulator;
let alice: Caller;
let bob: Caller;

beforeEach(async () => {
  sim = await startSimulator({ users: [ALICE, BOB], unactivated: [UNACTIVATED], timing: { activationMs: 0 } });
  alice = caller(sim.baseUrl, ALICE);
  bob = caller(sim.baseUrl, BOB);
});
afterEach(() => sim.close());

async function expectError(out: Promise<{ status: number; body: unknown }>, status: number, msg?: string): Promise<void> {
  const res = await out;
  expect(res.status).toBe(status);
  const envelope = shape.errorEnvelope.parse(res.body);
  if (msg !== undefined) expect(envelope.msg).toBe(msg);
}

const energy = (count: string, address = ADDRESS_A, period = '1h') => ({ form: { address, count, period } });

describe('simulator rules', () => {
  it('keeps users apart: balances and orders', async () => {
    const out = await alice('POST', '/buy_energy', energy('65000'));
    const sn = shape.successEnvelope(shape.timedReceipt).parse(out.body).data.order_sn;
    expect((await alice('GET', '/query_result', { query: { order_sn: sn } })).status).toBe(200);
    await expectError(bob('GET', '/query_result', { query: { order_sn: sn } }), 404, 'order not found');
    await expectError(bob('GET', '/query_result', { query: { order_sn: 'EN17322000000009999' } }), 404, 'order not found');
    await expectError(bob('POST', '/reclaim_energy', { form: { order_sn: sn, address: ADDRESS_A } }), 404);
    expect(sim.balanceOf(BOB.apiKey)).toEqual({ trxSun: 5_000_000n, usdtMicros: 1n });

    const fast = await alice('POST', '/buy_fast_recover', { form: { address: ADDRESS_A, count: '1000', resource_type: 'net' } });
    const id = String(shape.successEnvelope(shape.fastRecoverReceipt).parse(fast.body).data.order_id);
    expect((await alice('GET', '/query_fast_recover_order', { query: { order_id: id } })).status).toBe(200);
    await expectError(bob('GET', '/query_fast_recover_order', { query: { order_id: id } }), 404, 'order not found');
  });

  it('403 on insufficient balance, leaving the balance unchanged and creating nothing', async () => {
    // Bob has 5 TRX; 65,000 energy for 3day costs 15.6 TRX.
    await expectError(bob('POST', '/buy_energy', energy('65000', ADDRESS_A, '3day')), 403, 'insufficient balance');
    await expectError(bob('POST', '/buy_net', { form: { address: ADDRESS_A, count: '10000', period: '1day' } }), 403);
    await expectError(bob('POST', '/buy_fast_recover', { form: { address: ADDRESS_A, count: '100000', resource_type: 'energy' } }), 403);
    sim.setBalance(BOB.apiKey, 1_000_000n);
    await expectError(bob('POST', '/active_account', { form: { address: ADDRESS_A } }), 403);
    expect(sim.balanceOf(BOB.apiKey).trxSun).toBe(1_000_000n);
  });

  it('charges exactly the whole balance when it is just enough', async () => {
    sim.setBalance(BOB.apiKey, 3_250_000n);
    expect((await bob('POST', '/buy_energy', energy('65000'))).status).toBe(200);
    expect(sim.balanceOf(BOB.apiKey).trxSun).toBe(0n);
  });

  it.each([
    ['/buy_energy', { address: ADDRESS_A, count: '29999', period: '1h' }, 'count below minimum 30000'],
    ['/buy_net', { address: ADDRESS_A, count: '99', period: '1day' }, 'count below minimum 100'],
    ['/buy_energy', { address: ADDRESS_A, count: 'abc', period: '1h' }, 'invalid count'],
    ['/buy_energy', { address: ADDRESS_A, count: '65000.5', period: '1h' }, 'invalid count'],
    ['/buy_energy', { address: ADDRESS_A, count: '-65000', period: '1h' }, 'invalid count'],
    ['/buy_energy', { address: ADDRESS_A, count: '1e5', period: '1h' }, 'invalid count'],
    ['/buy_energy', { address: ADDRESS_A, count: '65000', period: '2h' }, 'invalid period'],
    ['/buy_net', { address: ADDRESS_A, count: '1000', period: '1h' }, 'invalid period'],
    ['/buy_energy', { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', count: '65000', period: '1h' }, 'invalid address format'],
    ['/buy_energy', { address: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c', count: '65000', period: '1h' }, 'invalid address format'],
    ['/buy_energy', { count: '65000', period: '1h' }, 'missing parameter: address'],
    ['/buy_energy', { address: UNACTIVATED, count: '65000', period: '1h' }, 'address not activated'],
    ['/buy_fast_recover', { address: ADDRESS_A, count: '0', resource_type: 'energy' }, 'invalid count'],
    ['/buy_fast_recover', { address: ADDRESS_A, count: '100', resource_type: 'bandwidth' }, 'invalid resource_type'],
    ['/active_account', { address: 'not-an-address' }, 'invalid address format'],
    ['/reclaim_energy', { order_sn: 'abc', address: ADDRESS_A }, 'invalid order number'],
    ['/reclaim_energy', { order_sn: 'EN17322000000000001', address: 'x' }, 'invalid address format'],
  ])('POST %s %j → 400 %s, nothing charged', async (path, form, msg) => {
    await expectError(alice('POST', path, { form }), 400, msg);
    expect(sim.balanceOf(ALICE.apiKey).trxSun).toBe(ALICE.trxSun);
  });

  it.each([
    ['GET', '/query_price', { type: 'energy', count: '29999', period: '1h' }],
    ['GET', '/query_price', { type: 'gas', count: '65000', period: '1h' }],
    ['GET', '/query_price', { type: 'energy', count: '65000', period: 'forever' }],
    ['GET', '/query_result', { order_sn: 'EN-1' }],
    ['GET', '/query_result', {}],
    ['GET', '/query_fast_recover_order', { order_id: 'x' }],
    ['GET', '/query_fast_recover_order', { order_id: '12.0' }],
    ['POST', '/query_fast_recover_price', { resource_type: 'energy', count: 'abc' }],
  ])('%s %s %j → 400', async (method, path, query) => {
    await expectError(alice(method, path, { query }), 400);
  });

  it('reads POST fields from the form body only, and query_fast_recover_price from the URL only', async () => {
    await expectError(alice('POST', '/buy_energy', { query: { address: ADDRESS_A, count: '65000', period: '1h' } }), 400, 'missing parameter: count');
    await expectError(alice('POST', '/query_fast_recover_price', { form: { resource_type: 'energy', count: '65000' } }), 400);
  });

  it('404 for an unknown fast order and an unknown path; 405 for a wrong method; 404 outside /v2', async () => {
    await expectError(alice('GET', '/query_fast_recover_order', { query: { order_id: '999999999' } }), 404, 'order not found');
    await expectError(alice('GET', '/nope'), 404, 'not found');
    await expectError(alice('POST', '/user_info'), 405, 'method not allowed');
    await expectError(alice('GET', '/buy_energy', { query: { address: ADDRESS_A, count: '65000', period: '1h' } }), 405);
    await expectError(alice('GET', '/query_fast_recover_price', { query: { resource_type: 'energy', count: '65000' } }), 405);
    const outside = await caller(sim.baseUrl.replace(/\/v2$/, ''), ALICE)('GET', '/user_info');
    expect(outside.status).toBe(404);
  });

  it('active_account makes an unactivated address usable once its activation is done', async () => {
    await expectError(alice('POST', '/buy_energy', energy('65000', UNACTIVATED)), 400, 'address not activated');
    const out = await alice('POST', '/active_account', { form: { address: UNACTIVATED } });
    expect(shape.successEnvelope(shape.activation).parse(out.body).data.tx_id).toBe('');
    expect((await alice('POST', '/buy_energy', energy('65000', UNACTIVATED))).status).toBe(200);
    expect(sim.balanceOf(ALICE.apiKey).trxSun).toBe(100_000_000n - 1_500_000n - 3_250_000n);
  });

  it('other addresses count as activated', async () => {
    expect((await alice('POST', '/buy_energy', energy('65000', ADDRESS_B))).status).toBe(200);
  });

  it('balanceOf and setBalance reject unknown keys', () => {
    expect(() => sim.balanceOf('nobody')).toThrow(/no simulator user/);
    expect(() => sim.setBalance('nobody', 1n)).toThrow(/no simulator user/);
  });
});
