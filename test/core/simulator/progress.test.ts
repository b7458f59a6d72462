import { afterEach, describe, expect, it } from 'vitest';
import type { OrderInfo, Simulator, SimulatorOptions } from '../../../src/core/simulator/index.ts';
import { DEMO_USER, isTronAddress, startSimulator } from '../../../src/core/simulator/index.ts';
import * as shape from './shapes.ts';
import type { Caller } from './sim-http.ts';
import { ADDRESS_A, ADDRESS_B, caller, fakeClock } from './sim-http.ts';

/** Order progress against an injected clock: no test waits for real time. */

let sim: Simulator | undefined;
afterEach(() => sim?.close());

async function setup(options: SimulatorOptions = {}): Promise<{ call: Caller; advance: (ms: number) => void; sim: Simulator }> {
  const clock = fakeClock();
  sim = await startSimulator({ now: clock.now, ...options });
  return { call: caller(sim.baseUrl, DEMO_USER, clock.now), advance: clock.advance, sim };
}

async function buy(call: Caller, path: '/buy_energy' | '/buy_net', count: number, address = ADDRESS_A): Promise<string> {
  const out = await call('POST', path, { form: { address, count: String(count), period: '1day' } });
  return shape.successEnvelope(shape.timedReceipt).parse(out.body).data.order_sn;
}

async function result(call: Caller, orderSn: string): Promise<{ status: string; orders: { from_address: string; tx_id: string; count: number }[] }> {
  const out = await call('GET', '/query_result', { query: { order_sn: orderSn } });
  expect(out.status).toBe(200);
  return shape.successEnvelope(shape.queryResultSuccess.or(shape.queryResultFailed)).parse(out.body).data;
}

async function fastOrder(call: Caller, id: number) {
  const out = await call('GET', '/query_fast_recover_order', { query: { order_id: String(id) } });
  return shape.successEnvelope(shape.fastRecoverOrder).parse(out.body).data;
}

async function buyFast(call: Caller, count = 65000): Promise<number> {
  const out = await call('POST', '/buy_fast_recover', { form: { address: ADDRESS_A, count: String(count), resource_type: 'energy' } });
  return shape.successEnvelope(shape.fastRecoverReceipt).parse(out.body).data.order_id;
}

describe('timed order progress', () => {
  it('pending with no sub-orders, then success with one sub-order at the default 3 s', async () => {
    const { call, advance } = await setup();
    const sn = await buy(call, '/buy_energy', 65000);
    expect(await result(call, sn)).toMatchObject({ status: 'pending', orders: [] });
    advance(2999);
    expect((await result(call, sn)).status).toBe('pending');
    advance(1);
    const done = await result(call, sn);
    expect(done.status).toBe('success');
    expect(done.orders).toHaveLength(1);
    expect(done.orders[0]!.count).toBe(65000);
    expect(isTronAddress(done.orders[0]!.from_address)).toBe(true);
    expect(done.orders[0]!.tx_id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('splits 100,000 units or more over two sub-orders that sum to the count', async () => {
    const { call, advance } = await setup();
    const sn = await buy(call, '/buy_net', 100_001);
    advance(3000);
    const done = await result(call, sn);
    expect(done.orders).toHaveLength(2);
    expect(done.orders[0]!.count + done.orders[1]!.count).toBe(100_001);
    expect(done.orders[0]!.from_address).not.toBe(done.orders[1]!.from_address);
    expect(done.orders[0]!.tx_id).not.toBe(done.orders[1]!.tx_id);
  });

  it('a failed order shows status failed, no sub-orders, and is refunded once', async () => {
    const { call, advance, sim } = await setup({ outcome: () => 'failed' });
    const sn = await buy(call, '/buy_energy', 65000);
    expect(sim.balanceOf(DEMO_USER.apiKey).trxSun).toBe(500_000_000n - 5_850_000n);
    advance(3000);
    expect(await result(call, sn)).toMatchObject({ status: 'failed', orders: [] });
    expect(sim.balanceOf(DEMO_USER.apiKey).trxSun).toBe(500_000_000n);
    await result(call, sn);
    expect(sim.balanceOf(DEMO_USER.apiKey).trxSun).toBe(500_000_000n);
  });

  it('timing and finishAt control when orders finish; outcome and finishAt see the order', async () => {
    const seen: OrderInfo[] = [];
    const { call, advance } = await setup({
      timing: { timedOrderMs: 10_000 },
      finishAt: (order) => (order.address === ADDRESS_B ? 500 : undefined),
      outcome: (order) => {
        seen.push(order);
        return 'success';
      },
    });
    const slow = await buy(call, '/buy_energy', 65000);
    const quick = await buy(call, '/buy_energy', 70000, ADDRESS_B);
    expect(seen).toEqual([
      { kind: 'energy', address: ADDRESS_A, count: 65000 },
      { kind: 'energy', address: ADDRESS_B, count: 70000 },
    ]);
    advance(500);
    expect((await result(call, quick)).status).toBe('success');
    expect((await result(call, slow)).status).toBe('pending');
    advance(9500);
    expect((await result(call, slow)).status).toBe('success');
  });
});

describe('reclaim', () => {
  it('only a finished, successful, not yet reclaimed order of that address; then reclaiming → reclaimed', async () => {
    const { call, advance } = await setup();
    const sn = await buy(call, '/buy_energy', 65000);
    const reclaim = (address = ADDRESS_A) => call('POST', '/reclaim_energy', { form: { order_sn: sn, address } });
    expect((await reclaim()).status).toBe(404);
    advance(3000);
    const wrongAddress = await reclaim(ADDRESS_B);
    expect(wrongAddress.status).toBe(404);
    expect(shape.errorEnvelope.parse(wrongAddress.body).msg).toBe('no matching reclaimable resource');
    const ok = await reclaim();
    expect(ok.status).toBe(200);
    expect(shape.successEnvelope(shape.errorEnvelope.shape.data).parse(ok.body).data).toBeNull();
    const reclaiming = await result(call, sn);
    expect(reclaiming.status).toBe('reclaiming');
    expect(reclaiming.orders).toHaveLength(1);
    expect((await reclaim()).status).toBe(404);
    advance(2000);
    expect(await result(call, sn)).toMatchObject({ status: 'reclaimed', orders: [{ count: 65000 }] });
    expect((await reclaim()).status).toBe(404);
  });

  it('a failed order cannot be reclaimed', async () => {
    const { call, advance } = await setup({ outcome: () => 'failed' });
    const sn = await buy(call, '/buy_energy', 65000);
    advance(3000);
    expect((await call('POST', '/reclaim_energy', { form: { order_sn: sn, address: ADDRESS_A } })).status).toBe(404);
  });
});

describe('fast recover progress', () => {
  it('waiting, then success with delegate_txid and actual_recover_count after 2 s', async () => {
    const { call, advance } = await setup();
    const id = await buyFast(call);
    advance(1999);
    expect(await fastOrder(call, id)).toMatchObject({ status: 'waiting', delegate_txid: null, actual_recover_count: null });
    advance(1);
    const done = await fastOrder(call, id);
    expect(done).toMatchObject({ status: 'success', actual_recover_count: 65000, reclaim_txid: null });
    expect(done.delegate_txid).toMatch(/^[0-9a-f]{64}$/);
  });

  it('failed, refunded, without a delegation', async () => {
    const seen: OrderInfo[] = [];
    const { call, advance, sim } = await setup({
      outcome: (order) => {
        seen.push(order);
        return 'failed';
      },
    });
    const id = await buyFast(call, 1000);
    expect(seen).toEqual([{ kind: 'fast_recover', address: ADDRESS_A, count: 1000 }]);
    expect(sim.balanceOf(DEMO_USER.apiKey).trxSun).toBe(500_000_000n - 60_000n);
    advance(2000);
    expect(await fastOrder(call, id)).toMatchObject({ status: 'failed', delegate_txid: null, actual_recover_count: null });
    expect(sim.balanceOf(DEMO_USER.apiKey).trxSun).toBe(500_000_000n);
  });

  it('the refund of a failed order shows in user_info once the order has finished', async () => {
    const { call, advance } = await setup({ outcome: () => 'failed' });
    await buyFast(call, 1000);
    const balance = async () => shape.successEnvelope(shape.userInfo).parse((await call('GET', '/user_info')).body).data.balance_trx;
    expect(await balance()).toBe('499.9400');
    advance(2000);
    expect(await balance()).toBe('500.0000');
  });
});
